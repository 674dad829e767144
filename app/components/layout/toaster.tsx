import { Toaster } from 'sonner'
import { useTheme } from './theme-switcher.tsx'

export const TOAST_DURATION_MS = 4000
export const TOASTS_VISIBLE = 3

/** The toasts' stack, in the site's theme. Loaded apart from the first load
 * (deferred-toaster.tsx). */
export default function ThemedToaster() {
  const { theme } = useTheme()
  return (
    <Toaster
      theme={theme === 'auto' ? 'system' : theme}
      duration={TOAST_DURATION_MS}
      visibleToasts={TOASTS_VISIBLE}
      position="top-right"
      closeButton
      richColors
    />
  )
}
