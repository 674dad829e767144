import {
  CONTACT_MESSAGES,
  type ContactInput,
  type ContactResponse,
} from '../../contracts/contact.ts'
import {
  insertContactMessage,
  listUndeliveredContactMessages,
  markContactMessage,
} from '../db/contact-messages.ts'
import type { Database } from '../db/dialect.ts'
import type { ContactMessageRow } from '../db/schema.ts'
import type { Logger } from '../shared/logger.ts'
import type { Mailer } from '../mail/mailer.ts'
import type { RequestMeta } from './auth.ts'
import type { Clock } from '../shared/clock.ts'
import { type RateLimiter, type RateRule, waitPhrase } from './rate-limiter.ts'

export const CONTACT_RATE_PER_IP: RateRule = {
  name: 'contact-ip',
  limit: 5,
  windowMs: 60 * 60 * 1000,
  message: (s) =>
    `You have sent several messages in a short time. Please try again in ${waitPhrase(s)}.`,
}
export const CONTACT_MAX_DELIVERY_ATTEMPTS = 5

const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim()

function mailFor(row: ContactMessageRow, siteName: string) {
  return {
    subject: `[${siteName} contact] ${oneLine(row.subject)}`,
    replyTo: { name: oneLine(row.name), address: row.email },
    text: [
      `New message from the contact form of ${siteName}.`,
      '',
      `From:    ${oneLine(row.name)} <${row.email}>`,
      `Subject: ${oneLine(row.subject)}`,
      `Sent:    ${row.created_at}`,
      '',
      row.message,
      '',
      `(message #${row.id}; reply to this e-mail to answer the sender)`,
    ].join('\n'),
  }
}

/**
 * Every message is stored before anything else happens; e-mail is sent afterwards and retried, so
 * a mail outage never loses a message.
 */
export function createContactService(deps: {
  db: Database
  clock: Clock
  logger: Logger
  rateLimiter: RateLimiter
  mailer: Mailer | null
  contactTo: string | undefined
  siteName: string
}) {
  const { db, clock, logger, rateLimiter, mailer, contactTo, siteName } = deps
  const canMail = mailer !== null && contactTo !== undefined
  const inFlight = new Set<Promise<void>>()

  async function deliver(row: ContactMessageRow): Promise<void> {
    if (!mailer || !contactTo) return
    try {
      await mailer.send({ to: contactTo, ...mailFor(row, siteName) })
      await markContactMessage(db, row.id, {
        status: 'sent',
        error: null,
        at: clock.now().toISOString(),
      })
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      logger.error('contact e-mail failed; the message is kept and will be retried', {
        id: row.id,
        error: message,
      })
      await markContactMessage(db, row.id, {
        status: 'failed',
        error: message.slice(0, 500),
        at: clock.now().toISOString(),
      })
    }
  }

  function track(p: Promise<void>) {
    const tracked = p.finally(() => inFlight.delete(tracked))
    inFlight.add(tracked)
  }

  return {
    async submit(input: ContactInput, meta: RequestMeta): Promise<ContactResponse> {
      // Bots fill the hidden field: they are told it worked and nothing is kept.
      if (input.website) return { success: true, message: CONTACT_MESSAGES.sent }
      await rateLimiter.hit(CONTACT_RATE_PER_IP, meta.ip)
      const row = await insertContactMessage(db, {
        name: input.name,
        email: input.email,
        subject: input.subject,
        message: input.message,
        ip: meta.ip,
        user_agent: meta.userAgent?.slice(0, 300) ?? null,
        created_at: clock.now().toISOString(),
        email_status: canMail ? 'pending' : 'not_configured',
      })
      if (canMail) track(deliver(row))
      return { success: true, message: CONTACT_MESSAGES.sent }
    },

    /** Sends what is still pending or failed (called periodically and at start-up). */
    async retryUndelivered(): Promise<number> {
      if (!canMail) return 0
      const rows = await listUndeliveredContactMessages(db, CONTACT_MAX_DELIVERY_ATTEMPTS)
      for (const row of rows) await deliver(row)
      return rows.length
    },

    /** Resolves when the e-mails started so far have been attempted (tests, shutdown). */
    async settle(): Promise<void> {
      await Promise.all([...inFlight])
    },
  }
}
