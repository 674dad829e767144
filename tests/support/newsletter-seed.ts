import { randomBytes } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Database } from '../../server/db/dialect.ts'
import { createUser } from '../../server/seed/factories.ts'
import type {
  DeliveryState,
  NewsletterAudience,
  NewsletterKind,
  NewsletterState,
} from '../../contracts/newsletter-constants.ts'

/** A subscription to write as it would be after its owner's steps (subscribing, confirming…). */
export interface SeedSubscriber {
  email: string
  /** A member's subscription: an account with this address is made for it. */
  member?: boolean
  confirmed?: boolean
  unsubscribed?: boolean
  posts?: boolean
  digest?: boolean
  alerts?: boolean
}

/** A send and its deliveries, to the seeded subscribers of the same addresses. */
export interface SeedSend {
  subject: string
  /** The post mailed; the worker renders the mail from it when it sends a delivery. */
  postId?: string
  kind?: NewsletterKind
  audience?: NewsletterAudience
  state: NewsletterState
  createdAt?: string
  deliveries: Array<{
    email: string
    state: DeliveryState
    attempts?: number
    lastError?: string | null
  }>
}

export interface NewsletterSeed {
  subscribers: SeedSubscriber[]
  send?: SeedSend
  /** A seeded send whose waiting deliveries fall due now, for the worker to send. */
  release?: number
}

/** Far enough ahead that no worker takes a seeded queued delivery while a test looks at it. */
const NEVER = '2999-01-01T00:00:00.000Z'

/**
 * Writes subscriptions and a send straight into the outbox's tables, the state a send reaches
 * part-way (some sent, some failed, some waiting) without waiting for a real one to get there.
 */
export async function seedNewsletter(
  db: Database,
  seed: NewsletterSeed,
): Promise<{ sendId: number | null }> {
  const now = new Date().toISOString()
  const ids = new Map<string, number>()
  for (const s of seed.subscribers) {
    const email = s.email.toLowerCase()
    const user = s.member
      ? await createUser(db, { email, displayName: email.split('@')[0]!, role: 'user' }, now)
      : null
    const row = await db
      .insertInto('newsletter_subscriptions')
      .values({
        email,
        user_id: user?.id ?? null,
        token_key: randomBytes(16).toString('base64url'),
        posts: s.posts === false ? 0 : 1,
        digest: s.digest === false ? 0 : 1,
        alerts: s.alerts ? 1 : 0,
        confirmed_at: s.member || s.confirmed ? now : null,
        confirmation_sent_at: s.member ? null : now,
        unsubscribed_at: s.unsubscribed ? now : null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    ids.set(email, Number(row.id))
  }
  if (seed.release !== undefined) {
    await db
      .updateTable('newsletter_deliveries')
      .set({ next_attempt_at: now })
      .where('newsletter_id', '=', seed.release)
      .where('state', '=', 'queued')
      .execute()
  }
  if (!seed.send) return { sendId: null }
  const send = seed.send
  const created = send.createdAt ?? now
  const newsletter = await db
    .insertInto('newsletters')
    .values({
      kind: send.kind ?? 'post',
      post_id: send.postId ?? null,
      audience: send.audience ?? 'all',
      dedupe_key: `seed:${randomBytes(8).toString('hex')}`,
      subject: send.subject,
      state: send.state,
      recipient_count: send.deliveries.length,
      created_at: created,
      finished_at: send.state === 'sent' ? now : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  const sendId = Number(newsletter.id)
  for (const d of send.deliveries) {
    const subscription = ids.get(d.email.toLowerCase())
    if (subscription === undefined) throw new Error(`${d.email} is not among the subscribers`)
    await db
      .insertInto('newsletter_deliveries')
      .values({
        newsletter_id: sendId,
        subscription_id: subscription,
        email: d.email.toLowerCase(),
        state: d.state,
        attempts: d.attempts ?? (d.state === 'queued' ? 0 : 1),
        last_error: d.lastError ?? null,
        next_attempt_at: d.state === 'queued' ? NEVER : now,
        accepted_at: d.state === 'sent' ? now : null,
        sent_at: d.state === 'sent' ? now : null,
      })
      .execute()
  }
  return { sendId }
}

/** `POST /__newsletter/seed` on the e2e server's fakes: a JSON NewsletterSeed in, `{sendId}` out. */
export function newsletterSeedRoute(db: Database) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const seed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as NewsletterSeed
      seedNewsletter(db, seed).then(
        (answer) =>
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer)),
        (error: unknown) => res.writeHead(500).end(String(error)),
      )
    })
  }
}
