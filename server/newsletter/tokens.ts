import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * The signed links of the newsletter: `confirm` (double opt-in) and `manage` (preferences and
 * unsubscribe, in every mail). A token names its purpose, the subscription and its expiry, and
 * carries an HMAC (SESSION_SECRET) over those and the subscription's own random `token_key`:
 * a token cannot be forged, moved to another subscription, or used after the subscription it
 * names was deleted and its id given to someone else.
 *
 *   <purpose>.<subscription id>.<expires, seconds since 1970>.<signature>
 */
const MAX_ID = 2_147_483_647

export type TokenPurpose = 'confirm' | 'manage'

export type TokenCheck =
  { ok: true; subscriptionId: number } | { ok: false; reason: 'invalid' | 'expired' }

/** A fresh random key for a new subscription (or to make its old links stop working). */
export function newTokenKey(): string {
  return randomBytes(16).toString('base64url')
}

function signature(secret: string, payload: string, tokenKey: string): Buffer {
  return createHmac('sha256', `newsletter-links:${secret}`)
    .update(`${payload}.${tokenKey}`)
    .digest()
    .subarray(0, 24)
}

export function signToken(
  secret: string,
  fields: { purpose: TokenPurpose; subscriptionId: number; tokenKey: string; expiresAt: Date },
): string {
  const payload = `${fields.purpose}.${fields.subscriptionId}.${Math.floor(fields.expiresAt.getTime() / 1000)}`
  return `${payload}.${signature(secret, payload, fields.tokenKey).toString('base64url')}`
}

/** The token's fields, unverified: which subscription's key to check it against. */
export function readToken(
  token: string,
): { purpose: TokenPurpose; subscriptionId: number; expiresAt: Date } | null {
  const match = /^(confirm|manage)\.([1-9]\d{0,9})\.(\d{1,12})\.[A-Za-z0-9_-]{32}$/.exec(token)
  // Ids are the database's 32-bit integers: a larger one names no subscription.
  if (!match || Number(match[2]) > MAX_ID) return null
  return {
    purpose: match[1] as TokenPurpose,
    subscriptionId: Number(match[2]),
    expiresAt: new Date(Number(match[3]) * 1000),
  }
}

/**
 * Checks a token against the subscription it names (its `token_key`, or null when there is no
 * such subscription) for the given purpose. A wrong signature is `invalid`, whatever its date;
 * a right one past its date is `expired`.
 */
export function verifyToken(
  secret: string,
  token: string,
  purpose: TokenPurpose,
  tokenKey: string | null,
  now: Date,
): TokenCheck {
  const fields = readToken(token)
  if (!fields || fields.purpose !== purpose || tokenKey === null) {
    return { ok: false, reason: 'invalid' }
  }
  const payload = token.slice(0, token.lastIndexOf('.'))
  const given = Buffer.from(token.slice(token.lastIndexOf('.') + 1), 'base64url')
  const expected = signature(secret, payload, tokenKey)
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return { ok: false, reason: 'invalid' }
  }
  if (fields.expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' }
  return { ok: true, subscriptionId: fields.subscriptionId }
}
