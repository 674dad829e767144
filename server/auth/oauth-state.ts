import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'

export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000

export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** PKCE (RFC 7636) S256: the challenge is the base64url SHA-256 of the verifier. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url')
}

function cookieName(secure: boolean): string {
  return secure ? '__Host-oauth_state' : 'oauth_state'
}

/**
 * The state also travels in a cookie, so a callback only completes in the browser that started
 * it: a callback URL sent to someone else is refused.
 */
export function writeOauthStateCookie(c: Context, secure: boolean, state: string): void {
  setCookie(c, cookieName(secure), state, {
    httpOnly: true,
    sameSite: 'Lax',
    secure,
    path: '/',
    maxAge: OAUTH_STATE_TTL_MS / 1000,
  })
}

export function clearOauthStateCookie(c: Context, secure: boolean): void {
  deleteCookie(c, cookieName(secure), { path: '/', secure })
}

export function oauthStateCookieMatches(c: Context, secure: boolean, state: string): boolean {
  const cookie = getCookie(c, cookieName(secure))
  if (!cookie) return false
  const a = Buffer.from(cookie)
  const b = Buffer.from(state)
  return a.length === b.length && timingSafeEqual(a, b)
}
