import { useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import type { SessionUser } from '../../../contracts/auth.ts'
import { AVATAR_ACCEPT, AvatarFileChoice, PROFILE_MESSAGES } from '../../../contracts/profile.ts'
import * as API_PATHS from '../../../contracts/api-paths.ts'
import { callApi } from '../../lib/api.ts'
import { Button } from '../ui/button.tsx'
import { failureMessage, useApplyUser } from './account-queries.ts'
import { UserAvatar } from './user-avatar.tsx'

/** No file chosen → a preview with Save Photo and Cancel → Uploading... → the new avatar. */
export function AvatarSection({ user }: { user: SessionUser }) {
  const inputRef = useRef<HTMLInputElement>(null)
  const [chosen, setChosen] = useState<{ file: File; preview: string } | null>(null)
  const applyUser = useApplyUser()

  // The preview is an object URL: released when replaced or when the section goes away.
  useEffect(
    () => () => {
      if (chosen) URL.revokeObjectURL(chosen.preview)
    },
    [chosen],
  )

  const clear = () => {
    setChosen(null)
    if (inputRef.current) inputRef.current.value = ''
  }

  const [uploading, setUploading] = useState(false)

  async function upload(file: File) {
    const form = new FormData()
    form.append('avatar', file)
    setUploading(true)
    try {
      // The contract's `source` is typed as any source; the spread says it takes a form.
      const res = await callApi(API_PATHS.uploadAvatar, form, {
        fallbackMessage: PROFILE_MESSAGES.uploadAvatarFailed,
      })
      if (res.user) applyUser(res.user)
      toast.success(PROFILE_MESSAGES.avatarUpdated)
      clear()
    } catch (error) {
      toast.error(failureMessage('Failed to upload avatar', error))
    } finally {
      setUploading(false)
    }
  }

  const onChoose = (files: FileList | null) => {
    if (!files || files.length === 0) return
    if (files.length > 1) {
      toast.error(PROFILE_MESSAGES.avatarOneFile)
      clear()
      return
    }
    const parsed = AvatarFileChoice.safeParse(files[0])
    if (!parsed.success) {
      toast.error(parsed.error.issues[0]?.message ?? PROFILE_MESSAGES.avatarNotFile)
      clear()
      return
    }
    setChosen({ file: parsed.data, preview: URL.createObjectURL(parsed.data) })
  }

  return (
    <section aria-labelledby="avatar-heading" className="space-y-4">
      <div>
        <h3 id="avatar-heading" className="font-display text-lg font-semibold">
          Avatar
        </h3>
        <p className="text-sm text-muted-foreground">
          A square picture works best. JPG, PNG or WebP, up to 5 MB.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-5">
        {chosen ? (
          <img
            src={chosen.preview}
            alt="Preview of your new avatar"
            className="h-24 w-24 rounded-full object-cover ring-2 ring-primary"
          />
        ) : (
          <UserAvatar name={user.displayName} src={user.avatarUrl} className="h-24 w-24 text-2xl" />
        )}
        <div className="flex flex-wrap gap-2">
          <input
            ref={inputRef}
            id="avatar-file"
            type="file"
            accept={AVATAR_ACCEPT}
            aria-label="Choose a new avatar"
            className="sr-only"
            onChange={(e) => onChoose(e.target.files)}
            disabled={uploading}
          />
          {chosen ? (
            <>
              <Button onClick={() => void upload(chosen.file)} disabled={uploading}>
                {uploading ? 'Uploading...' : 'Save Photo'}
              </Button>
              <Button variant="outline" onClick={clear} disabled={uploading}>
                Cancel
              </Button>
            </>
          ) : (
            <Button variant="outline" onClick={() => inputRef.current?.click()}>
              Choose Photo
            </Button>
          )}
        </div>
      </div>
      {chosen && (
        <p className="text-sm text-muted-foreground">
          {chosen.file.name} ({(chosen.file.size / (1024 * 1024)).toFixed(2)} MB)
        </p>
      )}
    </section>
  )
}
