/**
 * The visitor's theme cookie: read by the page (the class on <html>) and by the server's page
 * cache, which keeps one copy per theme because that class is in the markup.
 */
/** In the menu's order; Night is red on black for eyes adapted to the dark. */
export const THEMES = ['light', 'dark', 'auto', 'night'] as const
export type Theme = (typeof THEMES)[number]
export const THEME_COOKIE = 'theme'

const THEME_IN_COOKIES = new RegExp(`(?:^|;\\s*)${THEME_COOKIE}=(${THEMES.join('|')})\\b`)

/** The saved theme in a Cookie header, if it holds a known one. */
export function readThemeCookie(cookieHeader: string | null | undefined): Theme | undefined {
  return cookieHeader ? (THEME_IN_COOKIES.exec(cookieHeader)?.[1] as Theme | undefined) : undefined
}
