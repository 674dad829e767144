import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from 'sonner'
import * as API_PATHS from '../../../contracts/api-paths.ts'
import { confirmsEmail, MEMBER_DATA_MESSAGES as M } from '../../../contracts/member-data.ts'
import { callApi } from '../../lib/api.ts'
import { Button } from '../ui/button.tsx'
import { Dialog, DialogActions } from '../ui/dialog.tsx'
import { fieldProps } from '../ui/form-field.tsx'
import { FieldError, Input, Label } from '../ui/input.tsx'
import { failureMessage, forgetUser } from './account-queries.ts'

/**
 * "Delete my account": Delete stays disabled until the account's e-mail is typed (in any case);
 * once the server has deleted it, the member's data is forgotten and they land on the home page.
 */
export default function DeleteAccountDialog({
  email,
  onClose,
}: {
  email: string
  onClose: () => void
}) {
  const navigate = useNavigate()
  const [typed, setTyped] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const matches = confirmsEmail(typed, email)

  async function remove() {
    setBusy(true)
    setError(undefined)
    try {
      await callApi(
        API_PATHS.deleteMyAccount,
        { confirmEmail: typed },
        { fallbackMessage: M.deleteFailed },
      )
    } catch (failure) {
      setBusy(false)
      setError(failure instanceof Error ? failure.message : undefined)
      toast.error(failureMessage(M.deleteFailed, failure))
      return
    }
    toast.success(M.deleted)
    await navigate('/', { replace: true })
    forgetUser()
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title="Delete my account"
      description="Your account and everything of it are deleted at once. This cannot be undone."
    >
      <form
        onSubmit={(event) => {
          event.preventDefault()
          if (matches && !busy) void remove()
        }}
        className="space-y-1.5"
      >
        <Label htmlFor="confirm-email">
          Type your e-mail address, <span className="font-semibold break-all">{email}</span>, to
          confirm
        </Label>
        <Input
          {...fieldProps('confirm-email', error)}
          type="email"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
        <FieldError id="confirm-email-error" message={error} />
        <DialogActions>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" disabled={!matches || busy}>
            {busy ? 'Deleting...' : 'Delete my account'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  )
}
