import { Dialog as D } from 'radix-ui'
import { type ReactNode, useEffect, useState } from 'react'
import { cn } from '../../lib/cn.ts'
import { Button } from './button.tsx'

/**
 * A modal dialog: traps focus, closes on Escape and returns focus to what opened it (Radix).
 * On a phone (under 640 px) it is a sheet over the whole screen, its content scrolling under a
 * fixed title; wider, a centred box.
 * It opens on its first field, so what is typed at once lands there; Close is the last stop of
 * the tab order. Something open inside it that closes on Escape itself (marked
 * `data-own-escape`) takes that Escape, and the next one closes the dialog.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  wide,
  className,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: string
  children: ReactNode
  wide?: boolean
  className?: string
}) {
  // Owners unmount the dialog when it is done; focus then goes back to what opened it.
  const [opener] = useState(focusOpener)
  useEffect(
    () => () => {
      setTimeout(() => {
        const active = document.activeElement
        if (opener?.isConnected && (!active || active === document.body)) opener.focus()
      }, 0)
    },
    [opener],
  )
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <D.Portal>
        <D.Overlay className="fixed inset-0 z-[60] bg-black/60" />
        <D.Content
          aria-describedby={description ? undefined : undefined}
          onOpenAutoFocus={(event) => {
            const field = firstField(event.currentTarget as HTMLElement)
            if (field) {
              event.preventDefault()
              field.focus()
            }
          }}
          onEscapeKeyDown={(event) => {
            if (event.target instanceof Element && event.target.closest('[data-own-escape]'))
              event.preventDefault()
          }}
          // Toasts sit outside the dialog; closing one must not close it.
          onInteractOutside={(event) => {
            if (event.target instanceof Element && event.target.closest('[data-sonner-toaster]'))
              event.preventDefault()
          }}
          className={cn(
            'fixed top-0 left-0 z-[60] flex h-dvh w-full flex-col overflow-hidden bg-background text-foreground focus:outline-none',
            'sm:top-1/2 sm:left-1/2 sm:h-auto sm:max-h-[92dvh] sm:w-[calc(100vw-3rem)] sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-xl sm:border sm:border-border sm:shadow-2xl',
            wide ? 'sm:max-w-6xl' : 'sm:max-w-lg',
            className,
          )}
        >
          <div className="border-b border-border py-4 pr-14 pl-5">
            <D.Title className="font-display text-lg font-semibold">{title}</D.Title>
            {description ? (
              <D.Description className="mt-1 text-sm text-muted-foreground">
                {description}
              </D.Description>
            ) : (
              <D.Description className="sr-only">{title}</D.Description>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
          {/* After the content in the document, so last in the tab order; drawn at the top. */}
          <D.Close
            className="absolute top-3 right-3 inline-flex h-9 w-9 cursor-pointer items-center justify-center rounded-lg text-muted-foreground hover:bg-muted hover:text-foreground"
            aria-label="Close"
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" />
            </svg>
          </D.Close>
        </D.Content>
      </D.Portal>
    </D.Root>
  )
}

const FIELDS = 'input, select, textarea, [contenteditable="true"]'

/** The first field a keyboard can reach: enabled, shown, in the tab order. */
function firstField(container: HTMLElement): HTMLElement | null {
  for (const el of container.querySelectorAll<HTMLElement>(FIELDS)) {
    if (el.tabIndex < 0 || el.matches(':disabled, [type="hidden"]')) continue
    if (el.getClientRects().length > 0) return el
  }
  return null
}

/**
 * What should get focus back when a dialog closes: the focused element, or, when that is an item
 * of a menu (which is gone by then), the button that opened the menu.
 */
export function focusOpener(): HTMLElement | null {
  if (typeof document === 'undefined') return null
  const active = document.activeElement as HTMLElement | null
  const menu = active?.closest('[role="menu"]')
  const trigger = menu && document.getElementById(menu.getAttribute('aria-labelledby') ?? '')
  return trigger ?? active
}

/** The row of buttons at the foot of a dialog's form. */
export function DialogActions({ children }: { children: ReactNode }) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{children}</div>
  )
}

/** A form dialog's Cancel and submit buttons; the submit button says 'Saving...' while busy. */
export function FormActions({
  onCancel,
  busy,
  submitLabel,
}: {
  onCancel: () => void
  busy: boolean
  submitLabel: string
}) {
  return (
    <DialogActions>
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        {busy ? 'Saving...' : submitLabel}
      </Button>
    </DialogActions>
  )
}
