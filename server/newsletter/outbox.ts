import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import type { NewsletterAudience } from '../../contracts/newsletter-constants.ts'
import type { Config } from '../config.ts'
import { findPost } from '../db/blog-posts.ts'
import { type Database, inTransaction } from '../db/dialect.ts'
import { ensureJobLease, holdJobLease, releaseJobLease } from '../db/job-leases.ts'
import {
  claimDueDeliveries,
  digestPosts,
  duePosts,
  findNewsletter,
  finishCompletedNewsletters,
  markDeliveryAccepted,
  markDeliveryFailed,
  queueNewsletter,
  type QueueFields,
  recoverAbandonedDeliveries,
  releaseClaimedDeliveries,
  subscriptionKeys,
} from '../db/newsletter-outbox.ts'
import type { NewsletterDeliveryRow, NewsletterRow } from '../db/schema.ts'
import type { Clock } from '../shared/clock.ts'
import type { Logger } from '../shared/logger.ts'
import { isOpenAt } from '../db/visibility.ts'
import {
  deliveryMessageId,
  mailPost,
  mailSite,
  manageToken,
  personalise,
  renderPost,
  siteOrigin,
  templateLinks,
} from './compose.ts'
import { latestDigestTime, zonedInstant } from './digest-time.ts'
import { classifySmtpError, describeSmtpError, nextAttemptAt } from './delivery-policy.ts'
import { type AuroraMailPayload, type RenderedMail, unsubscribeHeaders } from './mail-types.ts'
import { renderAuroraMail, renderDigestMail } from './mails.ts'
import { type BulkSender, createBulkSender } from './sender.ts'

/** The lease row that lets one node at a time send (job_leases). */
export const OUTBOX_LEASE = 'newsletter-outbox'
/** How long the node's hold on the outbox lasts unless renewed (it renews while it works). */
const OUTBOX_LEASE_MS = 60_000
/** Deliveries claimed at once; a claim's lease also covers the waits the rate imposes. */
const MAX_BATCH = 20
const DELIVERY_LEASE_MS = 5 * 60_000
/** A post that became visible longer ago than this is not mailed (SMTP set up later, a restart). */
export const POST_MAIL_MAX_AGE_MS = 48 * 60 * 60 * 1000
/** A digest not queued within this long after its time is skipped for that week. */
export const DIGEST_MAX_LATE_MS = 12 * 60 * 60 * 1000
const WEEK_MS = 7 * 24 * 60 * 60 * 1000
/** Posts a digest lists at most. */
const DIGEST_POSTS_MAX = 20
/** Rendered templates kept (a send is rendered once, not once per recipient). */
const TEMPLATES_KEPT = 4

/** A send's mail, rendered once; for an alert, when it stops being worth sending. */
interface Template {
  mail: RenderedMail | null
  alertUntil: number | null
}

type SubscriptionKey = NonNullable<
  Awaited<ReturnType<typeof subscriptionKeys>> extends Map<number, infer V> ? V : never
>

/** Why an alert's delivery is dropped instead of sent. */
export const ALERT_NOT_SENT = {
  stopped: 'The subscription no longer takes sky alerts.',
  late: 'The alert was not sent before its dark window ended.',
} as const

export interface NewsletterOutbox {
  /** Starts polling (nothing happens without SMTP_URL). */
  start(): void
  /** Sends at once instead of at the next poll (on this node, when it holds the outbox). */
  wake(): void
  /** Stops after the message being sent; what was claimed and not tried is queued again. */
  stop(): Promise<void>
  /** One poll, as the timer runs it (tests call it with a moved clock). */
  pollOnce(): Promise<void>
}

export function createNewsletterOutbox(deps: {
  db: Database
  clock: Clock
  logger: Logger
  config: Config
  sender: BulkSender | null
}): NewsletterOutbox {
  const { db, clock, logger, config, sender } = deps
  const origin = siteOrigin(config)
  const site = mailSite(config)
  // This node's processes: a new one may take over what an earlier one (killed) left held.
  const nodePrefix = `${hostname()}:${config.port}#`
  const owner = `${nodePrefix}${process.pid}.${randomBytes(4).toString('hex')}`
  const rate = config.newsletter.ratePerMinute
  const intervalMs = rate > 0 ? 60_000 / rate : 0
  const batchSize = rate > 0 ? Math.max(1, Math.min(MAX_BATCH, Math.floor(rate / 6))) : MAX_BATCH
  const templates = new Map<number, Template>()
  const digestChecked = new Set<string>()

  let timer: NodeJS.Timeout | null = null
  let running: Promise<void> | null = null
  let again = false
  let stopping = false
  let started = false
  let ensured = false
  let leaseRenewedAt = 0
  let nextSendAt = 0
  const abort = new AbortController()

  const iso = (d: Date) => d.toISOString()

  function sleep(ms: number): Promise<void> {
    if (ms <= 0 || abort.signal.aborted) return Promise.resolve()
    return new Promise((resolve) => {
      const t = setTimeout(done, ms)
      function done() {
        clearTimeout(t)
        abort.signal.removeEventListener('abort', done)
        resolve()
      }
      abort.signal.addEventListener('abort', done)
    })
  }

  async function holdOutbox(): Promise<boolean> {
    const now = clock.now()
    if (!ensured) {
      await ensureJobLease(db, OUTBOX_LEASE, iso(now))
      ensured = true
    }
    const held = await holdJobLease(
      db,
      OUTBOX_LEASE,
      owner,
      nodePrefix,
      iso(now),
      iso(new Date(now.getTime() + OUTBOX_LEASE_MS)),
    )
    if (held) leaseRenewedAt = Date.now()
    return held
  }

  /** Renewed while sending, well before it runs out. */
  async function keepOutbox(): Promise<boolean> {
    if (Date.now() - leaseRenewedAt < OUTBOX_LEASE_MS / 3) return true
    return holdOutbox()
  }

  async function templateFor(newsletterId: number): Promise<Template> {
    if (templates.has(newsletterId)) return templates.get(newsletterId)!
    const newsletter = await findNewsletter(db, newsletterId)
    const template: Template = {
      mail: newsletter ? await renderTemplate(newsletter) : null,
      alertUntil:
        newsletter?.kind === 'alert' && newsletter.payload
          ? Date.parse((JSON.parse(newsletter.payload) as AuroraMailPayload).end)
          : null,
    }
    if (templates.size >= TEMPLATES_KEPT) templates.delete(templates.keys().next().value!)
    templates.set(newsletterId, template)
    return template
  }

  async function renderTemplate(newsletter: NewsletterRow): Promise<RenderedMail | null> {
    const links = templateLinks(origin)
    let template: RenderedMail | null = null
    if (newsletter.kind === 'post' && newsletter.post_id) {
      const post = await findPost(db, { id: newsletter.post_id })
      if (post)
        template = renderPost(config, post, newsletter.audience as NewsletterAudience, links)
    } else if (newsletter.kind === 'digest') {
      template = await renderDigest(newsletter.dedupe_key, links)
    } else if (newsletter.kind === 'alert' && newsletter.payload) {
      const payload = JSON.parse(newsletter.payload) as AuroraMailPayload
      template = renderAuroraMail({ ...payload, site, links })
    }
    return template
  }

  /** A digest's mail from its key (`digest:<local date>:<audience>`): the week before that day. */
  async function renderDigest(key: string, links = templateLinks(origin)) {
    const match = /^digest:(\d{4})-(\d{2})-(\d{2}):(members|email-only)$/.exec(key)
    if (!match) return null
    const to = zonedInstant(
      { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) },
      config.newsletter.digestAt.minute,
      config.timeZone,
    )
    const from = new Date(to.getTime() - WEEK_MS)
    const audience = match[4] as 'members' | 'email-only'
    const rows = await digestPosts(db, audience, iso(from), iso(to), DIGEST_POSTS_MAX)
    if (rows.length === 0) return null
    return renderDigestMail({
      site,
      posts: rows.map((p) =>
        mailPost(
          origin,
          p,
          audience === 'members' &&
            !isOpenAt({ visibility: p.visibility, publicAt: p.public_at }, iso(to)),
        ),
      ),
      from: iso(from),
      to: iso(to),
      links,
      timeZone: config.timeZone,
    })
  }

  async function queue(fields: Omit<QueueFields, 'now'>) {
    const queued = await inTransaction(db, (trx) =>
      queueNewsletter(trx, { ...fields, now: iso(clock.now()) }),
    )
    if (queued) logger.info('newsletter queued', { key: fields.dedupeKey, ...queued })
  }

  async function queueDuePosts(now: Date) {
    const due = await duePosts(
      db,
      iso(now),
      iso(new Date(now.getTime() - POST_MAIL_MAX_AGE_MS)),
      20,
    )
    for (const item of due) {
      const post = await findPost(db, { id: item.id })
      if (!post) continue
      const rendered = renderPost(config, post, item.audience)
      await queue({
        kind: 'post',
        postId: post.id,
        audience: item.audience,
        dedupeKey: `post:${post.id}:${item.audience}`,
        subject: rendered.subject,
        preference: 'posts',
      })
    }
  }

  async function queueDigest(now: Date) {
    const { instant, localDate } = latestDigestTime(
      now,
      config.newsletter.digestAt,
      config.timeZone,
    )
    if (now.getTime() - instant.getTime() > DIGEST_MAX_LATE_MS) return
    for (const audience of ['members', 'email-only'] as const) {
      const key = `digest:${localDate}:${audience}`
      if (digestChecked.has(key)) continue
      const rendered = await renderDigest(key)
      if (rendered) {
        await queue({
          kind: 'digest',
          postId: null,
          audience,
          dedupeKey: key,
          subject: rendered.subject,
          preference: 'digest',
        })
      }
      digestChecked.add(key)
    }
  }

  async function deliver(delivery: NewsletterDeliveryRow, sub: SubscriptionKey | undefined) {
    const { mail: template, alertUntil } = await templateFor(delivery.newsletter_id)
    const token = sub ? manageToken(config.sessionSecret, sub, clock.now()) : null
    // An alert is about the coming hours, and only for whom still asks for alerts.
    const dropped =
      alertUntil === null
        ? null
        : !sub || sub.unsubscribed_at !== null || sub.alerts !== 1
          ? ALERT_NOT_SENT.stopped
          : clock.now().getTime() >= alertUntil
            ? ALERT_NOT_SENT.late
            : null
    if (!template || token === null || dropped) {
      await markDeliveryFailed(db, delivery.id, {
        attempts: delivery.attempts + 1,
        error:
          dropped ??
          (template ? 'The subscription no longer exists.' : 'The mail has nothing to show.'),
        retryAt: null,
      })
      return
    }
    const mail = personalise(template, token)
    const links = {
      preferencesUrl: `${origin}/email/preferences?t=${token}`,
      unsubscribeUrl: `${origin}/_api/newsletter/unsubscribe?t=${token}`,
    }
    await sleep(nextSendAt - Date.now())
    nextSendAt = Date.now() + intervalMs
    try {
      await sender!.send({
        to: delivery.email,
        ...mail,
        messageId: deliveryMessageId(origin, delivery.newsletter_id, delivery.subscription_id),
        headers: unsubscribeHeaders(links),
      })
    } catch (error) {
      const attempts = delivery.attempts + 1
      const kind = classifySmtpError(error)
      const retryAt = nextAttemptAt(kind, attempts, clock.now(), config.newsletter.retryDelaysMs)
      await markDeliveryFailed(db, delivery.id, {
        attempts,
        error: describeSmtpError(error),
        retryAt: retryAt && iso(retryAt),
      })
      return
    }
    // Accepted: recorded before anything else happens.
    await markDeliveryAccepted(db, delivery.id, iso(clock.now()))
  }

  async function sendDue() {
    while (!stopping) {
      if (!(await keepOutbox())) return
      const now = clock.now()
      const leaseUntil = new Date(now.getTime() + DELIVERY_LEASE_MS + batchSize * intervalMs)
      const batch = await claimDueDeliveries(db, owner, iso(now), iso(leaseUntil), batchSize)
      if (batch.length === 0) return
      const keys = await subscriptionKeys(db, [...new Set(batch.map((d) => d.subscription_id))])
      for (const delivery of batch) {
        if (stopping || !(await keepOutbox())) break
        await deliver(delivery, keys.get(delivery.subscription_id))
      }
      await finishCompletedNewsletters(db, iso(clock.now()))
    }
  }

  async function pollOnce() {
    if (!sender || stopping) return
    if (!(await holdOutbox())) return
    const now = clock.now()
    await recoverAbandonedDeliveries(db, iso(now), owner, nodePrefix)
    await queueDuePosts(now)
    await queueDigest(now)
    await sendDue()
    await finishCompletedNewsletters(db, iso(clock.now()))
  }

  function schedule(delayMs: number) {
    if (stopping || !started) return
    if (timer) clearTimeout(timer)
    timer = setTimeout(run, delayMs)
    timer.unref()
  }

  function run() {
    timer = null
    if (running) {
      again = true
      return
    }
    again = false
    running = pollOnce()
      .catch((error: unknown) =>
        logger.error('newsletter outbox failed', { error: describeSmtpError(error) }),
      )
      .finally(() => {
        running = null
        schedule(again ? 0 : config.newsletter.pollMs)
      })
  }

  return {
    start() {
      if (started || !sender) return
      started = true
      schedule(0)
    },
    wake() {
      if (!started || stopping) return
      if (running) again = true
      else schedule(0)
    },
    async stop() {
      stopping = true
      abort.abort()
      if (timer) clearTimeout(timer)
      timer = null
      await running
      if (started) {
        const now = iso(clock.now())
        await releaseClaimedDeliveries(db, owner, now)
        await releaseJobLease(db, OUTBOX_LEASE, owner, {
          nextRunAt: now,
          finishedAt: now,
          error: null,
        })
      }
      sender?.close()
    },
    pollOnce,
  }
}

/** The outbox's SMTP client, or null when SMTP_URL is not set (then nothing is ever sent). */
export function bulkSenderFor(config: Config): BulkSender | null {
  return config.mail.smtpUrl ? createBulkSender(config.mail.smtpUrl, config.mail.from) : null
}
