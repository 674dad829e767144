import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import type { NewsletterSendListResponse } from '../../contracts/newsletter-constants.ts'
import { createDatabase, type Database } from '../../server/db/dialect.ts'
import { deliveryStateTotals } from '../../server/db/newsletter-outbox.ts'
import { type RunningServer, startServer } from '../../scripts/start-server.ts'
import { type SmtpServerOptions, startSmtpServer } from '../support/smtp.ts'
import { BUILD_DIR, freePort, request } from './cluster.ts'
import {
  addSubscribers,
  perRecipient,
  publishPost,
  subscriberEmails,
  waitFor,
} from './newsletter-support.ts'

/**
 * The outbox in the production build, one node on SQLite as a small site runs it, against the
 * project's SMTP server: killed with SIGKILL in the middle of a send and started again, a
 * server that answers 421 for a while, and a recipient it refuses for good.
 */
const ADMIN = { email: 'admin@newsletter.example.org', password: 'newsletter-admin-password-1' }

interface Site {
  node: RunningServer
  db: Database
  port: number
  start(): Promise<RunningServer>
}

const cleanups: Array<() => Promise<void> | void> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function startSite(
  smtpOptions: SmtpServerOptions,
  env: Record<string, string> = {},
): Promise<Site & { smtp: Awaited<ReturnType<typeof startSmtpServer>> }> {
  const smtp = await startSmtpServer(0, smtpOptions)
  cleanups.push(() => smtp.close())
  const dataDir = mkdtempSync(path.join(tmpdir(), 'newsletter-node-'))
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }))
  const port = await freePort()
  const file = path.join(dataDir, 'site.db')
  const start = () =>
    startServer({
      port,
      buildDir: BUILD_DIR,
      inheritEnv: false,
      env: {
        NODE_ENV: 'test',
        DATA_DIR: dataDir,
        DATABASE_URL: `file:${file}`,
        SESSION_SECRET: randomBytes(32).toString('hex').slice(0, 64),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        SMTP_URL: smtp.url,
        NEWSLETTER_RATE_PER_MINUTE: '0',
        NEWSLETTER_POLL_S: '0.2',
        ...env,
      },
    })
  const site = { node: await start(), port, start } as Site & { smtp: typeof smtp }
  cleanups.push(async () => {
    if (site.node.exitCode === null) {
      site.node.child.kill('SIGKILL')
      await site.node.exited
    }
  })
  site.db = createDatabase({ dialect: 'sqlite', file })
  cleanups.push(() => site.db.destroy())
  site.smtp = smtp
  return site
}

const stateCounts = deliveryStateTotals

describe('the newsletter outbox in the built server', () => {
  it('1,000 subscribers get exactly one mail each though the node is killed three times mid-send', async () => {
    const emails = subscriberEmails(1000)
    let site: Site | null = null
    const kills: string[] = []
    const kill = async (why: string) => {
      const node = site!.node
      node.child.kill('SIGKILL')
      await node.exited
      kills.push(why)
      // Started again as its supervisor would; its first poll takes over what it left.
      void site!.start().then((next) => (site!.node = next))
    }
    const gone = { code: 421, message: '421 Connection lost' }
    const running = await startSite({
      // Killed while the server holds a message it has read but not answered…
      beforeAnswer: async (_mail, index) => {
        if (index === 150 || index === 720) {
          await kill(`holding message ${index}`)
          return gone
        }
        return null
      },
      // …and between one message's 250 (and its write) and the next message.
      beforeMailFrom: async (index) => {
        if (index === 430) {
          await kill(`before message ${index}`)
          return gone
        }
        return null
      },
    })
    site = running
    await addSubscribers(running.db, emails)
    await publishPost(running.node.url, ADMIN)

    await waitFor(
      async () => kills.length === 3 && (await stateCounts(running.db)).sent === 1000,
      150_000,
      'every delivery sent',
    )
    expect(kills).toEqual(['holding message 150', 'before message 430', 'holding message 720'])
    const counts = perRecipient(running.smtp.mails)
    expect(counts.size).toBe(1000)
    expect([...counts.values()].every((n) => n === 1)).toBe(true)
    expect(running.smtp.mails).toHaveLength(1000)
    const send = await running.db.selectFrom('newsletters').selectAll().execute()
    expect(send).toHaveLength(1)
    await waitFor(
      async () =>
        (await running.db.selectFrom('newsletters').select('state').executeTakeFirst())?.state ===
        'sent',
      10_000,
      'the send finished',
    )
  }, 200_000)

  it('a server answering 421 for a while gets everything later; a 550 recipient is failed once and shown', async () => {
    const emails = [...subscriberEmails(40), 'nobody@example.org']
    let refusingUntil = Number.POSITIVE_INFINITY
    const rcpts = new Map<string, number>()
    const site = await startSite(
      {
        onRecipient: (address) => {
          rcpts.set(address, (rcpts.get(address) ?? 0) + 1)
          if (Date.now() < refusingUntil) return { code: 421, message: '421 4.7.0 Try again later' }
          if (address === 'nobody@example.org')
            return { code: 550, message: '550 5.1.1 No such user' }
          return null
        },
      },
      { NEWSLETTER_TEST_RETRY_DELAYS_MS: '1000,1000,1000,1000,1000,1000,1000,1000' },
    )
    await addSubscribers(site.db, emails)
    const { cookie } = await publishPost(site.node.url, ADMIN)
    const tried = async () =>
      Number(
        (
          await site.db
            .selectFrom('newsletter_deliveries')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('attempts', '>=', 1)
            .executeTakeFirstOrThrow()
        ).n,
      )
    await waitFor(async () => (await tried()) === 41, 20_000, 'every delivery refused once')
    const refused = await site.db
      .selectFrom('newsletter_deliveries')
      .select(['state', 'last_error'])
      .where('state', '!=', 'sent')
      .execute()
    expect(refused).toHaveLength(41)
    expect(refused.every((d) => d.last_error?.includes('421'))).toBe(true)
    expect(site.smtp.mails).toHaveLength(0)
    refusingUntil = Date.now()

    await waitFor(
      async () => {
        const c = await stateCounts(site.db)
        return c.sent === 40 && c.failed === 1
      },
      30_000,
      'delivered after the 421s',
    )
    const counts = perRecipient(site.smtp.mails)
    expect(counts.size).toBe(40)
    expect([...counts.values()].every((n) => n === 1)).toBe(true)
    const attemptsAfterOpen = rcpts.get('nobody@example.org')!
    await new Promise((r) => setTimeout(r, 1500))
    // Refused for good: not tried again.
    expect(rcpts.get('nobody@example.org')).toBe(attemptsAfterOpen)

    const res = await request(site.node.url, '/_api/admin/newsletter/sends', { cookie })
    expect(res.status).toBe(200)
    const [send] = res.json<NewsletterSendListResponse>().sends
    expect(send!.counts).toEqual({ queued: 0, sending: 0, sent: 40, failed: 1 })
    expect(send!.failures).toEqual([
      {
        email: 'nobody@example.org',
        lastError: expect.stringContaining('550 5.1.1 No such user') as string,
        attempts: expect.any(Number) as number,
      },
    ])
  }, 90_000)
})
