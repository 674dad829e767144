import { toast } from 'sonner'
import type { SessionUser } from '../../../contracts/auth.ts'
import { type PasswordChangeInput, PROFILE_MESSAGES } from '../../../contracts/profile.ts'
import * as API_PATHS from '../../../contracts/api-paths.ts'
import { useApiForm } from '../../lib/form.ts'
import { Button } from '../ui/button.tsx'
import { FieldError, Input, Label } from '../ui/input.tsx'
import { failureMessage, useApplyUser } from './account-queries.ts'

function Field({
  id,
  label,
  error,
  children,
}: {
  id: string
  label: string
  error: string | undefined
  children: React.ReactNode
}) {
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  )
}

function fieldProps(id: string, error: string | undefined) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `${id}-error` : undefined,
  }
}

/**
 * `emailLocked`: an account that signs in with Discord keeps the e-mail Discord verified; taking
 * any address without proof would block its real owner's sign-up (docs/product-decisions.md).
 */
export function ProfileInformationForm({
  user,
  emailLocked,
}: {
  user: SessionUser
  emailLocked: boolean
}) {
  const applyUser = useApplyUser()
  const { form, submit, busy } = useApiForm(API_PATHS.updateProfile, {
    defaultValues: { displayName: user.displayName, email: user.email },
    fallbackMessage: PROFILE_MESSAGES.updateProfileFailed,
    conflict: { field: 'email' },
    onSuccess: (res) => {
      if (res.user) {
        applyUser(res.user)
        form.reset({ displayName: res.user.displayName, email: res.user.email })
      }
      toast.success(PROFILE_MESSAGES.profileUpdated)
    },
    onError: (error) => toast.error(failureMessage('Failed to update profile', error)),
  })
  const { errors } = form.formState

  return (
    <section aria-labelledby="profile-info-heading" className="space-y-4">
      <div>
        <h3 id="profile-info-heading" className="font-display text-lg font-semibold">
          Profile Information
        </h3>
        <p className="text-sm text-muted-foreground">How you appear to the community.</p>
      </div>
      <form onSubmit={submit} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="displayName" label="Display name" error={errors.displayName?.message}>
            <Input
              {...fieldProps('displayName', errors.displayName?.message)}
              autoComplete="nickname"
              disabled={busy}
              {...form.register('displayName')}
            />
          </Field>
          <Field id="email" label="Email" error={errors.email?.message}>
            <Input
              {...fieldProps('email', errors.email?.message)}
              type="email"
              autoComplete="email"
              disabled={busy}
              readOnly={emailLocked}
              aria-describedby={
                [errors.email?.message && 'email-error', emailLocked && 'email-locked']
                  .filter(Boolean)
                  .join(' ') || undefined
              }
              {...form.register('email')}
            />
            {emailLocked && (
              <p id="email-locked" className="text-xs text-muted-foreground">
                {PROFILE_MESSAGES.emailFromDiscord}
              </p>
            )}
          </Field>
        </div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving...' : 'Save Changes'}
        </Button>
      </form>
    </section>
  )
}

const EMPTY_PASSWORDS: PasswordChangeInput = {
  currentPassword: '',
  newPassword: '',
  confirmPassword: '',
}

export function ChangePasswordForm({ hasPassword }: { hasPassword: boolean }) {
  const { form, submit, busy } = useApiForm(API_PATHS.updatePassword, {
    defaultValues: EMPTY_PASSWORDS,
    fallbackMessage: PROFILE_MESSAGES.updatePasswordFailed,
    onSuccess: () => {
      form.reset(EMPTY_PASSWORDS)
      toast.success(PROFILE_MESSAGES.passwordChanged)
    },
    onError: (error) => toast.error(failureMessage('Failed to change password', error)),
  })
  const { errors } = form.formState

  return (
    <section aria-labelledby="password-heading" className="space-y-4">
      <div>
        <h3 id="password-heading" className="font-display text-lg font-semibold">
          Change Password
        </h3>
        <p className="text-sm text-muted-foreground">
          {hasPassword
            ? 'Changing your password signs you out everywhere else.'
            : PROFILE_MESSAGES.noPasswordToChange}
        </p>
      </div>
      {hasPassword && (
        <form onSubmit={submit} noValidate className="space-y-4">
          <Field
            id="currentPassword"
            label="Current password"
            error={errors.currentPassword?.message}
          >
            <Input
              {...fieldProps('currentPassword', errors.currentPassword?.message)}
              type="password"
              autoComplete="current-password"
              disabled={busy}
              {...form.register('currentPassword')}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="newPassword" label="New password" error={errors.newPassword?.message}>
              <Input
                {...fieldProps('newPassword', errors.newPassword?.message)}
                type="password"
                autoComplete="new-password"
                disabled={busy}
                {...form.register('newPassword')}
              />
            </Field>
            <Field
              id="confirmPassword"
              label="Confirm new password"
              error={errors.confirmPassword?.message}
            >
              <Input
                {...fieldProps('confirmPassword', errors.confirmPassword?.message)}
                type="password"
                autoComplete="new-password"
                disabled={busy}
                {...form.register('confirmPassword')}
              />
            </Field>
          </div>
          <Button type="submit" disabled={busy}>
            {busy ? 'Changing...' : 'Change Password'}
          </Button>
        </form>
      )}
    </section>
  )
}
