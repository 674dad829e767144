import { findSubscriptionOfUser } from '../db/newsletter-subscriptions.ts'
import {
  FAILED_DELIVERIES_SHOWN,
  type NewsletterAudience,
  type NewsletterKind,
  NEWSLETTER_MESSAGES,
  type NewsletterSendListResponse,
  type NewsletterSendSummary,
  type NewsletterState,
  type NewsletterStats,
} from '../../contracts/newsletter-constants.ts'
import type { SessionUser } from '../../contracts/auth.ts'
import type { Config } from '../config.ts'
import { findPost } from '../db/blog-posts.ts'
import { type Database, inTransaction } from '../db/dialect.ts'
import {
  deliveryCounts,
  exportPage,
  findNewsletter,
  listNewsletters,
  newestFailures,
  requeueFailedDeliveries,
  subscriptionStats,
} from '../db/newsletter-outbox.ts'
import type { NewsletterRow } from '../db/schema.ts'
import type { Clock } from '../shared/clock.ts'
import { BadGateway, NotFound, Unavailable } from '../shared/errors.ts'
import type { Logger } from '../shared/logger.ts'
import { linksFor, manageToken, renderPost, siteOrigin } from './compose.ts'
import { describeSmtpError } from './delivery-policy.ts'
import { type SubscriberLinks, unsubscribeHeaders } from './mail-types.ts'
import type { BulkSender } from './sender.ts'

/** Subscriptions read per query while the export streams. */
const EXPORT_PAGE = 500
export const EXPORT_HEADER = 'email,kind,posts,digest,alerts,since'

/**
 * A CSV cell: quoted when it holds a separator, a quote or a line break, and prefixed with an
 * apostrophe when it starts with a character a spreadsheet reads as a formula.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe
}

/** The newsletter's side of the admin: counts, the sends, a test mail, the preview, the export. */
export function createNewsletterAdmin(deps: {
  db: Database
  clock: Clock
  logger: Logger
  config: Config
  sender: BulkSender | null
  /** Sends at once what was queued again. */
  wake: () => void
}) {
  const { db, clock, config, sender } = deps
  const origin = siteOrigin(config)

  async function summaries(rows: NewsletterRow[]): Promise<NewsletterSendSummary[]> {
    const counts = await deliveryCounts(
      db,
      rows.map((r) => r.id),
    )
    return Promise.all(
      rows.map(async (row) => ({
        id: row.id,
        kind: row.kind as NewsletterKind,
        audience: row.audience as NewsletterAudience,
        subject: row.subject,
        postId: row.post_id,
        state: row.state as NewsletterState,
        createdAt: row.created_at,
        finishedAt: row.finished_at,
        counts: counts.get(row.id)!,
        failures: (await newestFailures(db, row.id, FAILED_DELIVERIES_SHOWN)).map((f) => ({
          email: f.email,
          lastError: f.last_error,
          attempts: f.attempts,
        })),
      })),
    )
  }

  async function postOrThrow(postId: string) {
    const post = await findPost(db, { id: postId })
    if (!post) throw new NotFound(NEWSLETTER_MESSAGES.postNotFound)
    return post
  }

  /** The admin's own links when they subscribe, else their profile (where a member manages mail). */
  async function adminLinks(admin: SessionUser): Promise<SubscriberLinks | null> {
    const own = await findSubscriptionOfUser(db, admin.id)
    return own ? linksFor(origin, manageToken(config.sessionSecret, own, clock.now())) : null
  }

  return {
    async stats(): Promise<NewsletterStats> {
      const s = await subscriptionStats(db)
      return {
        configured: sender !== null,
        members: s.members,
        emailOnly: s.email_only,
        confirmed: s.confirmed,
        unconfirmed: s.unconfirmed,
        unsubscribed: s.unsubscribed,
        byPreference: { posts: s.posts, digest: s.digest, alerts: s.alerts },
      }
    },

    async sends(query: { page: number; limit: number }): Promise<NewsletterSendListResponse> {
      const { rows, total } = await listNewsletters(db, {
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      })
      return {
        sends: await summaries(rows),
        pagination: {
          page: query.page,
          limit: query.limit,
          total,
          totalPages: Math.ceil(total / query.limit),
        },
      }
    },

    async retry(sendId: number): Promise<NewsletterSendSummary> {
      const requeued = await inTransaction(db, async (trx) => {
        const row = await findNewsletter(trx, sendId)
        // A member's aurora alert is not a send of the list: it is not retried by hand.
        if (!row || row.kind === 'alert') throw new NotFound(NEWSLETTER_MESSAGES.sendNotFound)
        return requeueFailedDeliveries(trx, sendId, clock.now().toISOString())
      })
      if (requeued > 0) deps.wake()
      const [summary] = await summaries([(await findNewsletter(db, sendId))!])
      return summary!
    },

    async preview(postId: string) {
      const post = await postOrThrow(postId)
      return renderPost(config, post, post.visibility === 'public' ? 'all' : 'members')
    },

    /** The post's mail to the admin alone, straight to the SMTP server. */
    async sendTest(postId: string, admin: SessionUser) {
      if (!sender) throw new Unavailable(NEWSLETTER_MESSAGES.notConfigured)
      const post = await postOrThrow(postId)
      const links = (await adminLinks(admin)) ?? {
        preferencesUrl: `${origin}/profile`,
        unsubscribeUrl: `${origin}/profile`,
      }
      const audience = post.visibility === 'public' ? 'all' : 'members'
      const mail = renderPost(config, post, audience, links)
      try {
        await sender.send({
          to: admin.email,
          ...mail,
          subject: `[Test] ${mail.subject}`,
          messageId: `<newsletter-test-${post.id}-${clock.now().getTime()}@${new URL(origin).hostname}>`,
          headers: links.unsubscribeUrl.includes('?t=') ? unsubscribeHeaders(links) : {},
        })
      } catch (error) {
        deps.logger.error('newsletter test mail failed', { error: describeSmtpError(error) })
        throw new BadGateway(describeSmtpError(error), { cause: error })
      }
      return { success: true as const, message: NEWSLETTER_MESSAGES.testSent }
    },

    /** The active subscriptions as CSV, read a page at a time as the client takes them. */
    exportCsv(): ReadableStream<Uint8Array> {
      const encoder = new TextEncoder()
      let afterId = 0
      let headerSent = false
      return new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (!headerSent) {
            headerSent = true
            controller.enqueue(encoder.encode(`${EXPORT_HEADER}\r\n`))
            return
          }
          const rows = await exportPage(db, afterId, EXPORT_PAGE)
          if (rows.length === 0) {
            controller.close()
            return
          }
          afterId = rows[rows.length - 1]!.id
          const yes = (v: number) => (v ? 'yes' : 'no')
          const lines = rows.map((r) =>
            [
              r.email,
              r.user_id === null ? 'email' : 'member',
              yes(r.posts),
              yes(r.digest),
              yes(r.alerts),
              r.confirmed_at ?? r.created_at,
            ]
              .map(csvCell)
              .join(','),
          )
          controller.enqueue(encoder.encode(`${lines.join('\r\n')}\r\n`))
        },
      })
    },
  }
}

export type NewsletterAdmin = ReturnType<typeof createNewsletterAdmin>
