import type { IncomingMessage } from 'node:http'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AURORA_MESSAGES } from '../../contracts/aurora.ts'
import { defaultThreshold } from '../../server/aurora/oval.ts'
import { siteJobs } from '../../server/jobs/index.ts'
import { createScheduler } from '../../server/jobs/scheduler.ts'
import { claimDueDeliveries } from '../../server/db/newsletter-outbox.ts'
import { linkDiscordAccount } from '../../server/seed/factories.ts'
import { createLogger } from '../../server/shared/logger.ts'
import { startFakeUpstreams } from '../fakes/server.ts'
import { type SkyFake, createSkyFake, skyFakeEnv } from '../fakes/sky.ts'
import { type ReceivedMail, startSmtpServer } from '../support/smtp.ts'
import { type TestApp, createTestApp, testClock } from '../support/test-app.ts'

const PATH = '/_api/user/aurora-alerts'
const HOUR = 60 * 60 * 1000
/** Near Oslo: 60° N, dark by 16:00 UTC in late November. */
const NORTH = { lat: 60, lon: 10.75 }
/** Near Cairo: 30° N, where the oval reaches only in the greatest storms. */
const SOUTH = { lat: 30, lon: 31.2 }
/** 2026-11-23: 11:00 UTC is day at 60° N, 21:00 UTC is night. */
const DAY = new Date('2026-11-23T11:00:00Z')
const NIGHT = new Date('2026-11-23T21:00:00Z')

let t: TestApp
let fake: SkyFake
let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let clock: ReturnType<typeof testClock>
let closeUpstreams: () => Promise<void>
const webhook: unknown[] = []

async function readBody(req: IncomingMessage): Promise<string> {
  let text = ''
  for await (const chunk of req) text += String(chunk)
  return text
}

beforeAll(async () => {
  clock = testClock(DAY)
  fake = createSkyFake({ now: clock.now, holdMs: 5000 })
  const upstreams = await startFakeUpstreams({
    ...fake.routes,
    '/discord-webhook': async (req, res) => {
      webhook.push(JSON.parse(await readBody(req)))
      res.writeHead(204).end()
    },
  })
  closeUpstreams = async () => {
    upstreams.server.closeAllConnections()
    await new Promise((resolve) => upstreams.server.close(resolve))
  }
  smtp = await startSmtpServer()
  t = await createTestApp({
    env: {
      ...skyFakeEnv(upstreams.url),
      SMTP_URL: smtp.url,
      MAIL_FROM: 'sky@example.org',
      NEWSLETTER_RATE_PER_MINUTE: '0',
      DISCORD_ALERTS_WEBHOOK_URL: `${upstreams.url}/discord-webhook`,
    },
    clock,
  })
})
afterAll(async () => {
  await t?.close()
  await smtp?.close()
  await closeUpstreams?.()
})
beforeEach(async () => {
  t.services.sky.resetCaches('clear')
  fake.resetModes()
  smtp.mails.length = 0
  webhook.length = 0
  // Each test's members are its own: earlier ones are off, their mails gone.
  await t.db.updateTable('aurora_alerts').set({ enabled: 0 }).execute()
  await t.db.deleteFrom('newsletter_deliveries').execute()
})

/** A member whose address Discord vouches for: their subscription is confirmed at once. */
async function discordMember() {
  const { user, cookie } = await t.signedIn()
  await linkDiscordAccount(
    t.db,
    {
      userId: user.id,
      discordId: `9${String(user.id).padStart(17, '0')}`,
      username: `m${user.id}`,
    },
    clock.now().toISOString(),
  )
  return { user, cookie }
}

/** A message's quoted-printable parts as text. */
const quotedPrintable = (raw: string) =>
  Buffer.from(
    raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8')

const save = (cookie: string, json: unknown) => t.request(PATH, { json, cookie })

/** One check at `at` (the Kp caches read afresh), then the outbox sends what it queued. */
async function checkAt(at: Date): Promise<ReceivedMail[]> {
  clock.advance(at.getTime() - clock.now().getTime())
  t.services.sky.resetCaches('clear')
  smtp.mails.length = 0
  await t.services.aurora.check()
  await t.services.newsletterOutbox.pollOnce()
  return [...smtp.mails]
}

describe('the settings API', () => {
  it('is for members only', async () => {
    expect((await t.request(PATH)).status).toBe(401)
    expect((await t.request(PATH, { json: { enabled: false } })).status).toBe(401)
  })

  it('starts off, at the home place when there is one, with its default threshold', async () => {
    const { cookie } = await t.signedIn()
    expect((await t.request(PATH, { cookie })).json).toEqual({
      enabled: false,
      lat: null,
      lon: null,
      threshold: null,
      defaultThreshold: null,
    })
    await t.request('/_api/user/home-place', { json: { name: 'Oslo', ...NORTH }, cookie })
    expect((await t.request(PATH, { cookie })).json).toEqual({
      enabled: false,
      ...NORTH,
      threshold: null,
      defaultThreshold: 4,
    })
  })

  it('refuses a bad place or threshold with the field message', async () => {
    const { cookie } = await t.signedIn()
    const cases: Array<[unknown, string]> = [
      [{ enabled: true }, AURORA_MESSAGES.place],
      [{ enabled: true, lat: 60 }, AURORA_MESSAGES.place],
      [{ enabled: 'yes', ...NORTH }, AURORA_MESSAGES.enabled],
      [{ enabled: true, ...NORTH, threshold: 3 }, AURORA_MESSAGES.threshold],
      [{ enabled: true, ...NORTH, threshold: 10 }, AURORA_MESSAGES.threshold],
      [{ enabled: true, ...NORTH, threshold: 5.5 }, AURORA_MESSAGES.threshold],
      [{ enabled: true, lat: 91, lon: 0 }, 'Latitude must be a number from -90 to 90.'],
    ]
    for (const [body, message] of cases) {
      const res = await save(cookie, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.json.error).toBe(message)
    }
  })

  it('turns alerts on with the newsletter subscription, and off again', async () => {
    const { user, cookie } = await discordMember()
    const on = await save(cookie, { enabled: true, ...NORTH, threshold: 6 })
    expect(on.status).toBe(200)
    expect(on.json).toEqual({ enabled: true, ...NORTH, threshold: 6, defaultThreshold: 4 })
    // The mail goes through the member's subscription: sky alerts only, confirmed (Discord).
    const sub = await t.services.newsletterSubscriptions.member(user)
    expect(sub).toMatchObject({
      subscribed: true,
      confirmed: true,
      preferences: { posts: false, digest: false, alerts: true },
    })
    const off = await save(cookie, { enabled: false })
    expect(off.json).toEqual({ enabled: false, ...NORTH, threshold: 6, defaultThreshold: 4 })
    expect((await t.services.newsletterSubscriptions.member(user)).preferences.alerts).toBe(false)
    // Back on with the default threshold.
    const back = await save(cookie, { enabled: true, ...NORTH, threshold: null })
    expect(back.json).toMatchObject({ enabled: true, threshold: null })
    await save(cookie, { enabled: false })
  })
})

describe('the default threshold follows the geomagnetic latitude', () => {
  it.each([
    ['Tromsø', 69.65, 18.96, 4],
    ['Fairbanks', 64.84, -147.72, 4],
    ['Oslo', 59.91, 10.75, 4],
    ['Edinburgh', 55.95, -3.19, 5],
    ['Seattle', 47.61, -122.33, 7],
    ['London', 51.51, -0.13, 7],
    ['Cairo', 30.04, 31.24, 9],
    ['Singapore', 1.35, 103.82, 9],
  ])('%s: Kp %s', (_name, lat, lon, kp) => {
    expect(defaultThreshold(lat, lon)).toBe(kp)
  })
})

describe('the check', () => {
  it('alerts a member at 60° N once at night, never in daylight nor twice within 24 h; one at 30° N gets none', async () => {
    const north = await discordMember()
    const south = await discordMember()
    const high = await discordMember()
    expect((await save(north.cookie, { enabled: true, ...NORTH })).json).toMatchObject({
      defaultThreshold: 4,
    })
    expect((await save(south.cookie, { enabled: true, ...SOUTH })).json).toMatchObject({
      defaultThreshold: 9,
    })
    await save(high.cookie, { enabled: true, ...NORTH, threshold: 8 })
    fake.setMode('swpc', 'storm')

    // Daylight at 60° N for the next three hours: nothing yet.
    expect(await checkAt(DAY)).toHaveLength(0)

    const night = await checkAt(NIGHT)
    expect(night.map((m) => m.to)).toEqual([[north.user.email]])
    const raw = quotedPrintable(night[0]!.raw)
    expect(raw).toContain('<title>Aurora alert: Kp 7.3 while it is dark, 22:00–01:00 CET</title>')
    expect(raw).toContain(
      'at or forecast to reach Kp 7.3 while it is dark at 60.00° N, 10.75° E: from 22:00 until at least 01:00 (CET).',
    )
    expect(raw).toContain('/kp-index')
    expect(raw).toContain('List-Unsubscribe')

    // Still a storm an hour later, and the next evening: no second alert within 24 h.
    expect(await checkAt(new Date(NIGHT.getTime() + HOUR))).toHaveLength(0)
    expect(await checkAt(new Date(NIGHT.getTime() + 23 * HOUR))).toHaveLength(0)
    // A day after the first, the storm still on: the next one.
    const nextNight = await checkAt(new Date(NIGHT.getTime() + 24 * HOUR))
    expect(nextNight.map((m) => m.to)).toEqual([[north.user.email]])
  })

  it('alerts nobody on a quiet night, and nobody who turned the alerts off or unsubscribed', async () => {
    const quiet = await discordMember()
    await save(quiet.cookie, { enabled: true, ...NORTH, threshold: 5 })
    // The sample forecast peaks at Kp 4 now: under every threshold of 5 and over.
    const result = await t.services.aurora.check()
    expect(result.alerted).toBe(0)
    fake.setMode('swpc', 'storm')
    await save(quiet.cookie, { enabled: false })
    const mails = await checkAt(new Date(NIGHT.getTime() + 3 * 24 * HOUR))
    expect(mails.filter((m) => m.to.includes(quiet.user.email))).toHaveLength(0)
  })

  it('waits for a password account to confirm its address', async () => {
    const { user, cookie } = await t.signedIn()
    await save(cookie, { enabled: true, ...NORTH })
    const at = new Date(NIGHT.getTime() + 5 * 24 * HOUR)
    clock.advance(at.getTime() - clock.now().getTime())
    await t.services.newsletterSubscriptions.settle()
    fake.setMode('swpc', 'storm')
    const mails = await checkAt(at)
    expect(mails.filter((m) => m.to.includes(user.email))).toHaveLength(0)
  })

  it('runs as a scheduled job, once per AURORA_CHECK_INTERVAL_S however many nodes tick', async () => {
    const member = await discordMember()
    await save(member.cookie, { enabled: true, ...NORTH })
    fake.setMode('swpc', 'storm')
    const at = new Date(NIGHT.getTime() + 20 * 24 * HOUR)
    clock.advance(at.getTime() - clock.now().getTime())
    const jobs = siteJobs(t.services)
    expect(jobs.find((job) => job.name === 'aurora-alerts')?.every).toBe(15 * 60 * 1000)
    const logger = createLogger('silent')
    const nodes = [1, 2].map(() => createScheduler({ db: t.db, clock, logger, jobs }))
    await Promise.all(nodes.map((node) => node.tick()))
    await t.services.newsletterOutbox.pollOnce()
    expect(smtp.mails.filter((m) => m.to.includes(member.user.email))).toHaveLength(1)
  })

  it('tells the creator’s Discord channel of a storm once, and of the next storm after a quiet spell', async () => {
    fake.setMode('swpc', 'storm')
    const start = new Date(NIGHT.getTime() + 30 * 24 * HOUR)
    await checkAt(start)
    expect(webhook).toHaveLength(1)
    const embed = (webhook[0] as { embeds: Array<{ title: string; fields: unknown[] }> }).embeds[0]!
    expect(embed.title).toBe('Geomagnetic storm: Kp 7.3')
    expect(embed.fields).toHaveLength(3)
    // The same storm all day (the fake's storm always lasts 12 hours more): one message.
    for (const hours of [5, 6, 12, 18]) await checkAt(new Date(start.getTime() + hours * HOUR))
    expect(webhook).toHaveLength(1)
    // Quiet for a day, then a storm again: a new message.
    fake.setMode('swpc', 'ok')
    await checkAt(new Date(start.getTime() + 30 * HOUR))
    expect(webhook).toHaveLength(1)
    fake.setMode('swpc', 'storm')
    await checkAt(new Date(start.getTime() + 48 * HOUR))
    expect(webhook).toHaveLength(2)
  })

  it('lets a member who once unsubscribed from the newsletter turn alerts on', async () => {
    const { user, cookie } = await discordMember()
    await t.request('/_api/user/newsletter', { json: { subscribed: true }, cookie })
    await t.request('/_api/user/newsletter', { json: { subscribed: false }, cookie })
    const on = await save(cookie, { enabled: true, ...NORTH })
    expect(on.json).toMatchObject({ enabled: true })
    expect(await t.services.newsletterSubscriptions.member(user)).toMatchObject({
      subscribed: true,
      preferences: { alerts: true },
    })
    await save(cookie, { enabled: false })
  })

  it('does not send a queued alert to a member who stopped them, nor one whose dark window is over', async () => {
    fake.setMode('swpc', 'storm')
    const stopper = await discordMember()
    const late = await discordMember()
    for (const m of [stopper, late]) await save(m.cookie, { enabled: true, ...NORTH })
    const at = new Date(NIGHT.getTime() + 40 * 24 * HOUR)
    clock.advance(at.getTime() - clock.now().getTime())
    t.services.sky.resetCaches('clear')
    expect((await t.services.aurora.check()).alerted).toBe(2)
    await t.request('/_api/user/newsletter', {
      json: { subscribed: false },
      cookie: stopper.cookie,
    })
    // The window ends three hours after the check at the latest.
    clock.advance(3 * HOUR)
    smtp.mails.length = 0
    await t.services.newsletterOutbox.pollOnce()
    expect(smtp.mails).toHaveLength(0)
    const errors = await t.db
      .selectFrom('newsletter_deliveries')
      .select(['email', 'state', 'last_error'])
      .where('email', 'in', [stopper.user.email, late.user.email])
      .orderBy('email')
      .execute()
    expect(errors.map((e) => [e.email, e.state, e.last_error]).sort()).toEqual(
      [
        [stopper.user.email, 'failed', 'The subscription no longer takes sky alerts.'],
        [late.user.email, 'failed', 'The alert was not sent before its dark window ended.'],
      ].sort(),
    )
    await save(late.cookie, { enabled: false })
  })

  it('sends an alert before a bulk send queued earlier', async () => {
    fake.setMode('swpc', 'storm')
    const member = await discordMember()
    await save(member.cookie, { enabled: true, ...NORTH })
    const at = new Date(NIGHT.getTime() + 50 * 24 * HOUR)
    clock.advance(at.getTime() - clock.now().getTime() - HOUR)
    // 30 deliveries of a post, queued an hour before the storm.
    const bulk = await t.db
      .insertInto('newsletters')
      .values({
        kind: 'post',
        post_id: null,
        audience: 'all',
        dedupe_key: `bulk-${at.getTime()}`,
        subject: 'A post',
        state: 'sending',
        created_at: clock.now().toISOString(),
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const subs = await t.db.selectFrom('newsletter_subscriptions').select(['id', 'email']).execute()
    await t.db
      .insertInto('newsletter_deliveries')
      .values(
        subs.map((s) => ({
          newsletter_id: bulk.id,
          subscription_id: s.id,
          email: s.email,
          state: 'queued',
          attempts: 0,
          next_attempt_at: clock.now().toISOString(),
        })),
      )
      .execute()
    clock.advance(HOUR)
    t.services.sky.resetCaches('clear')
    await t.services.aurora.check()
    const claimed = await claimDueDeliveries(
      t.db,
      'test',
      clock.now().toISOString(),
      clock.now().toISOString(),
      1,
    )
    expect(claimed.map((d) => d.email)).toEqual([member.user.email])
    await t.db.deleteFrom('newsletter_deliveries').where('newsletter_id', '=', bulk.id).execute()
    await t.db.deleteFrom('newsletter_deliveries').where('id', '=', claimed[0]!.id).execute()
    await save(member.cookie, { enabled: false })
  })

  it('does not spend the day’s alert when the mail cannot be queued', async () => {
    fake.setMode('swpc', 'storm')
    const member = await discordMember()
    await save(member.cookie, { enabled: true, ...NORTH })
    // The subscription stops taking alerts behind the settings' back (another tab, a link).
    await t.db
      .updateTable('newsletter_subscriptions')
      .set({ alerts: 0 })
      .where('user_id', '=', member.user.id)
      .execute()
    const at = new Date(NIGHT.getTime() + 60 * 24 * HOUR)
    expect(await checkAt(at)).toHaveLength(0)
    const row = await t.db
      .selectFrom('aurora_alerts')
      .select('last_alert_at')
      .where('user_id', '=', member.user.id)
      .executeTakeFirstOrThrow()
    expect(row.last_alert_at).toBeNull()
    await save(member.cookie, { enabled: false })
  })
})
