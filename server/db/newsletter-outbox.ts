import { sql } from 'kysely'
import type {
  DeliveryState,
  NewsletterAudience,
  NewsletterKind,
  NewsletterPreference,
} from '../../contracts/newsletter-constants.ts'
import { type Database, isPostgres, type Trx } from './dialect.ts'
import type { NewsletterDeliveryRow, NewsletterRow, NewsletterSubscriptionRow } from './schema.ts'

/**
 * The newsletter's outbox: one `newsletters` row per send, one `newsletter_deliveries` row per
 * recipient (ADR 020). Every statement here touches a bounded number of rows in the process:
 * recipients are copied from the subscriptions inside the database, claimed in small batches,
 * and read in pages.
 */

/** Who of the active subscriptions a send reaches. */
function audienceCondition(audience: NewsletterAudience) {
  if (audience === 'members') return sql<boolean>`s.user_id is not null`
  if (audience === 'email-only') return sql<boolean>`s.user_id is null`
  return sql<boolean>`1 = 1`
}

export interface QueueFields {
  kind: NewsletterKind
  postId: string | null
  audience: NewsletterAudience
  dedupeKey: string
  subject: string
  /** The preference a subscription must have on to get this send. */
  preference: NewsletterPreference
  now: string
}

/**
 * Creates the send and its deliveries in the caller's transaction: the recipients are copied by
 * one INSERT … SELECT, never read into memory. Null when a send with this dedupe key exists.
 */
export async function queueNewsletter(
  trx: Trx,
  fields: QueueFields,
): Promise<{ id: number; recipients: number } | null> {
  const inserted = await trx
    .insertInto('newsletters')
    .values({
      kind: fields.kind,
      post_id: fields.postId,
      audience: fields.audience,
      dedupe_key: fields.dedupeKey,
      subject: fields.subject,
      state: 'queued',
      created_at: fields.now,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!inserted) return null
  const id = inserted.id
  const pref = sql.ref(`s.${fields.preference}`)
  const result = await trx
    .insertInto('newsletter_deliveries')
    .columns(['newsletter_id', 'subscription_id', 'email', 'state', 'attempts', 'next_attempt_at'])
    .expression(
      trx
        .selectFrom('newsletter_subscriptions as s')
        .select([
          sql<number>`${id}`.as('newsletter_id'),
          's.id',
          's.email',
          sql<string>`${'queued'}`.as('state'),
          sql<number>`0`.as('attempts'),
          sql<string>`${fields.now}`.as('next_attempt_at'),
        ])
        .where('s.confirmed_at', 'is not', null)
        .where('s.unsubscribed_at', 'is', null)
        .where(sql<boolean>`${pref} = 1`)
        .where(audienceCondition(fields.audience)),
    )
    .executeTakeFirst()
  const recipients = Number(result.numInsertedOrUpdatedRows ?? 0)
  await trx
    .updateTable('newsletters')
    .set(
      recipients > 0
        ? { state: 'sending', recipient_count: recipients }
        : { state: 'sent', recipient_count: 0, finished_at: fields.now },
    )
    .where('id', '=', id)
    .execute()
  return { id, recipients }
}

/**
 * A send to one subscription (an aurora alert), with the facts its mail is rendered from
 * (`payload`), in the caller's transaction. Nothing is queued when the subscription no longer
 * takes `preference` (unconfirmed, unsubscribed, or the preference off) or the key was used.
 */
export async function queueSingleMail(
  trx: Trx,
  fields: Omit<QueueFields, 'postId' | 'audience'> & { subscriptionId: number; payload: string },
): Promise<number | null> {
  const pref = sql.ref(`${fields.preference}`)
  const subscription = await trx
    .selectFrom('newsletter_subscriptions')
    .select(['id', 'email'])
    .where('id', '=', fields.subscriptionId)
    .where('confirmed_at', 'is not', null)
    .where('unsubscribed_at', 'is', null)
    .where(sql<boolean>`${pref} = 1`)
    .executeTakeFirst()
  if (!subscription) return null
  const inserted = await trx
    .insertInto('newsletters')
    .values({
      kind: fields.kind,
      post_id: null,
      audience: 'members',
      dedupe_key: fields.dedupeKey,
      subject: fields.subject,
      state: 'sending',
      recipient_count: 1,
      created_at: fields.now,
      payload: fields.payload,
    })
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .returning('id')
    .executeTakeFirst()
  if (!inserted) return null
  await trx
    .insertInto('newsletter_deliveries')
    .values({
      newsletter_id: inserted.id,
      subscription_id: subscription.id,
      email: subscription.email,
      state: 'queued',
      attempts: 0,
      next_attempt_at: fields.now,
      priority: 0,
    })
    .execute()
  return inserted.id
}

/**
 * Takes up to `limit` due deliveries for `owner` until `leaseUntil`, in one conditional UPDATE:
 * a row another node took in the meantime no longer matches `state = 'queued'` and is left out
 * (PostgreSQL re-checks the condition on the row it waited for; SKIP LOCKED avoids the wait).
 */
export async function claimDueDeliveries(
  db: Database,
  owner: string,
  now: string,
  leaseUntil: string,
  limit: number,
): Promise<NewsletterDeliveryRow[]> {
  const due = (qb: typeof db) =>
    qb
      .selectFrom('newsletter_deliveries')
      .select('id')
      .where('state', '=', 'queued')
      .where('next_attempt_at', '<=', now)
      .orderBy('priority')
      .orderBy('next_attempt_at')
      .orderBy('id')
      .limit(limit)
  const claim = { state: 'sending', lease_owner: owner, lease_until: leaseUntil }
  let rows: NewsletterDeliveryRow[]
  if (isPostgres(db)) {
    // Chosen once (a materialized CTE): inside `id IN (…)` PostgreSQL may run a SKIP LOCKED
    // subquery more than once and claim more than `limit` rows.
    rows = await db
      .with(
        (cte) => cte('due').materialized(),
        (qb) =>
          due(qb as typeof db)
            .forUpdate()
            .skipLocked(),
      )
      .updateTable('newsletter_deliveries')
      .set(claim)
      .from('due')
      .whereRef('newsletter_deliveries.id', '=', 'due.id')
      .where('newsletter_deliveries.state', '=', 'queued')
      .returningAll('newsletter_deliveries')
      .execute()
  } else {
    rows = await db
      .updateTable('newsletter_deliveries')
      .set(claim)
      .where('id', 'in', due(db))
      .where('state', '=', 'queued')
      .returningAll()
      .execute()
  }
  return rows.sort((a, b) => a.id - b.id)
}

/**
 * The SMTP server accepted the message: one write, the first thing done after its answer (the
 * window in which a crash makes the delivery go out again is this statement alone).
 */
export async function markDeliveryAccepted(db: Database, id: number, now: string): Promise<void> {
  await db
    .updateTable('newsletter_deliveries')
    .set({
      state: 'sent',
      accepted_at: now,
      sent_at: now,
      attempts: sql<number>`attempts + 1`,
      lease_owner: null,
      lease_until: null,
    })
    .where('id', '=', id)
    .execute()
}

/** A refused or failed attempt: queued again at `retryAt`, or failed for good when null. */
export async function markDeliveryFailed(
  db: Database,
  id: number,
  fields: { attempts: number; error: string; retryAt: string | null },
): Promise<void> {
  await db
    .updateTable('newsletter_deliveries')
    .set({
      state: fields.retryAt ? 'queued' : 'failed',
      attempts: fields.attempts,
      last_error: fields.error.slice(0, 500),
      next_attempt_at: fields.retryAt ?? sql<string>`next_attempt_at`,
      lease_owner: null,
      lease_until: null,
    })
    .where('id', '=', id)
    .where('state', '=', 'sending')
    .execute()
}

/**
 * Deliveries left `sending` by a process that is gone: those whose lease ran out, and those of
 * `previousOwnerPrefix` (this node's earlier process, which cannot be running any more). One
 * the SMTP server accepted is sent; any other is queued again at once.
 */
export async function recoverAbandonedDeliveries(
  db: Database,
  now: string,
  except: string,
  previousOwnerPrefix?: string,
): Promise<number> {
  const abandoned = (q: ReturnType<typeof base>) =>
    q.where((eb) =>
      eb.or([
        eb('lease_until', '<', now),
        ...(previousOwnerPrefix
          ? [
              eb.and([
                eb(
                  sql`substr(lease_owner, 1, ${previousOwnerPrefix.length})`,
                  '=',
                  previousOwnerPrefix,
                ),
                eb('lease_owner', '!=', except),
              ]),
            ]
          : []),
      ]),
    )
  const base = () => db.updateTable('newsletter_deliveries').where('state', '=', 'sending')
  await abandoned(base())
    .set({
      state: 'sent',
      sent_at: sql<string>`coalesce(sent_at, accepted_at)`,
      lease_owner: null,
      lease_until: null,
    })
    .where('accepted_at', 'is not', null)
    .execute()
  const requeued = await abandoned(base())
    .set({ state: 'queued', next_attempt_at: now, lease_owner: null, lease_until: null })
    .where('accepted_at', 'is', null)
    .executeTakeFirst()
  return Number(requeued.numUpdatedRows)
}

/** On a clean stop: what this process claimed but did not try goes back to the queue. */
export async function releaseClaimedDeliveries(
  db: Database,
  owner: string,
  now: string,
): Promise<void> {
  await db
    .updateTable('newsletter_deliveries')
    .set({ state: 'queued', next_attempt_at: now, lease_owner: null, lease_until: null })
    .where('state', '=', 'sending')
    .where('lease_owner', '=', owner)
    .where('accepted_at', 'is', null)
    .execute()
}

/** Sends whose every delivery has ended become `sent`. */
export async function finishCompletedNewsletters(db: Database, now: string): Promise<void> {
  await db
    .updateTable('newsletters')
    .set({ state: 'sent', finished_at: now })
    .where('state', '=', 'sending')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('newsletter_deliveries as d')
            .select('d.id')
            .whereRef('d.newsletter_id', '=', 'newsletters.id')
            .where('d.state', 'in', ['queued', 'sending']),
        ),
      ),
    )
    .execute()
}

export async function findNewsletter(db: Database, id: number): Promise<NewsletterRow | undefined> {
  return db.selectFrom('newsletters').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The token key of each subscription, for the links of a batch's mails. */
export async function subscriptionKeys(
  db: Database,
  ids: number[],
): Promise<
  Map<number, Pick<NewsletterSubscriptionRow, 'id' | 'token_key' | 'unsubscribed_at' | 'alerts'>>
> {
  if (ids.length === 0) return new Map()
  const rows = await db
    .selectFrom('newsletter_subscriptions')
    .select(['id', 'token_key', 'unsubscribed_at', 'alerts'])
    .where('id', 'in', ids)
    .execute()
  return new Map(rows.map((r) => [r.id, r]))
}

/** Puts a send's failed deliveries back in the queue, attempts starting over. */
export async function requeueFailedDeliveries(
  trx: Trx,
  newsletterId: number,
  now: string,
): Promise<number> {
  const result = await trx
    .updateTable('newsletter_deliveries')
    .set({ state: 'queued', attempts: 0, next_attempt_at: now, last_error: null })
    .where('newsletter_id', '=', newsletterId)
    .where('state', '=', 'failed')
    .executeTakeFirst()
  const count = Number(result.numUpdatedRows)
  if (count > 0) {
    await trx
      .updateTable('newsletters')
      .set({ state: 'sending', finished_at: null })
      .where('id', '=', newsletterId)
      .execute()
  }
  return count
}

// ── Which posts are due to be mailed ──────────────────────────────────────────────────────────

export interface DuePost {
  id: string
  visibility: string
  /** The instant the stage began: the publish date, or `public_at` for the e-mail-only stage. */
  since: string
  audience: NewsletterAudience
}

const noSendFor = (audiences: NewsletterAudience[]) =>
  sql<boolean>`not exists (select 1 from newsletters n where n.post_id = p.id and n.kind = ${'post'} and n.audience in (${sql.join(audiences)}))`

/**
 * Flagged posts that became visible to some audience between `after` and `now` and were not
 * mailed to it: a post's first send when its publish date comes (whoever its readers are), and
 * an early-access post's second, to the e-mail-only subscribers, when it opens to everyone.
 * A post that already went to everyone is never mailed again, whatever its later edits.
 */
export async function duePosts(
  db: Database,
  now: string,
  after: string,
  limit: number,
): Promise<DuePost[]> {
  const first = await db
    .selectFrom('blog_posts as p')
    .select(['p.id', 'p.visibility', 'p.published_at'])
    .where('p.email_subscribers', '=', 1)
    .where('p.status', '=', 'published')
    .where('p.published_at', 'is not', null)
    .where('p.published_at', '<=', now)
    .where('p.published_at', '>', after)
    .where(noSendFor(['all', 'members', 'email-only']))
    .orderBy('p.published_at')
    .limit(limit)
    .execute()
  const opened = await db
    .selectFrom('blog_posts as p')
    .select(['p.id', 'p.visibility', 'p.public_at'])
    .where('p.email_subscribers', '=', 1)
    .where('p.status', '=', 'published')
    .where('p.visibility', '=', 'early-access')
    .where('p.published_at', '<=', now)
    .where('p.public_at', 'is not', null)
    .where('p.public_at', '<=', now)
    .where('p.public_at', '>', after)
    .where(noSendFor(['all', 'email-only']))
    .orderBy('p.public_at')
    .limit(limit)
    .execute()
  return [
    ...first.map((p) => ({
      id: p.id,
      visibility: p.visibility,
      since: p.published_at!,
      audience: (p.visibility === 'public' ? 'all' : 'members') as NewsletterAudience,
    })),
    ...opened.map((p) => ({
      id: p.id,
      visibility: p.visibility,
      since: p.public_at!,
      audience: 'email-only' as const,
    })),
  ]
}

/** Whether any send of this post exists (the editor's box then changes nothing). */
export async function postWasMailed(db: Database, postId: string): Promise<boolean> {
  const row = await db
    .selectFrom('newsletters')
    .select('id')
    .where('post_id', '=', postId)
    .where('kind', '=', 'post')
    .executeTakeFirst()
  return row !== undefined
}

/**
 * The posts a digest lists, newest first: for members, every post whose publish date fell in
 * [from, to); for e-mail-only subscribers, the posts that opened to everyone in that week
 * (public ones by their publish date, early-access ones by `public_at`).
 */
export async function digestPosts(
  db: Database,
  audience: 'members' | 'email-only',
  from: string,
  to: string,
  limit: number,
) {
  const q = db
    .selectFrom('blog_posts')
    .select([
      'id',
      'title',
      'slug',
      'card_excerpt',
      'excerpt',
      'featured_image_url',
      'published_at',
      'visibility',
      'public_at',
    ])
    .where('status', '=', 'published')
    .where('published_at', 'is not', null)
  const rows =
    audience === 'members'
      ? await q
          .where('published_at', '>=', from)
          .where('published_at', '<', to)
          .orderBy('published_at', 'desc')
          .limit(limit)
          .execute()
      : await q
          .where('published_at', '<', to)
          .where((eb) =>
            eb.or([
              eb.and([eb('visibility', '=', 'public'), eb('published_at', '>=', from)]),
              eb.and([
                eb('visibility', '=', 'early-access'),
                eb('public_at', '>=', from),
                eb('public_at', '<', to),
              ]),
            ]),
          )
          .orderBy(sql`coalesce(public_at, published_at)`, 'desc')
          .limit(limit)
          .execute()
  return rows
}

// ── The admin's view ──────────────────────────────────────────────────────────────────────────

export async function subscriptionStats(db: Database) {
  const active = sql<boolean>`confirmed_at is not null and unsubscribed_at is null`
  const count = (condition: ReturnType<typeof sql>) =>
    sql<string>`coalesce(sum(case when ${condition} then 1 else 0 end), 0)`
  const row = await db
    .selectFrom('newsletter_subscriptions')
    .select([
      count(sql`user_id is not null and unsubscribed_at is null`).as('members'),
      count(sql`user_id is null and unsubscribed_at is null`).as('email_only'),
      count(sql`user_id is null and confirmed_at is not null and unsubscribed_at is null`).as(
        'confirmed',
      ),
      count(sql`user_id is null and confirmed_at is null and unsubscribed_at is null`).as(
        'unconfirmed',
      ),
      count(sql`unsubscribed_at is not null`).as('unsubscribed'),
      count(sql`${active} and posts = 1`).as('posts'),
      count(sql`${active} and digest = 1`).as('digest'),
      count(sql`${active} and alerts = 1`).as('alerts'),
    ])
    .executeTakeFirstOrThrow()
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as Record<
    keyof typeof row,
    number
  >
}

/** The admin's list of sends: posts and digests (a member's own sky alert is not a send). */
export async function listNewsletters(
  db: Database,
  page: { offset: number; limit: number },
): Promise<{ rows: NewsletterRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('newsletters')
      .selectAll()
      .where('kind', '!=', 'alert')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    db
      .selectFrom('newsletters')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('kind', '!=', 'alert')
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(total.n) }
}

/** Deliveries per state of each of these sends. */
export async function deliveryCounts(
  db: Database,
  ids: number[],
): Promise<Map<number, Record<DeliveryState, number>>> {
  const counts = new Map<number, Record<DeliveryState, number>>()
  for (const id of ids) counts.set(id, { queued: 0, sending: 0, sent: 0, failed: 0 })
  if (ids.length === 0) return counts
  const rows = await db
    .selectFrom('newsletter_deliveries')
    .select(['newsletter_id', 'state', (eb) => eb.fn.countAll<string>().as('n')])
    .where('newsletter_id', 'in', ids)
    .groupBy(['newsletter_id', 'state'])
    .execute()
  for (const row of rows) {
    const entry = counts.get(row.newsletter_id)
    if (entry && row.state in entry) entry[row.state as DeliveryState] = Number(row.n)
  }
  return counts
}

export async function newestFailures(db: Database, newsletterId: number, limit: number) {
  return db
    .selectFrom('newsletter_deliveries')
    .select(['email', 'last_error', 'attempts'])
    .where('newsletter_id', '=', newsletterId)
    .where('state', '=', 'failed')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

/** One page of the active subscriptions for the export, after subscription `afterId`. */
export async function exportPage(db: Database, afterId: number, limit: number) {
  return db
    .selectFrom('newsletter_subscriptions')
    .select(['id', 'email', 'user_id', 'posts', 'digest', 'alerts', 'confirmed_at', 'created_at'])
    .where('confirmed_at', 'is not', null)
    .where('unsubscribed_at', 'is', null)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute()
}

/** Deliveries in each state, over every send (the benchmark's and the tests' progress). */
export async function deliveryStateTotals(db: Database): Promise<Record<string, number>> {
  const rows = await db
    .selectFrom('newsletter_deliveries')
    .select(['state', (eb) => eb.fn.countAll<string>().as('n')])
    .groupBy('state')
    .execute()
  return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]))
}

/** Confirmed e-mail-only subscriptions with the default preferences (seeding a benchmark). */
export async function insertConfirmedSubscriptions(
  db: Database,
  subscribers: Array<{ email: string; tokenKey: string }>,
  now: string,
): Promise<void> {
  for (let i = 0; i < subscribers.length; i += 200) {
    await db
      .insertInto('newsletter_subscriptions')
      .values(
        subscribers.slice(i, i + 200).map((s) => ({
          email: s.email,
          user_id: null,
          token_key: s.tokenKey,
          confirmed_at: now,
          created_at: now,
          updated_at: now,
        })),
      )
      .execute()
  }
}
