import type { SessionUser } from '../../contracts/auth-constants.ts'
import {
  CONFIRM_TOKEN_TTL_MS,
  CONFIRMATION_RESEND_AFTER_MS,
  DEFAULT_NEWSLETTER_PREFERENCES,
  MANAGE_TOKEN_TTL_MS,
  type MemberNewsletterInput,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_PREFERENCES,
  type NewsletterPreferences,
  type NewsletterPreferencesInput,
  type NewsletterSubscribeInput,
  type NewsletterSubscriptionView,
} from '../../contracts/newsletter.ts'
import type { Database } from '../db/dialect.ts'
import {
  claimConfirmationMail,
  findSubscriptionById,
  findSubscriptionOfUser,
  insertSubscriptionOnce,
  type NewsletterSubscriptionRow,
  releaseConfirmationMail,
  type SubscriptionChange,
  updateSubscription,
  userHasOauthAccount,
} from '../db/newsletter-subscriptions.ts'
import type { Mailer } from '../mail/mailer.ts'
import type { SubscriberLinks } from '../newsletter/mail-types.ts'
import { renderConfirmMail } from '../newsletter/mails.ts'
import {
  newTokenKey,
  readToken,
  signToken,
  type TokenPurpose,
  verifyToken,
} from '../newsletter/tokens.ts'
import type { Clock } from '../shared/clock.ts'
import { Unavailable, ValidationError } from '../shared/errors.ts'
import type { Logger } from '../shared/logger.ts'
import type { RequestMeta } from './auth.ts'
import { type RateRule, type RateLimiter, waitPhrase } from './rate-limiter.ts'

export const NEWSLETTER_SUBSCRIBE_RATE_PER_IP: RateRule = {
  name: 'newsletter-subscribe-ip',
  limit: 5,
  windowMs: 60 * 60 * 1000,
  message: (s) =>
    `You have asked to subscribe several times in a short time. Please try again in ${waitPhrase(s)}.`,
}

/** Where the confirmation link sends the browser. */
export const CONFIRMED_PAGE = '/email/confirmed'
export const LINK_PROBLEM_PAGE = '/email/link'

const TTL: Record<TokenPurpose, number> = {
  confirm: CONFIRM_TOKEN_TTL_MS,
  manage: MANAGE_TOKEN_TTL_MS,
}

const preferencesOf = (row: NewsletterSubscriptionRow): NewsletterPreferences => ({
  posts: row.posts === 1,
  digest: row.digest === 1,
  alerts: row.alerts === 1,
})

const preferenceColumns = (p: Partial<NewsletterPreferences>) => {
  const change: SubscriptionChange = {}
  for (const key of NEWSLETTER_PREFERENCES) {
    const value = p[key]
    if (value !== undefined) change[key] = value ? 1 : 0
  }
  return change
}

/** The preferences a caller named (an absent one stays as it is). */
const chosenOf = (input: Partial<Record<keyof NewsletterPreferences, boolean | undefined>>) => {
  const chosen: Partial<NewsletterPreferences> = {}
  for (const key of NEWSLETTER_PREFERENCES) if (input[key] !== undefined) chosen[key] = input[key]
  return chosen
}

const ALL_OFF = preferenceColumns({ posts: false, digest: false, alerts: false })

const isActive = (row: NewsletterSubscriptionRow) => row.unsubscribed_at === null

export function subscriptionView(row: NewsletterSubscriptionRow): NewsletterSubscriptionView {
  return {
    email: row.email,
    kind: row.user_id === null ? 'email' : 'member',
    subscribed: isActive(row),
    confirmed: row.confirmed_at !== null,
    preferences: preferencesOf(row),
  }
}

/** The preferences page and the one-click unsubscribe address of one subscription. */
export function subscriberLinks(
  secret: string,
  origin: string,
  row: Pick<NewsletterSubscriptionRow, 'id' | 'token_key'>,
  now: Date,
): SubscriberLinks {
  const t = encodeURIComponent(signed(secret, 'manage', row, now))
  return {
    preferencesUrl: `${origin}/email/preferences?t=${t}`,
    unsubscribeUrl: `${origin}/_api/newsletter/unsubscribe?t=${t}`,
  }
}

function signed(
  secret: string,
  purpose: TokenPurpose,
  row: Pick<NewsletterSubscriptionRow, 'id' | 'token_key'>,
  now: Date,
): string {
  return signToken(secret, {
    purpose,
    subscriptionId: row.id,
    tokenKey: row.token_key,
    expiresAt: new Date(now.getTime() + TTL[purpose]),
  })
}

/**
 * Subscriptions: visitors by double opt-in, members from their profile, and what the signed
 * links of every mail may change. Nothing but the one confirmation mail ever goes to an
 * unconfirmed address, and the answer to a visitor never tells what the site knows of it.
 */
export function createNewsletterSubscriptionService(deps: {
  db: Database
  clock: Clock
  logger: Logger
  rateLimiter: RateLimiter
  mailer: Mailer | null
  secret: string
  siteName: string
}) {
  const { db, clock, logger, rateLimiter, mailer, secret, siteName } = deps
  const inFlight = new Set<Promise<void>>()

  function track(p: Promise<void>) {
    const tracked = p.finally(() => inFlight.delete(tracked))
    inFlight.add(tracked)
  }

  /**
   * Sends the confirmation mail unless one went within the hour. The claim on
   * `confirmation_sent_at` keeps two requests (or nodes) from both sending; a failed mail gives
   * it back, so what stays recorded is a mail that went.
   */
  async function sendConfirmation(row: NewsletterSubscriptionRow, origin: string): Promise<void> {
    if (!mailer) return
    const now = clock.now()
    const at = now.toISOString()
    const resendAfter = new Date(now.getTime() - CONFIRMATION_RESEND_AFTER_MS).toISOString()
    if (!(await claimConfirmationMail(db, row.id, at, resendAfter))) return
    const t = encodeURIComponent(signed(secret, 'confirm', row, now))
    const mail = renderConfirmMail({
      site: { name: siteName, url: origin },
      confirmUrl: `${origin}/_api/newsletter/confirm?t=${t}`,
      expiresInHours: CONFIRM_TOKEN_TTL_MS / 3_600_000,
    })
    try {
      await mailer.send({ to: row.email, ...mail })
    } catch (error) {
      logger.error('newsletter confirmation e-mail failed', {
        subscription: row.id,
        error: error instanceof Error ? error.message : String(error),
      })
      await releaseConfirmationMail(db, row.id, at, row.confirmation_sent_at)
    }
  }

  /** The subscription a token names, or the reason it names none. */
  async function byToken(
    token: string,
    purpose: TokenPurpose,
  ): Promise<
    | { ok: true; row: NewsletterSubscriptionRow; issuedAt: number }
    | { ok: false; reason: 'invalid' | 'expired' }
  > {
    const fields = readToken(token)
    const row = fields ? await findSubscriptionById(db, fields.subscriptionId) : undefined
    const check = verifyToken(secret, token, purpose, row?.token_key ?? null, clock.now())
    if (!check.ok || !row || !fields)
      return { ok: false, reason: check.ok ? 'invalid' : check.reason }
    return { ok: true, row, issuedAt: fields.expiresAt.getTime() - TTL[purpose] }
  }

  const linkProblem = (reason: 'invalid' | 'expired') =>
    reason === 'expired' ? NEWSLETTER_MESSAGES.tokenExpired : NEWSLETTER_MESSAGES.tokenInvalid

  async function manageRow(token: string): Promise<NewsletterSubscriptionRow> {
    const found = await byToken(token, 'manage')
    if (!found.ok) throw ValidationError.field('t', linkProblem(found.reason))
    return found.row
  }

  async function change(
    row: NewsletterSubscriptionRow,
    fields: SubscriptionChange,
  ): Promise<NewsletterSubscriptionRow> {
    const updated = await updateSubscription(db, row.id, {
      ...fields,
      updated_at: clock.now().toISOString(),
    })
    return updated ?? row
  }

  /** Turns the preferences off and marks the subscription ended; a second call changes nothing. */
  async function unsubscribeRow(row: NewsletterSubscriptionRow) {
    if (!isActive(row)) return row
    return change(row, { ...ALL_OFF, unsubscribed_at: clock.now().toISOString() })
  }

  /** Back on after an unsubscribe: the defaults, or what the caller chose. */
  const resubscribed = (p: Partial<NewsletterPreferences> = {}): SubscriptionChange => ({
    ...preferenceColumns({ ...DEFAULT_NEWSLETTER_PREFERENCES, ...p }),
    unsubscribed_at: null,
  })

  const newRow = (email: string, userId: number | null) => {
    const at = clock.now().toISOString()
    return {
      email,
      user_id: userId,
      token_key: newTokenKey(),
      ...preferenceColumns(DEFAULT_NEWSLETTER_PREFERENCES),
      confirmed_at: null,
      confirmation_sent_at: null,
      unsubscribed_at: null,
      created_at: at,
      updated_at: at,
    } as Omit<NewsletterSubscriptionRow, 'id'>
  }

  async function memberView(user: SessionUser): Promise<NewsletterSubscriptionView> {
    const row = await findSubscriptionOfUser(db, user.id)
    if (row) return subscriptionView(row)
    return {
      email: user.email,
      kind: 'member',
      subscribed: false,
      confirmed: false,
      preferences: { ...DEFAULT_NEWSLETTER_PREFERENCES },
    }
  }

  return {
    /** Whether SMTP_URL is set: without it there is nothing to subscribe to. */
    configured: mailer !== null,

    /**
     * The public form. Whatever the address's state the answer is the same, and it is given
     * before any mail is sent (the SMTP exchange would show in the time it takes).
     */
    async subscribe(
      input: NewsletterSubscribeInput,
      meta: RequestMeta,
      origin: string,
    ): Promise<{ success: true; message: string }> {
      if (!mailer) throw new Unavailable(NEWSLETTER_MESSAGES.notConfigured)
      const answer = { success: true as const, message: NEWSLETTER_MESSAGES.subscribed }
      // Bots fill the hidden field: they are told it worked and nothing is kept.
      if (input.website) return answer
      await rateLimiter.hit(NEWSLETTER_SUBSCRIBE_RATE_PER_IP, meta.ip)
      const row = await insertSubscriptionOnce(db, newRow(input.email, null))
      const confirmedAndOn = row.confirmed_at !== null && isActive(row)
      if (!confirmedAndOn) track(sendConfirmation(row, origin))
      return answer
    },

    /** The confirmation link: where to send the browser. */
    async confirm(token: string): Promise<string> {
      const found = await byToken(token, 'confirm')
      if (!found.ok) return `${LINK_PROBLEM_PAGE}?status=${found.reason}`
      const { row, issuedAt } = found
      // A link mailed before the address unsubscribed does not undo the unsubscribe.
      if (!isActive(row) && Date.parse(row.unsubscribed_at!) >= issuedAt)
        return `${LINK_PROBLEM_PAGE}?status=expired`
      const at = clock.now().toISOString()
      await change(row, {
        confirmed_at: row.confirmed_at ?? at,
        ...(isActive(row) ? {} : resubscribed()),
      })
      return CONFIRMED_PAGE
    },

    async preferences(token: string): Promise<NewsletterSubscriptionView> {
      return subscriptionView(await manageRow(token))
    },

    /** The preferences page's read: the subscription, or what is wrong with the link. */
    async preferencesPage(
      token: string,
    ): Promise<
      { view: NewsletterSubscriptionView; problem: null } | { view: null; problem: string }
    > {
      const found = await byToken(token, 'manage')
      if (!found.ok) return { view: null, problem: linkProblem(found.reason) }
      return { view: subscriptionView(found.row), problem: null }
    },

    async updatePreferences(
      input: NewsletterPreferencesInput,
    ): Promise<NewsletterSubscriptionView> {
      const row = await manageRow(input.t)
      const chosen = chosenOf(input)
      // Unsubscribed, a subscription comes back only with something to receive.
      if (!isActive(row) && !Object.values(chosen).some(Boolean)) return subscriptionView(row)
      const fields = isActive(row)
        ? preferenceColumns(chosen)
        : resubscribed({ posts: false, digest: false, alerts: false, ...chosen })
      return subscriptionView(await change(row, fields))
    },

    /** RFC 8058 one-click: idempotent, answered the same when already unsubscribed. */
    async unsubscribe(token: string): Promise<{ success: true; message: string }> {
      await unsubscribeRow(await manageRow(token))
      return { success: true, message: NEWSLETTER_MESSAGES.unsubscribed }
    },

    member: memberView,

    /**
     * A member's own subscription, on the account's address. Discord verified that address, so
     * an account with a Discord link is confirmed at once; a password account confirms once by
     * mail. An e-mail-only subscription of the same address becomes the member's.
     */
    async updateMember(
      user: SessionUser,
      input: MemberNewsletterInput,
      origin: string,
    ): Promise<NewsletterSubscriptionView> {
      const prefs = chosenOf(input)
      let row = await findSubscriptionOfUser(db, user.id)
      const wanted =
        input.subscribed ?? (row ? isActive(row) : Object.values(prefs).some((v) => v === true))
      if (!wanted) {
        if (row) row = await unsubscribeRow(row)
        return row ? subscriptionView(row) : memberView(user)
      }
      if (!mailer) throw new Unavailable(NEWSLETTER_MESSAGES.notConfigured)
      row ??= await insertSubscriptionOnce(db, newRow(user.email.toLowerCase(), user.id))
      if (row.user_id !== null && row.user_id !== user.id) {
        // The address belongs to another account's subscription: this one starts its own.
        throw new ValidationError(NEWSLETTER_MESSAGES.emailInvalid)
      }
      const verified = await userHasOauthAccount(db, user.id)
      const fields: SubscriptionChange = {
        user_id: user.id,
        ...(isActive(row) ? preferenceColumns(prefs) : resubscribed(prefs)),
      }
      if (row.confirmed_at === null && verified) fields.confirmed_at = clock.now().toISOString()
      row = await change(row, fields)
      if (row.confirmed_at === null) track(sendConfirmation(row, origin))
      return subscriptionView(row)
    },

    /** Resolves when the mails started so far have been attempted (tests, shutdown). */
    async settle(): Promise<void> {
      await Promise.all([...inFlight])
    },
  }
}

export type NewsletterSubscriptionService = ReturnType<typeof createNewsletterSubscriptionService>
