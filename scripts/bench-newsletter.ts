import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { loadConfig } from '../server/config.ts'
import { createDatabase, inTransaction } from '../server/db/dialect.ts'
import { migrateToLatest } from '../server/db/migrate.ts'
import {
  deliveryStateTotals,
  insertConfirmedSubscriptions,
  queueNewsletter,
} from '../server/db/newsletter-outbox.ts'
import { createUser } from '../server/seed/factories.ts'
import { createLogger } from '../server/shared/logger.ts'
import { createServices } from '../server/services/index.ts'
import { newTokenKey } from '../server/newsletter/tokens.ts'
import { startSmtpServer } from '../tests/support/smtp.ts'
import { startArguments, startEnvironment } from './start-command.ts'

/**
 * npm run bench:newsletter: how long the outbox takes to hand 10,000 queued deliveries of one
 * post to a local SMTP server at an unlimited rate, and the memory it takes. A throwaway SQLite
 * database gets 10,000 confirmed subscribers and a post whose newsletter is queued; then a child
 * process, with `npm start`'s Node flags and environment, runs the outbox alone until every
 * delivery has ended, sampling its RSS and heap. Prints wall time, mails/s, peak RSS and peak
 * heap. BENCH_RECIPIENTS changes the count.
 */
const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 10_000)

if (process.argv[2] === '--worker') await worker()
else await main()

function configFor(dataDir: string, smtpUrl?: string) {
  return loadConfig({
    DATA_DIR: dataDir,
    SESSION_SECRET: 'b'.repeat(64),
    LOG_LEVEL: 'error',
    PUBLIC_URL: 'https://astro.example.org',
    NEWSLETTER_RATE_PER_MINUTE: '0',
    NEWSLETTER_POLL_S: '0.2',
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
  })
}

async function main() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-newsletter-'))
  try {
    const config = configFor(dataDir)
    const db = createDatabase(config.database)
    await migrateToLatest(db)
    const now = new Date().toISOString()
    const author = await createUser(
      db,
      {
        email: 'author@example.org',
        displayName: 'Author',
        role: 'admin',
        password: 'x'.repeat(12),
      },
      now,
    )
    const services = createServices({ config, db, logger: createLogger('silent') })
    const post = await services.blog.create(
      {
        title: 'The Geminids peak this weekend',
        content: `<p>${'Look east after ten in the evening. '.repeat(60)}</p>`,
        status: 'published',
        tags: [],
        emailSubscribers: false,
      },
      { id: author.id, role: 'admin' } as never,
    )
    await insertConfirmedSubscriptions(
      db,
      Array.from({ length: RECIPIENTS }, (_, i) => ({
        email: `reader${i + 1}@example.org`,
        tokenKey: newTokenKey(),
      })),
      now,
    )
    const queued = await inTransaction(db, (trx) =>
      queueNewsletter(trx, {
        kind: 'post',
        postId: post.id,
        audience: 'all',
        dedupeKey: `post:${post.id}:all`,
        subject: post.title,
        preference: 'posts',
        now,
      }),
    )
    await db.destroy()

    let accepted = 0
    const smtp = await startSmtpServer(0, {
      beforeAnswer: () => {
        accepted++
        return null
      },
    })
    const child = spawn(
      process.execPath,
      [
        ...startArguments().slice(0, -1),
        'scripts/bench-newsletter.ts',
        '--worker',
        dataDir,
        smtp.url,
      ],
      {
        env: { ...process.env, ...startEnvironment() },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    )
    // The received messages are counted, not kept.
    const drain = setInterval(() => (smtp.mails.length = 0), 200)
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    clearInterval(drain)
    await smtp.close()
    console.log(`queued ${queued?.recipients ?? 0}, the SMTP server accepted ${accepted}`)
    if (code !== 0) process.exitCode = 1
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
}

async function worker() {
  const [dataDir, smtpUrl] = process.argv.slice(3) as [string, string]
  const config = configFor(dataDir, smtpUrl)
  const db = createDatabase(config.database)
  const services = createServices({ config, db, logger: createLogger('error') })
  const remaining = async () => {
    const totals = await deliveryStateTotals(db)
    return (totals.queued ?? 0) + (totals.sending ?? 0)
  }
  let peakRss = 0
  let peakHeap = 0
  const sample = () => {
    const m = process.memoryUsage()
    peakRss = Math.max(peakRss, m.rss)
    peakHeap = Math.max(peakHeap, m.heapUsed)
  }
  const sampler = setInterval(sample, 50)
  const started = performance.now()
  services.newsletterOutbox.start()
  while ((await remaining()) > 0) await new Promise((r) => setTimeout(r, 100))
  const seconds = (performance.now() - started) / 1000
  sample()
  clearInterval(sampler)
  await services.newsletterOutbox.stop()
  const sent = (await deliveryStateTotals(db)).sent ?? 0
  await db.destroy()
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0)
  console.log(
    `${sent} deliveries sent in ${seconds.toFixed(1)} s: ${(sent / seconds).toFixed(0)} mails/s; ` +
      `peak RSS ${mb(peakRss)} MB, peak heap used ${mb(peakHeap)} MB`,
  )
}
