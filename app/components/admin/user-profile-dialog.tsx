import { useId, useRef, useState } from 'react'
import { toast } from 'sonner'
import {
  ADMIN_AVATAR_ACCEPT,
  ADMIN_AVATAR_MIME_TYPES,
  ADMIN_USER_MESSAGES as M,
  type AdminUser,
} from '../../../contracts/admin-users.ts'
import { isAdmin, type Role } from '../../../contracts/common-constants.ts'
import { AVATAR_MAX_BYTES, PASSWORD_MIN } from '../../../contracts/profile.ts'
import * as API_PATHS from '../../../contracts/endpoints.ts'
import { callApi } from '../../lib/api.ts'
import { cn } from '../../lib/cn.ts'
import { UserAvatar } from '../account/user-avatar.tsx'
import { Badge } from '../ui/badge.tsx'
import { Button } from '../ui/button.tsx'
import { Dialog } from '../ui/dialog.tsx'
import { FormField, fieldProps } from '../ui/form-field.tsx'
import { Input } from '../ui/input.tsx'
import { messageOf } from './admin-api.ts'

/** The role as a badge: admin in the error style, anything else secondary. */
export function RoleBadge({ role }: { role: Role }) {
  return <Badge variant={isAdmin({ role }) ? 'error' : 'secondary'}>{role}</Badge>
}

const MAX_FILES = 1
const MAX_MB = AVATAR_MAX_BYTES / (1024 * 1024)
const ACCEPTED_LABEL = '.jpg, .jpeg, .png, .webp, .gif'

/** The dropzone's own checks, before anything is sent (the server decodes the image again). */
export function dropzoneError(files: File[]): string | null {
  if (files.length > MAX_FILES) return `Maximum ${MAX_FILES} file(s) allowed`
  const file = files[0]
  if (!file) return null
  if (!ADMIN_AVATAR_MIME_TYPES.includes(file.type) && !/\.(jpe?g|png|webp|gif)$/i.test(file.name))
    return `Invalid file type. Accepted: ${ACCEPTED_LABEL}`
  if (file.size > AVATAR_MAX_BYTES) return `File size exceeds ${MAX_MB}MB limit`
  return null
}

export function UserProfileDialog({
  user,
  onClose,
  onChanged,
}: {
  user: AdminUser
  onClose: () => void
  onChanged: () => Promise<unknown>
}) {
  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title="User Profile"
      description={user.email}
    >
      <div className="space-y-6">
        <AvatarDrop user={user} onChanged={onChanged} />
        <dl className="grid gap-3 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="text-muted-foreground">Display name</dt>
          <dd className="font-medium">{user.displayName}</dd>
          <dt className="text-muted-foreground">Email</dt>
          <dd className="break-all">{user.email}</dd>
          <dt className="text-muted-foreground">Role</dt>
          <dd>
            <RoleBadge role={user.role} />
          </dd>
        </dl>
        <ChangePassword user={user} />
      </div>
    </Dialog>
  )
}

function AvatarDrop({ user, onChanged }: { user: AdminUser; onChanged: () => Promise<unknown> }) {
  const input = useRef<HTMLInputElement>(null)
  const [dragging, setDragging] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const hintId = useId()

  async function take(files: File[]) {
    const problem = dropzoneError(files)
    setError(problem)
    if (problem || !files[0]) return
    setBusy(true)
    try {
      const form = new FormData()
      form.append('userId', String(user.id))
      form.append('avatar', files[0])
      // The contract's `source` is typed as any source; the spread says it takes a form.
      await callApi(API_PATHS.uploadUserAvatar, form, {
        fallbackMessage: M.avatarFailed,
      })
      await onChanged()
      toast.success(M.avatarUpdated)
    } catch (e) {
      const message = messageOf(e, M.unknownError)
      setError(message)
      toast.error(`${M.avatarFailed}: ${message}`)
    } finally {
      setBusy(false)
      if (input.current) input.current.value = ''
    }
  }

  return (
    <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-center">
      <UserAvatar name={user.displayName} src={user.avatarUrl} className="h-24 w-24 text-2xl" />
      <div
        onDragOver={(e) => {
          e.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault()
          setDragging(false)
          void take([...e.dataTransfer.files])
        }}
        className={cn(
          'flex w-full flex-1 flex-col items-center gap-2 rounded-lg border-2 border-dashed border-border p-4 text-center text-sm',
          dragging && 'border-ring bg-muted',
        )}
      >
        <p id={hintId} className="text-muted-foreground">
          Drop an image here, or choose one. JPG, PNG, WEBP or GIF up to {MAX_MB}MB.
        </p>
        <input
          ref={input}
          type="file"
          accept={ADMIN_AVATAR_ACCEPT}
          className="sr-only"
          id={`${hintId}-file`}
          aria-label="Avatar image file"
          aria-describedby={hintId}
          tabIndex={-1}
          onChange={(e) => void take([...(e.target.files ?? [])])}
        />
        <Button variant="outline" size="sm" disabled={busy} onClick={() => input.current?.click()}>
          {busy ? 'Uploading...' : 'Choose image'}
        </Button>
        {error && (
          <p role="alert" className="text-error">
            {error}
          </p>
        )}
      </div>
    </div>
  )
}

function ChangePassword({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false)
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const validate = (value: string) => (value.length < PASSWORD_MIN ? M.passwordMin : null)

  async function save() {
    const problem = validate(password)
    setError(problem)
    if (problem) return
    setBusy(true)
    try {
      await callApi(
        API_PATHS.updateUserPassword,
        { userId: user.id, newPassword: password },
        { fallbackMessage: M.passwordFailed },
      )
      toast.success(M.passwordUpdated)
      setPassword('')
      setOpen(false)
    } catch (e) {
      toast.error(`${M.passwordFailed}: ${messageOf(e, M.unknownError)}`)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section
      aria-labelledby="change-password-heading"
      className="space-y-3 border-t border-border pt-4"
    >
      <h3 id="change-password-heading" className="font-semibold">
        Change Password
      </h3>
      {!open ? (
        <Button variant="outline" onClick={() => setOpen(true)}>
          Change Password
        </Button>
      ) : (
        <form
          noValidate
          className="space-y-3"
          onSubmit={(e) => {
            e.preventDefault()
            void save()
          }}
        >
          <FormField id="admin-new-password" label="New Password" error={error ?? undefined}>
            <Input
              type="password"
              autoComplete="new-password"
              autoFocus
              value={password}
              onChange={(e) => {
                setPassword(e.target.value)
                if (error) setError(validate(e.target.value))
              }}
              onBlur={() => password && setError(validate(password))}
              {...fieldProps('admin-new-password', error ?? undefined)}
            />
          </FormField>
          <div className="flex gap-2">
            <Button
              variant="outline"
              disabled={busy}
              onClick={() => {
                setOpen(false)
                setPassword('')
                setError(null)
              }}
            >
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? 'Saving...' : 'Save Password'}
            </Button>
          </div>
        </form>
      )}
    </section>
  )
}
