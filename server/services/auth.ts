import { LOGIN_MESSAGES, type SessionUser } from '../../contracts/auth.ts'
import {
  SESSION_RENEW_BELOW_MS,
  SESSION_TTL_MS,
  newSessionToken,
  sessionIdFromToken,
} from '../auth/session-cookie.ts'
import { verifyPassword } from '../auth/passwords.ts'
import type { Database } from '../db/dialect.ts'
import {
  deleteSession,
  deleteSessionsOfUser,
  findSessionWithUser,
  insertSession,
  updateSessionExpiry,
} from '../db/sessions.ts'
import { findUserByEmail } from '../db/users.ts'
import { NotAuthenticated } from '../shared/errors.ts'
import type { Clock } from '../shared/clock.ts'
import { type RateLimiter, type RateRule, waitPhrase } from './rate-limiter.ts'
import { toSessionUser } from './users.ts'

const FIFTEEN_MINUTES = 15 * 60 * 1000

export const LOGIN_RATE_PER_IP: RateRule = {
  name: 'login-ip',
  limit: 20,
  windowMs: FIFTEEN_MINUTES,
  message: (s) =>
    `Too many login attempts from this network. Please try again in ${waitPhrase(s)}.`,
}

/**
 * Counted per account *and* client address: wrong passwords sent from elsewhere never lock out
 * the person who knows the password (the per-address rule above still slows any one sender).
 */
export const LOGIN_RATE_PER_ACCOUNT: RateRule = {
  name: 'login-account-ip',
  limit: 5,
  windowMs: FIFTEEN_MINUTES,
  message: (s) =>
    `Too many failed login attempts for this account. Please try again in ${waitPhrase(s)}.`,
}

export interface RequestMeta {
  ip: string
  userAgent: string | null
}

export interface IssuedSession {
  token: string
  expiresAt: Date
  user: SessionUser
}

export interface ResolvedSession {
  sessionId: string
  user: SessionUser
  /** Set when the expiry was extended and the cookie should be re-sent. */
  renewedUntil: Date | null
}

export function createAuthService(deps: {
  db: Database
  clock: Clock
  secret: string
  rateLimiter: RateLimiter
}) {
  const { db, clock, secret, rateLimiter } = deps

  async function startSession(
    user: SessionUser,
    meta: RequestMeta,
    previousToken?: string,
  ): Promise<IssuedSession> {
    // A new id at every sign-in: a token planted before login is worth nothing after it.
    if (previousToken) await deleteSession(db, sessionIdFromToken(secret, previousToken))
    const token = newSessionToken()
    const now = clock.now()
    const expiresAt = new Date(now.getTime() + SESSION_TTL_MS)
    await insertSession(db, {
      id: sessionIdFromToken(secret, token),
      user_id: user.id,
      created_at: now.toISOString(),
      expires_at: expiresAt.toISOString(),
      ip: meta.ip,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
    })
    return { token, expiresAt, user }
  }

  return {
    startSession,

    async loginWithPassword(
      email: string,
      password: string,
      meta: RequestMeta,
      previousToken?: string,
    ): Promise<IssuedSession> {
      const account = email.toLowerCase()
      await rateLimiter.hit(LOGIN_RATE_PER_IP, meta.ip)
      const accountKey = `${account}|${meta.ip}`
      await rateLimiter.hit(LOGIN_RATE_PER_ACCOUNT, accountKey)
      const row = await findUserByEmail(db, account)
      const ok = await verifyPassword(row?.password_hash ?? null, password)
      if (!row || !ok) throw new NotAuthenticated(LOGIN_MESSAGES.invalidCredentials)
      await rateLimiter.reset(LOGIN_RATE_PER_ACCOUNT, accountKey)
      return startSession(toSessionUser(row), meta, previousToken)
    },

    async resolveSession(token: string): Promise<ResolvedSession | null> {
      const id = sessionIdFromToken(secret, token)
      const now = clock.now()
      const found = await findSessionWithUser(db, id, now.toISOString())
      if (!found) return null
      let renewedUntil: Date | null = null
      if (Date.parse(found.session.expires_at) - now.getTime() < SESSION_RENEW_BELOW_MS) {
        renewedUntil = new Date(now.getTime() + SESSION_TTL_MS)
        await updateSessionExpiry(db, id, renewedUntil.toISOString())
      }
      return { sessionId: id, user: toSessionUser(found.user), renewedUntil }
    },

    async logout(token: string): Promise<void> {
      await deleteSession(db, sessionIdFromToken(secret, token))
    },

    async endOtherSessions(userId: number, keepSessionId?: string): Promise<number> {
      return deleteSessionsOfUser(db, userId, keepSessionId)
    },
  }
}

export type AuthService = ReturnType<typeof createAuthService>
