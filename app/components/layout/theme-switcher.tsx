import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
} from 'react'
import { type Theme, applyTheme, themeCookie } from '../../lib/theme.ts'

const ThemeContext = createContext<{ theme: Theme; setTheme: (t: Theme) => void }>({
  theme: 'dark',
  setTheme: () => {},
})

export function ThemeProvider({
  initialTheme,
  children,
}: {
  initialTheme: Theme
  children: ReactNode
}) {
  const [theme, setThemeState] = useState<Theme>(initialTheme)

  const setTheme = useCallback((next: Theme) => {
    document.cookie = themeCookie(next)
    applyTheme(next)
    setThemeState(next)
  }, [])

  // Auto follows the system preference live.
  useEffect(() => {
    if (theme !== 'auto') return
    const media = window.matchMedia('(prefers-color-scheme: dark)')
    const onChange = () => applyTheme('auto')
    media.addEventListener('change', onChange)
    return () => media.removeEventListener('change', onChange)
  }, [theme])

  // One value per theme: a new object at each render would reach, as a change, every part of the
  // page still waiting for its chunk to hydrate, which React would then draw again from scratch.
  const value = useMemo(() => ({ theme, setTheme }), [theme, setTheme])
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>
}

export function useTheme() {
  return useContext(ThemeContext)
}

/** A theme's name as the menu says it: Light, Dark, Auto, Night. */
export const themeLabel = (theme: Theme) => theme[0]!.toUpperCase() + theme.slice(1)

export function ThemeIcon({ theme }: { theme: Theme }) {
  return <span aria-hidden="true" className={`icon size-5 icon-${theme}`} />
}

const ThemeMenu = lazy(() => import('./theme-menu.tsx'))

/**
 * The theme menu button (WAI-ARIA menu button pattern). The menu itself (theme-menu.tsx) is
 * fetched when first opened, or as soon as the pointer or focus comes to the button.
 */
export function ThemeSwitcher() {
  const { theme } = useTheme()
  const [open, setOpen] = useState(false)
  const root = useRef<HTMLDivElement>(null)
  const button = useRef<HTMLButtonElement>(null)
  const menuId = useId()
  const prefetch = () => void import('./theme-menu.tsx')

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-label={`Theme: ${themeLabel(theme)}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onPointerEnter={prefetch}
        onFocus={prefetch}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
            event.preventDefault()
            setOpen(true)
          }
        }}
        className="inline-flex h-10 w-10 cursor-pointer items-center justify-center rounded-lg hover:bg-muted"
      >
        <ThemeIcon theme={theme} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <ThemeMenu
            id={menuId}
            onClose={(refocus) => {
              setOpen(false)
              if (refocus) button.current?.focus()
            }}
          />
        </Suspense>
      )}
    </div>
  )
}
