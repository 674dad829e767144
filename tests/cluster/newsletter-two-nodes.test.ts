import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { DB } from '../../server/db/schema.ts'
import { startSmtpServer } from '../support/smtp.ts'
import { ADMIN, type Cluster, startCluster } from './cluster.ts'
import {
  addSubscribers,
  perRecipient,
  publishPost,
  subscriberEmails,
  waitFor,
} from './newsletter-support.ts'

/**
 * Two app nodes on one PostgreSQL database, both with the outbox running: a post's newsletter
 * is queued once and each subscriber gets it once, whichever node polls first.
 */
let cluster: Cluster
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let db: Kysely<DB>
beforeAll(async () => {
  smtp = await startSmtpServer()
  cluster = await startCluster(inject('postgresUrl'), {
    env: { SMTP_URL: smtp.url, NEWSLETTER_RATE_PER_MINUTE: '0', NEWSLETTER_POLL_S: '0.2' },
  })
  db = new Kysely<DB>({
    dialect: new PostgresDialect({
      pool: new pg.Pool({ connectionString: cluster.databaseUrl, max: 1 }),
    }),
  })
}, 120_000)
afterAll(async () => {
  await db?.destroy()
  await cluster?.close()
  await smtp?.close()
})

describe('two nodes on one PostgreSQL', () => {
  it('send one newsletter once', async () => {
    await addSubscribers(db as never, subscriberEmails(300))
    // Posted through the balancer: either node queues it and wakes; both poll.
    await publishPost(cluster.url, ADMIN)
    await waitFor(() => smtp.mails.length >= 300, 60_000, '300 mails')
    // A moment more, for a second copy that should not come.
    await new Promise((r) => setTimeout(r, 1500))
    const counts = perRecipient(smtp.mails)
    expect(counts.size).toBe(300)
    expect([...counts.values()].every((n) => n === 1)).toBe(true)
    expect(smtp.mails).toHaveLength(300)
    const sends = await db.selectFrom('newsletters').select(['state', 'recipient_count']).execute()
    expect(sends).toEqual([{ state: 'sent', recipient_count: 300 }])
  })
})
