/**
 * `npm run demo`: the built site with the project's own fake upstreams on loopback (Discord,
 * YouTube, sky data, analytics) and a local mailbox, so every page shows data with no internet
 * and no keys. Data lives in ./data/demo; delete it to start over.
 */
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type * as ServerMain from '../server/main.ts'
import { loadConfig } from '../server/config.ts'
import { createFakeUpstreams } from '../tests/fakes/upstreams.ts'
import { startSmtpServer } from '../tests/support/smtp.ts'

const port = Number(process.env.PORT ?? 3000)
const fakesPort = Number(process.env.DEMO_FAKES_PORT ?? port + 1)
const adminPassword = process.env.ADMIN_PASSWORD ?? 'demo-admin-password'

const { startServer } = (await import(
  pathToFileURL(path.resolve(process.env.BUILD_DIR ?? 'build', 'server-bundle/main.js')).href
)) as typeof ServerMain

const smtp = await startSmtpServer()
const upstreams = createFakeUpstreams({
  onSkyReset: (mode, scope) => running.services.sky.resetCaches(mode, scope),
})
const fakes = await upstreams.start(fakesPort)

const config = loadConfig({
  NODE_ENV: 'production',
  PORT: String(port),
  HOST: process.env.HOST ?? '127.0.0.1',
  DATA_DIR: process.env.DATA_DIR ?? 'data/demo',
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: adminPassword,
  DISCORD_INVITE_URL: 'https://discord.gg/astro-demo',
  ANALYTICS_PROVIDER: 'plausible',
  PLAUSIBLE_DOMAIN: 'astro.example.org',
  LOG_LEVEL: process.env.LOG_LEVEL ?? 'error',
  SMTP_URL: smtp.url,
  CONTACT_TO: 'owner@astro.example.org',
  MAIL_FROM: 'site@astro.example.org',
  ...fakes.env,
})
const running = await startServer(config)

console.log(`
  Demo running at ${running.url}
  Sign in at ${running.url}/admin/login as admin@example.com / ${adminPassword}
  Fake upstreams at ${fakes.url}; e-mails are caught locally (${smtp.url}).
  Press Ctrl+C to stop.
`)

const stop = async () => {
  await running.close()
  fakes.server.close()
  await smtp.close()
  process.exit(0)
}
process.once('SIGTERM', () => void stop())
process.once('SIGINT', () => void stop())
