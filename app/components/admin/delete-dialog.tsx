import { toast } from 'sonner'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'
import { type AdminResource, messageOf, useRefreshAdmin } from './admin-api.ts'

/**
 * The delete confirmation of every admin table: 'Are you sure…', then the call, the refresh of
 * the resource's lists and totals, and the success or failure toast ('{failure}: {message}').
 */
export function DeleteDialog<T>({
  item,
  onClose,
  title,
  message,
  note,
  remove,
  resource,
  success,
  failure,
}: {
  item: T | null
  onClose: () => void
  title: string
  message: (item: T) => string
  note?: string
  remove: (item: T) => Promise<unknown>
  resource: AdminResource
  success: string
  failure: string
}) {
  const refresh = useRefreshAdmin()
  return (
    <ConfirmDialog
      open={item !== null}
      onOpenChange={(open) => !open && onClose()}
      title={title}
      message={item === null ? '' : message(item)}
      note={note}
      onConfirm={async () => {
        if (item === null) return true
        try {
          await remove(item)
          await refresh(resource)
          toast.success(success)
          return true
        } catch (error) {
          toast.error(`${failure}: ${messageOf(error, 'Unknown error')}`)
          return false
        }
      }}
    />
  )
}
