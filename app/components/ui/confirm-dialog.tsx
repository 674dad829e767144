import { AlertDialog as A } from 'radix-ui'
import { useState } from 'react'
import { Button } from './button.tsx'
import { focusOpener } from './dialog.tsx'

/**
 * 'Are you sure…' before something that cannot be undone: across the whole width of a phone, a
 * centred box wider; in the middle of the screen either way, clear of the toasts along the
 * bottom (a failure is told in a toast while it stays open). Focus starts on Cancel; the confirm
 * button shows its busy label until `onConfirm` settles, and the dialog closes on success.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  message,
  note,
  confirmLabel = 'Delete',
  busyLabel = 'Deleting...',
  confirmVariant = 'destructive',
  onConfirm,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  message: string
  note?: string
  confirmLabel?: string
  busyLabel?: string
  /** Deleting is destructive; other confirmations (sending an e-mail) are not. */
  confirmVariant?: 'destructive' | 'primary'
  onConfirm: () => Promise<boolean>
}) {
  const [busy, setBusy] = useState(false)
  // Opened from a row menu, focus returns to the menu's button (the item is gone by then).
  const [opener, setOpener] = useState<HTMLElement | null>(null)
  const [wasOpen, setWasOpen] = useState(false)
  if (open !== wasOpen) {
    setWasOpen(open)
    if (open) setOpener(focusOpener())
  }
  return (
    <A.Root open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <A.Portal>
        <A.Overlay className="fixed inset-0 z-[60] bg-black/60" />
        <A.Content
          onCloseAutoFocus={(e) => {
            if (opener?.isConnected) {
              e.preventDefault()
              opener.focus()
            }
          }}
          className="fixed top-1/2 left-0 z-[60] w-full -translate-y-1/2 border-y border-border bg-background p-5 text-foreground shadow-2xl sm:left-1/2 sm:w-[calc(100vw-3rem)] sm:max-w-md sm:-translate-x-1/2 sm:rounded-xl sm:border"
        >
          <A.Title className="font-display text-lg font-semibold">{title}</A.Title>
          <A.Description className="mt-2 text-sm text-muted-foreground">{message}</A.Description>
          {note && <p className="mt-2 text-sm text-muted-foreground">{note}</p>}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <A.Cancel asChild>
              <Button variant="outline" disabled={busy}>
                Cancel
              </Button>
            </A.Cancel>
            <Button
              variant={confirmVariant}
              disabled={busy}
              onClick={async () => {
                setBusy(true)
                try {
                  if (await onConfirm()) onOpenChange(false)
                } finally {
                  setBusy(false)
                }
              }}
            >
              {busy ? busyLabel : confirmLabel}
            </Button>
          </div>
        </A.Content>
      </A.Portal>
    </A.Root>
  )
}
