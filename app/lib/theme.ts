import { THEMES, THEME_COOKIE, type Theme } from '../../contracts/theme.ts'

export { THEMES, THEME_COOKIE, type Theme, readThemeCookie } from '../../contracts/theme.ts'
export const DEFAULT_THEME: Theme = 'dark'
const ONE_YEAR = 60 * 60 * 24 * 365

/**
 * The spec's start-up rule: a theme that is light when the site starts becomes dark. Light can be
 * chosen at any time and holds until the next full load. Dark, Auto and Night persist.
 */
export function themeAtStart(saved: string | undefined | null): Theme {
  const theme = THEMES.find((t) => t === saved) ?? DEFAULT_THEME
  return theme === 'light' ? 'dark' : theme
}

export function themeCookie(theme: Theme): string {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`
}

/**
 * What must run in <head> before the body paints, for the theme the visitor saved (the cookie):
 * Auto needs the system's preference, which only the browser knows; a saved Light theme starts
 * Dark (themeAtStart) and the cookie follows. Dark, the default, and Night are all in the server's
 * markup (their classes and data-theme on <html>), so those pages run no script before the first
 * paint, and none reads cookies.
 */
export function themeBootScript(saved: string | undefined | null): string {
  if (saved === 'auto') {
    return `(function(){try{document.documentElement.classList.toggle('dark',window.matchMedia('(prefers-color-scheme: dark)').matches)}catch(_){}})()`
  }
  if (saved === 'light') return `document.cookie='${themeCookie('dark')}'`
  return ''
}

/** The browser's bar in Night: it must not light up white or blue either. */
export const NIGHT_THEME_COLOR = '#140000'

export function applyTheme(theme: Theme): void {
  const dark =
    theme === 'dark' ||
    theme === 'night' ||
    (theme === 'auto' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.classList.toggle('dark', dark)
  // Night's red tokens hang on the attribute (app/app.css), over the dark palette.
  document.documentElement.dataset.theme = theme
}
