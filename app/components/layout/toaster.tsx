import { useEffect, useLayoutEffect, useState } from 'react'
import { Toaster, useSonner } from 'sonner'
import { useTheme } from './theme-switcher.tsx'

export const TOAST_DURATION_MS = 4000
export const TOASTS_VISIBLE = 3

/** sonner's own measures: a toast's width, its distance from the edges, the phone layout. */
const TOAST_WIDTH = 356
const EDGE = 24
const PHONE_EDGE = 16
const PHONE_MAX = 600
const ABOVE_PLAYER = 12

const PLAYER = 'aside[aria-label="Radio player"]'
const OPEN_DIALOG = ':is([role="dialog"], [role="alertdialog"])[data-state="open"]'

/**
 * How far above the bottom edge toasts must start to clear the floating radio player, or null
 * where they do not meet it: on a phone toasts take the full width, on a wider screen they sit at
 * the bottom left and the player at the bottom right. An open dialog's backdrop covers the player.
 */
function playerClearance(player: Element | null): number | null {
  if (document.querySelector(OPEN_DIALOG)) return null
  const box = player?.getBoundingClientRect()
  if (!box || box.height === 0) return null
  const toastsEnd = window.innerWidth <= PHONE_MAX ? window.innerWidth : EDGE + TOAST_WIDTH
  if (box.left >= toastsEnd || box.top >= window.innerHeight) return null
  return Math.ceil(window.innerHeight - box.top) + ABOVE_PLAYER
}

/** The player's clearance, measured while toasts show (and again as the player moves). */
function usePlayerClearance(showing: boolean): number | null {
  const [clearance, setClearance] = useState<number | null>(null)
  useLayoutEffect(() => {
    if (!showing) return
    const player = document.querySelector(PLAYER)
    const measure = () => setClearance(playerClearance(player))
    measure()
    window.addEventListener('resize', measure)
    // Dialogs open and close in portals at the end of the body.
    const dialogs = new MutationObserver(measure)
    dialogs.observe(document.body, { childList: true })
    const resize = new ResizeObserver(measure)
    if (player) resize.observe(player)
    // It slides up above the footer, and back.
    player?.addEventListener('transitionend', measure)
    return () => {
      window.removeEventListener('resize', measure)
      dialogs.disconnect()
      resize.disconnect()
      player?.removeEventListener('transitionend', measure)
    }
  }, [showing])
  return clearance
}

/** Escape on a focused toast dismisses it, as its close button does. */
function useEscapeDismisses() {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      const toast = document.activeElement?.closest('[data-sonner-toast]')
      const close = toast?.querySelector<HTMLButtonElement>('[data-close-button]')
      if (!close) return
      event.preventDefault()
      close.click()
    }
    // Capture: ahead of other Escape handlers on the page (an open mobile menu).
    document.addEventListener('keydown', onKeyDown, true)
    return () => document.removeEventListener('keydown', onKeyDown, true)
  }, [])
}

/**
 * The toasts' stack, in the site's theme. Loaded apart from the first load
 * (deferred-toaster.tsx). Toasts sit where no control is: at the bottom left, clear of the radio
 * player at the bottom right, and on a phone across the bottom, above the player (at the very
 * bottom while a dialog is open: its backdrop hides the player, its Close is at the top). They take the
 * pointer even while a dialog is open (which makes the rest of the page inert), so they can be
 * closed there too.
 */
export default function ThemedToaster() {
  const { theme } = useTheme()
  const { toasts } = useSonner()
  const clearance = usePlayerClearance(toasts.length > 0)
  useEscapeDismisses()
  return (
    <Toaster
      theme={theme === 'auto' ? 'system' : theme === 'night' ? 'dark' : theme}
      duration={TOAST_DURATION_MS}
      visibleToasts={TOASTS_VISIBLE}
      position="bottom-left"
      offset={{ bottom: clearance ?? EDGE, left: EDGE }}
      mobileOffset={{ bottom: clearance ?? PHONE_EDGE }}
      style={{ pointerEvents: 'auto' }}
      closeButton
      richColors
    />
  )
}
