import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000

export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** PKCE (RFC 7636) S256: the challenge is the base64url SHA-256 of the verifier. */
export function pkceChallenge(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url')
}

export function oauthStateCookieName(secure: boolean): string {
  return secure ? '__Host-oauth_state' : 'oauth_state'
}

/** Compared in constant time: the state is a secret the callback must echo. */
export function sameState(cookie: string, state: string): boolean {
  const a = Buffer.from(cookie)
  const b = Buffer.from(state)
  return a.length === b.length && timingSafeEqual(a, b)
}
