export const THEMES = ['light', 'dark', 'auto'] as const
export type Theme = (typeof THEMES)[number]
export const THEME_COOKIE = 'theme'
export const DEFAULT_THEME: Theme = 'dark'
const ONE_YEAR = 60 * 60 * 24 * 365

/**
 * The spec's start-up rule: a theme that is light when the site starts becomes dark. Light can be
 * chosen at any time and holds until the next full load. Dark and Auto persist.
 */
export function themeAtStart(saved: string | undefined | null): Theme {
  const theme = THEMES.find((t) => t === saved) ?? DEFAULT_THEME
  return theme === 'light' ? 'dark' : theme
}

export function readThemeCookie(cookieHeader: string | null): string | undefined {
  return cookieHeader?.match(/(?:^|;\s*)theme=(light|dark|auto)\b/)?.[1]
}

export function themeCookie(theme: Theme): string {
  return `${THEME_COOKIE}=${theme}; Path=/; Max-Age=${ONE_YEAR}; SameSite=Lax`
}

/**
 * Runs in <head> before the body paints, so the first frame already has the right palette. It
 * repeats themeAtStart() because it must run before any bundle loads.
 */
export const THEME_BOOT_SCRIPT = `(function(){try{var m=document.cookie.match(/(?:^|;\\s*)theme=(light|dark|auto)\\b/);var t=m?m[1]:'${DEFAULT_THEME}';if(t==='light'){t='dark';document.cookie='${themeCookie('dark')}'}var d=t==='dark'||(t==='auto'&&window.matchMedia('(prefers-color-scheme: dark)').matches);var e=document.documentElement;e.classList.toggle('dark',d);e.dataset.theme=t}catch(_){}})()`

export function applyTheme(theme: Theme): void {
  const dark =
    theme === 'dark' ||
    (theme === 'auto' && window.matchMedia('(prefers-color-scheme: dark)').matches)
  document.documentElement.classList.toggle('dark', dark)
  document.documentElement.dataset.theme = theme
}
