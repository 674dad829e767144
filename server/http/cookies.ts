import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { isSessionToken, sessionCookieName } from '../auth/session-cookie.ts'
import { OAUTH_STATE_TTL_MS, oauthStateCookieName, sameState } from '../auth/oauth-state.ts'

/** The session and OAuth state cookies on the wire; what they hold is decided in server/auth/. */
export function readSessionToken(c: Context, secure: boolean): string | undefined {
  const value = getCookie(c, sessionCookieName(secure))
  return value && isSessionToken(value) ? value : undefined
}

export function writeSessionCookie(
  c: Context,
  secure: boolean,
  token: string,
  expiresAt: Date,
): void {
  setCookie(c, sessionCookieName(secure), token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/',
    expires: expiresAt,
  })
}

export function clearSessionCookie(c: Context, secure: boolean): void {
  deleteCookie(c, sessionCookieName(secure), { path: '/', secure })
}

/**
 * The state also travels in a cookie, so a callback only completes in the browser that started
 * it: a callback URL sent to someone else is refused.
 */
export function writeOauthStateCookie(c: Context, secure: boolean, state: string): void {
  setCookie(c, oauthStateCookieName(secure), state, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/',
    maxAge: OAUTH_STATE_TTL_MS / 1000,
  })
}

export function clearOauthStateCookie(c: Context, secure: boolean): void {
  deleteCookie(c, oauthStateCookieName(secure), { path: '/', secure })
}

export function oauthStateCookieMatches(c: Context, secure: boolean, state: string): boolean {
  const cookie = getCookie(c, oauthStateCookieName(secure))
  return cookie !== undefined && sameState(cookie, state)
}
