import { createHmac, randomBytes } from 'node:crypto'

export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000
/** A session is extended when less than this is left, so active members stay signed in. */
export const SESSION_RENEW_BELOW_MS = 15 * 24 * 60 * 60 * 1000

export function newSessionToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Only the HMAC of the token is stored, so the sessions table alone cannot sign anyone in. */
export function sessionIdFromToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('hex')
}

export function sessionCookieName(secure: boolean): string {
  // The __Host- prefix pins the cookie to this exact host over https.
  return secure ? '__Host-session' : 'session'
}

/** What a session token looks like (newSessionToken's 43 characters, with room to spare). */
export function isSessionToken(value: string): boolean {
  return /^[A-Za-z0-9_-]{20,100}$/.test(value)
}
