import { type KeyboardEvent, useEffect, useRef } from 'react'
import { THEMES } from '../../lib/theme.ts'
import { ThemeIcon, themeLabel, useTheme } from './theme-switcher.tsx'

/**
 * The theme menu's three radio items. Opening focuses the checked one; arrow keys, Home and End
 * move between them; Escape or a choice closes the menu and puts the focus back on its button,
 * Tab closes it and moves on. Positioned by CSS under the button.
 */
export default function ThemeMenu({
  id,
  onClose,
}: {
  id: string
  onClose: (refocus: boolean) => void
}) {
  const { theme, setTheme } = useTheme()
  const menu = useRef<HTMLDivElement>(null)
  const items = () => [
    ...(menu.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? []),
  ]

  useEffect(() => {
    menu.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus()
  }, [])

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items()
    const at = list.indexOf(document.activeElement as HTMLElement)
    const move = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: list.length - 1 }[event.key]
    if (move !== undefined) {
      event.preventDefault()
      list[(move + list.length) % list.length]?.focus()
    } else if (event.key === 'Escape') {
      event.preventDefault()
      onClose(true)
    } else if (event.key === 'Tab') {
      onClose(false)
    }
  }

  return (
    <div
      ref={menu}
      id={id}
      role="menu"
      aria-label="Theme"
      onKeyDown={onKeyDown}
      className="absolute top-full right-0 z-50 mt-1.5 min-w-36 rounded-xl border border-border bg-card p-1 text-card-foreground shadow-lg"
    >
      <div className="px-2 py-1 text-xs text-muted-foreground" aria-hidden="true">
        Theme
      </div>
      {THEMES.map((t) => (
        <button
          key={t}
          type="button"
          role="menuitemradio"
          aria-checked={t === theme}
          tabIndex={-1}
          onClick={() => {
            setTheme(t)
            onClose(true)
          }}
          className="flex w-full cursor-pointer items-center gap-2 rounded-lg px-2 py-2 text-sm outline-none hover:bg-muted focus:bg-muted"
        >
          <span className="inline-flex w-4 justify-center" aria-hidden="true">
            {t === theme ? '✓' : ''}
          </span>
          <ThemeIcon theme={t} />
          {themeLabel(t)}
        </button>
      ))}
    </div>
  )
}
