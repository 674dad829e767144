/**
 * `npm run lighthouse`: Lighthouse's mobile profile (its default: a mid-range phone on slow 4G,
 * simulated) on /, /blog, a post and /kp-index, three runs each, in Debian's Chromium; prints the
 * median scores and LCP, TBT and CLS per page. The production build is started as `npm start`
 * starts it, with a throwaway DATA_DIR and the project's fake upstreams on loopback (as
 * `npm run demo`), so the sky pages show real-looking data offline. Builds first if there is no
 * build. BUILD_DIR picks the build; LIGHTHOUSE_RUNS and LIGHTHOUSE_PORT change the defaults;
 * LIGHTHOUSE_PAGES=/tonight,/sky-calendar measures those paths instead (the post by its index,
 * 2; /email/preferences by a subscriber's signed link, made for the run);
 * LIGHTHOUSE_VERBOSE=1 lists the audits that lost points; LIGHTHOUSE_REPORTS=<dir> keeps each
 * run's report (JSON) there.
 *
 * External images, answered on loopback. The fake upstreams' data point at the real image hosts
 * (radio cover art on radio.example.org, YouTube thumbnails on i.ytimg.com, the Discord gallery
 * on cdn.discordapp.com and media.discordapp.net, news and APOD pictures). This machine is
 * offline, so each of those would fail to load, and every failure is a console error, which
 * costs the best-practices score points the site itself did not lose. Chromium is therefore told
 * to resolve every host name but loopback's to a small HTTPS server started here
 * (`--host-resolver-rules`), with a self-signed certificate made at run time by the `openssl`
 * command and accepted with `--ignore-certificate-errors`. It answers every path with the same
 * small SVG picture: a vector image has no resolution or natural aspect ratio of its own, so
 * Lighthouse's image-size and aspect-ratio audits do not judge the stand-ins as if they were the
 * real photos. Without `openssl` the run goes on with the external images failing, as before.
 */
import { spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { loadConfig } from '../server/config.ts'
import { insertSubscriptionOnce } from '../server/db/newsletter-subscriptions.ts'
import { createDatabase } from '../server/db/dialect.ts'
import { newTokenKey } from '../server/newsletter/tokens.ts'
import { subscriberLinks } from '../server/services/newsletter-subscriptions.ts'
import { createFakeUpstreams } from '../tests/fakes/upstreams.ts'
import { type RunningServer, startServer } from './start-server.ts'

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3)
const PORT = Number(process.env.LIGHTHOUSE_PORT ?? 3700)
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
const buildDir = process.env.BUILD_DIR ?? 'build'
const origin = `http://127.0.0.1:${PORT}`

// Checked before anything starts: Chromium failing to launch later would end this process with an
// unhandled error and leave the site's server running on the port, where the next run's
// Lighthouse would measure it, its fake upstreams gone.
if (!existsSync(CHROMIUM)) {
  console.error(`no Chromium at ${CHROMIUM}: apt-get install chromium, or set CHROMIUM_PATH`)
  process.exit(1)
}

if (!existsSync(path.join(buildDir, 'server-bundle/main.js'))) {
  console.log(`no build in ${buildDir}/: npm run build…`)
  const built = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', env: process.env })
  if (built.status !== 0) process.exit(built.status ?? 1)
}

/** The stand-in for every external image: a night-sky gradient that fills any box. */
const STAND_IN_IMAGE = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 9" preserveAspectRatio="none"><defs><linearGradient id="g" x2="0" y2="1"><stop offset="0" stop-color="#1e2a5a"/><stop offset="1" stop-color="#070a17"/></linearGradient></defs><rect width="16" height="9" fill="url(#g)"/></svg>`

/**
 * The HTTPS server that stands in for every external host (see the header), on a loopback port,
 * or undefined when there is no `openssl` to make its certificate.
 */
async function startImageServer(dir: string): Promise<Server | undefined> {
  const key = path.join(dir, 'image-server.key')
  const cert = path.join(dir, 'image-server.crt')
  if (spawnSync('openssl', ['version'], { stdio: 'ignore' }).error) {
    console.warn('no openssl: external images will fail to load (and cost best practices points)')
    return undefined
  }
  const generated = spawnSync(
    'openssl',
    [
      ...['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'],
      ...['-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=lighthouse-images'],
    ],
    { stdio: 'ignore' },
  )
  if (generated.status !== 0) throw new Error('openssl could not make a certificate')
  const server = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (_req, res) => {
    res
      .writeHead(200, {
        'content-type': 'image/svg+xml',
        'cache-control': 'public, max-age=86400',
        'access-control-allow-origin': '*',
      })
      .end(STAND_IN_IMAGE)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return server
}

const upstreams = createFakeUpstreams()
const fakes = await upstreams.start(0)
const dataDir = mkdtempSync(path.join(tmpdir(), 'lighthouse-'))
const images = await startImageServer(dataDir)
// However this process ends (an error, Ctrl-C), the server it starts does not outlive it.
process.once('SIGINT', () => process.exit(130))

let server: RunningServer | undefined
let chrome: chromeLauncher.LaunchedChrome | undefined
const stop = async () => {
  await chrome?.kill()
  await server?.stop()
  fakes.server.close()
  images?.closeAllConnections()
  images?.close()
  rmSync(dataDir, { recursive: true, force: true })
}

const serverEnv = {
  DATA_DIR: dataDir,
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'lighthouse-password-1',
  ...fakes.env,
}

const MEASURED_SUBSCRIBER = 'lighthouse-subscriber@example.com'

/**
 * Where a page is measured. /email/preferences opens from a mail's signed link: a confirmed
 * subscription is written into the server's database, as the confirmation link leaves one (the
 * server has no SMTP here, so it takes no subscriptions), and its link signed as the mails sign
 * it, with the secret the server keeps in its DATA_DIR.
 */
async function addressOf(page: string): Promise<string> {
  if (page !== '/email/preferences') return page
  // The server's own configuration (startServer passes this process's environment on).
  const config = loadConfig({ ...process.env, NODE_ENV: 'production', ...serverEnv })
  const db = createDatabase(config.database)
  try {
    const now = new Date().toISOString()
    const row = await insertSubscriptionOnce(db, {
      email: MEASURED_SUBSCRIBER,
      user_id: null,
      token_key: newTokenKey(),
      posts: 1,
      digest: 1,
      alerts: 0,
      confirmed_at: now,
      confirmation_sent_at: now,
      unsubscribed_at: null,
      created_at: now,
      updated_at: now,
    })
    const { preferencesUrl } = subscriberLinks(config.sessionSecret, origin, row, new Date())
    return preferencesUrl.slice(origin.length)
  } finally {
    await db.destroy()
  }
}

interface Row {
  performance: number
  accessibility: number
  'best-practices': number
  seo: number
  lcp: number
  tbt: number
  cls: number
}

/** The median of the runs that measured it (a run Lighthouse could not finish gives NaN). */
const median = (xs: number[]) => {
  const s = xs.filter((x) => !Number.isNaN(x)).sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)] ?? NaN
}

try {
  server = await startServer({ port: PORT, buildDir, env: serverEnv, echoStderr: true })
  const list = (await (await fetch(`${origin}/_api/blog/list?limit=1`)).json()) as {
    posts: Array<{ slug: string }>
  }
  const post = list.posts[0]?.slug
  if (!post) throw new Error('no published post to measure')
  const all = ['/', '/blog', `/blog/${post}`, '/kp-index']
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').filter(Boolean)
  // A number picks from the default list (the post is 2); any other path is measured as given.
  const pages = only ? only.map((p) => (/^\d+$/.test(p) ? (all[Number(p)] ?? p) : p)) : all
  const addresses = new Map<string, string>()
  for (const page of pages) addresses.set(page, await addressOf(page))
  // The first render of each page warms the server (lazy chunks, sky caches).
  for (const p of pages) {
    const res = await fetch(origin + addresses.get(p))
    await res.text()
    if (!res.ok) console.warn(`  ${p} answers ${res.status}: its scores are its error page's`)
  }

  const imagePort = images && (images.address() as AddressInfo).port
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      // Chromium's own traffic (updates, sync) stays off the absent network, as in the e2e tests.
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...(imagePort
        ? [
            `--host-resolver-rules=MAP * 127.0.0.1:${imagePort}, EXCLUDE 127.0.0.1, EXCLUDE localhost`,
            '--ignore-certificate-errors',
          ]
        : []),
    ],
  })
  const results: Array<{ page: string; row: Row }> = []
  for (const page of pages) {
    const runs: Row[] = []
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(origin + addresses.get(page), {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      })
      const lhr = result!.lhr
      if (lhr.runtimeError) console.warn(`  ${page} run ${run + 1}: ${lhr.runtimeError.message}`)
      if (process.env.LIGHTHOUSE_REPORTS) {
        const name = `${page.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}-${run + 1}.json`
        mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true })
        writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, name), JSON.stringify(lhr))
      }
      // A run Lighthouse could not finish has no scores: NaN, left out of the medians, not 0.
      const score = (id: string) => {
        const value = lhr.categories[id]?.score
        return typeof value === 'number' ? Math.round(value * 100) : NaN
      }
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN
      runs.push({
        performance: score('performance'),
        accessibility: score('accessibility'),
        'best-practices': score('best-practices'),
        seo: score('seo'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
      })
      if (process.env.LIGHTHOUSE_VERBOSE) {
        for (const [id, category] of Object.entries(lhr.categories)) {
          for (const ref of category.auditRefs) {
            const a = lhr.audits[ref.id]
            if (ref.weight > 0 && a && a.score !== null && a.score < 1) {
              console.log(`  ${page} ${id}: ${a.id} (${a.score}) ${a.displayValue ?? ''}`)
              const items = (a.details as { items?: unknown[] } | undefined)?.items ?? []
              for (const item of items.slice(0, 3))
                console.log(`    ${JSON.stringify(item).slice(0, 300)}`)
            }
          }
        }
      }
    }
    const row = Object.fromEntries(
      Object.keys(runs[0]!).map((k) => [k, median(runs.map((r) => r[k as keyof Row]))]),
    ) as unknown as Row
    results.push({ page, row })
  }

  console.log(`\nLighthouse ${RUNS}× per page, mobile profile, medians:`)
  console.log('page'.padEnd(44) + 'perf  a11y  best  seo   LCP ms   TBT ms   CLS')
  for (const { page, row } of results) {
    console.log(
      page.padEnd(44) +
        [row.performance, row.accessibility, row['best-practices'], row.seo]
          .map((v) => String(v).padEnd(6))
          .join('') +
        row.lcp.toFixed(0).padEnd(9) +
        row.tbt.toFixed(0).padEnd(9) +
        row.cls.toFixed(3),
    )
  }
} finally {
  await stop()
}
