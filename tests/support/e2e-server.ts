import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { loadConfig } from '../../server/config.ts'
import { createUser } from '../../server/seed/factories.ts'
import { findSubscriptionByEmail } from '../../server/db/newsletter-subscriptions.ts'
import { subscriberLinks } from '../../server/services/newsletter-subscriptions.ts'
import type * as ServerMain from '../../server/main.ts'
import { createFakeUpstreams } from '../fakes/upstreams.ts'
import { E2E } from './e2e-accounts.ts'
import { newsletterSeedRoute } from './newsletter-seed.ts'
import { startSmtpServer } from './smtp.ts'

/**
 * The production build (the app and the bundled server) on a fresh SQLite database, with fake
 * upstreams on loopback and a member account beside the seeded admin. Started by Playwright's
 * webServer.
 */
// The browser tests drive the bundled server that `npm start` runs (ADR 015).
const { startServer } = (await import(
  pathToFileURL(path.resolve(process.env.BUILD_DIR ?? 'build', 'server-bundle/main.js')).href
)) as typeof ServerMain

const dataDir = mkdtempSync(path.join(tmpdir(), 'site-e2e-'))
const smtp = await startSmtpServer()
// POST {fakes}/__sky/mode switches the sky upstreams' failure modes and resets the app's sky caches.
const upstreams = createFakeUpstreams({
  onSkyReset: (mode, scope) => running.services.sky.resetCaches(mode, scope),
  onRadioMode: () => running.services.radio.resetCaches(),
})
const fakes = await upstreams.start(E2E.fakesPort, {
  // What the contact form e-mailed, for the tests to read.
  '/__mails': (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(smtp.mails))
  },
  // Subscribers and a send part-way through, written into the database (the admin's tests).
  '/__newsletter/seed': (req, res) => newsletterSeedRoute(running.services.db)(req, res),
  // The preferences and unsubscribe links a newsletter mail would carry to ?email=.
  '/__newsletter-links': (_req, res, url) => {
    const email = url.searchParams.get('email') ?? ''
    void findSubscriptionByEmail(running.services.db, email).then((row) => {
      if (!row) return res.writeHead(404).end()
      const origin = `http://127.0.0.1:${E2E.port}`
      const links = subscriberLinks(config.sessionSecret, origin, row, new Date())
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(links))
    })
  },
})

const config = loadConfig({
  NODE_ENV: 'production',
  PORT: String(E2E.port),
  HOST: '127.0.0.1',
  // The browser tests give each API sign-in its own client address (tests/e2e/helpers.ts).
  TRUST_PROXY: '1',
  DATA_DIR: dataDir,
  ADMIN_EMAIL: E2E.admin.email,
  ADMIN_PASSWORD: E2E.admin.password,
  SITE_NAME: 'Astro Cosmos',
  DISCORD_INVITE_URL: 'https://discord.gg/astro-e2e',
  ANALYTICS_PROVIDER: 'plausible',
  PLAUSIBLE_DOMAIN: 'astro.example.org',
  ADS_TXT: 'google.com, pub-0000000000000000, DIRECT, f08c47fec0942fa0',
  SITE_VERIFICATION_PATH: '/tiktok-verify.txt',
  SITE_VERIFICATION_LINE: 'tiktok-developers-site-verification=e2e',
  LOG_LEVEL: 'error',
  SMTP_URL: smtp.url,
  CONTACT_TO: 'owner@astro.example.org',
  MAIL_FROM: 'site@astro.example.org',
  ...fakes.env,
  SKY_UPSTREAM_TIMEOUT_MS: '6000',
  // Every browser page comes from 127.0.0.1 and polls the radio; the per-address limit itself is
  // tested in tests/api/upstream-protection.test.ts.
  UPSTREAM_RATE_LIMIT_PER_MINUTE: '100000',
  // The admin's newsletter tests watch a send finish: the outbox is looked at every second.
  NEWSLETTER_POLL_S: '1',
})
const running = await startServer(config)

const now = new Date().toISOString()
await createUser(running.services.db, { ...E2E.member, role: 'user' }, now)
// Account settings tests change this member's name, e-mail and password: nobody else uses it.
await createUser(running.services.db, { ...E2E.settingsMember, role: 'user' }, now)

const stop = async () => {
  await running.close()
  fakes.server.close()
  await smtp.close()
  rmSync(dataDir, { recursive: true, force: true })
  process.exit(0)
}
process.once('SIGTERM', () => void stop())
process.once('SIGINT', () => void stop())
