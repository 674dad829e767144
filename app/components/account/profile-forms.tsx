import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { toast } from 'sonner'
import type { SessionResponse, SessionUser } from '../../../contracts/auth.ts'
import {
  PasswordChangeInput,
  PROFILE_MESSAGES,
  ProfileUpdateInput,
} from '../../../contracts/profile.ts'
import * as API_PATHS from '../../../contracts/api-paths.ts'
import { ApiRequestError, apiFetch } from '../../lib/api.ts'
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
  const form = useForm<ProfileUpdateInput>({
    resolver: zodResolver(ProfileUpdateInput),
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues: { displayName: user.displayName, email: user.email },
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const res = await apiFetch<SessionResponse>(
        API_PATHS.updateProfile,
        { body: values },
        PROFILE_MESSAGES.updateProfileFailed,
      )
      if (res.user) {
        applyUser(res.user)
        form.reset({ displayName: res.user.displayName, email: res.user.email })
      }
      toast.success(PROFILE_MESSAGES.profileUpdated)
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 409)
        form.setError('email', { message: error.message })
      toast.error(failureMessage('Failed to update profile', error))
    }
  })

  return (
    <section aria-labelledby="profile-info-heading" className="space-y-4">
      <div>
        <h3 id="profile-info-heading" className="font-display text-lg font-semibold">
          Profile Information
        </h3>
        <p className="text-sm text-muted-foreground">How you appear to the community.</p>
      </div>
      <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="displayName" label="Display name" error={errors.displayName?.message}>
            <Input
              {...fieldProps('displayName', errors.displayName?.message)}
              autoComplete="nickname"
              disabled={isSubmitting}
              {...form.register('displayName')}
            />
          </Field>
          <Field id="email" label="Email" error={errors.email?.message}>
            <Input
              {...fieldProps('email', errors.email?.message)}
              type="email"
              autoComplete="email"
              disabled={isSubmitting}
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
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving...' : 'Save Changes'}
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
  const form = useForm<PasswordChangeInput>({
    resolver: zodResolver(PasswordChangeInput),
    mode: 'onBlur',
    reValidateMode: 'onChange',
    defaultValues: EMPTY_PASSWORDS,
  })
  const { errors, isSubmitting } = form.formState

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await apiFetch(
        API_PATHS.updatePassword,
        { body: values },
        PROFILE_MESSAGES.updatePasswordFailed,
      )
      form.reset(EMPTY_PASSWORDS)
      toast.success(PROFILE_MESSAGES.passwordChanged)
    } catch (error) {
      const wrong =
        error instanceof ApiRequestError ? error.details?.currentPassword?.[0] : undefined
      if (wrong) form.setError('currentPassword', { message: wrong })
      toast.error(failureMessage('Failed to change password', error))
    }
  })

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
        <form onSubmit={(e) => void onSubmit(e)} noValidate className="space-y-4">
          <Field
            id="currentPassword"
            label="Current password"
            error={errors.currentPassword?.message}
          >
            <Input
              {...fieldProps('currentPassword', errors.currentPassword?.message)}
              type="password"
              autoComplete="current-password"
              disabled={isSubmitting}
              {...form.register('currentPassword')}
            />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="newPassword" label="New password" error={errors.newPassword?.message}>
              <Input
                {...fieldProps('newPassword', errors.newPassword?.message)}
                type="password"
                autoComplete="new-password"
                disabled={isSubmitting}
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
                disabled={isSubmitting}
                {...form.register('confirmPassword')}
              />
            </Field>
          </div>
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? 'Changing...' : 'Change Password'}
          </Button>
        </form>
      )}
    </section>
  )
}
