import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  CONFIRM_TOKEN_TTL_MS,
  CONFIRMATION_RESEND_AFTER_MS,
  NEWSLETTER_MESSAGES,
} from '../../contracts/newsletter.ts'
import { signToken } from '../../server/newsletter/tokens.ts'
import { linkDiscordAccount } from '../../server/seed/factories.ts'
import { subscriberLinks } from '../../server/services/newsletter-subscriptions.ts'
import { type ReceivedMail, startSmtpServer } from '../support/smtp.ts'
import { createTestApp, type TestApp, testClock } from '../support/test-app.ts'

const SUBSCRIBE = '/_api/newsletter/subscribe'
const SUBSCRIBED = { success: true, message: NEWSLETTER_MESSAGES.subscribed }
const HOUR = 60 * 60 * 1000

/** The confirmation link of a received mail (its text part, quoted-printable or not). */
function confirmPath(mail: ReceivedMail): string {
  const raw = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/gi, '=')
  const match = /http:\/\/localhost(\/_api\/newsletter\/confirm\?t=[A-Za-z0-9._%-]+)/.exec(raw)
  if (!match) throw new Error(`no confirmation link in:\n${mail.raw}`)
  return match[1]!
}

let smtp: Awaited<ReturnType<typeof startSmtpServer>>
let t: TestApp
let clock: ReturnType<typeof testClock>
let ipCount = 0
/** Each request from its own network, so that only the rate-limit test meets the limit. */
const nextIp = () => `10.31.${(++ipCount >> 8) & 255}.${ipCount & 255}`

const subscribe = (email: string, extra: Record<string, unknown> = {}, ip = nextIp()) =>
  t.request(SUBSCRIBE, { json: { email, ...extra }, ip })

async function settled() {
  await t.services.newsletterSubscriptions.settle()
  return smtp.mails
}

const rowOf = (email: string) =>
  t.db
    .selectFrom('newsletter_subscriptions')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst()

const manageToken = async (email: string) => {
  const row = (await rowOf(email))!
  const links = subscriberLinks(t.config.sessionSecret, 'http://localhost', row, clock.now())
  return new URL(links.preferencesUrl).searchParams.get('t')!
}

/** A confirmed subscription, by the real double opt-in. */
async function confirmedSubscriber(email: string) {
  await subscribe(email)
  const mail = (await settled()).findLast((m) => m.to.includes(email))!
  expect((await t.request(confirmPath(mail))).status).toBe(303)
  return manageToken(email)
}

beforeAll(async () => {
  smtp = await startSmtpServer()
  clock = testClock()
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'sky@example.org' }, clock })
})
afterAll(async () => {
  await t?.close()
  await smtp?.close()
})
beforeEach(() => {
  smtp.mails.length = 0
})
afterEach(() => t.services.newsletterSubscriptions.settle())

describe('subscribing by e-mail (double opt-in)', () => {
  it('stores the address unconfirmed and sends exactly one confirmation mail', async () => {
    const res = await subscribe('  Vega@Example.COM ')
    expect(res.status).toBe(202)
    expect(res.json).toEqual(SUBSCRIBED)
    const mails = await settled()
    expect(mails).toHaveLength(1)
    expect(mails[0]!.to).toEqual(['vega@example.com'])
    expect(mails[0]!.raw).toMatch(/Subject: Confirm your subscription/)
    const row = await rowOf('vega@example.com')
    expect(row).toMatchObject({ confirmed_at: null, user_id: null, unsubscribed_at: null })
    expect(row!.confirmation_sent_at).toBe(clock.now().toISOString())
  })

  it('sends no second mail within the hour, and one again after it', async () => {
    await subscribe('deneb@example.com')
    expect(await settled()).toHaveLength(1)
    clock.advance(CONFIRMATION_RESEND_AFTER_MS - 1000)
    expect((await subscribe('deneb@example.com')).json).toEqual(SUBSCRIBED)
    expect(await settled()).toHaveLength(1)
    clock.advance(2000)
    await subscribe('deneb@example.com')
    expect(await settled()).toHaveLength(2)
  })

  it('answers the same for unknown, pending, confirmed and member addresses, and mails none confirmed', async () => {
    await confirmedSubscriber('altair@example.com')
    const member = await t.createUser({ email: 'member-addr@example.com' })
    smtp.mails.length = 0
    const answers = await Promise.all(
      ['new-one@example.com', 'altair@example.com', 'new-one@example.com', member.email].map(
        (email) => subscribe(email),
      ),
    )
    for (const res of answers) {
      expect(res.status).toBe(202)
      expect(res.json).toEqual(SUBSCRIBED)
    }
    const to = (await settled()).map((m) => m.to[0]).sort()
    expect(to).toEqual(['member-addr@example.com', 'new-one@example.com'])
  })

  it('sends nothing but the confirmation before the address is confirmed', async () => {
    await subscribe('pending@example.com')
    const row = (await rowOf('pending@example.com'))!
    expect(row.confirmed_at).toBeNull()
    expect((await settled()).filter((m) => m.to.includes('pending@example.com'))).toHaveLength(1)
  })

  it('drops a bot that fills the honeypot with the same answer, storing and sending nothing', async () => {
    const res = await subscribe('bot@example.com', { website: 'http://spam.example' })
    expect(res.status).toBe(202)
    expect(res.json).toEqual(SUBSCRIBED)
    expect(await rowOf('bot@example.com')).toBeUndefined()
    expect(await settled()).toHaveLength(0)
  })

  it('refuses an invalid address with the field message', async () => {
    const res = await subscribe('not-an-address')
    expect(res.status).toBe(400)
    expect(res.json.error).toBe(NEWSLETTER_MESSAGES.emailInvalid)
    expect(res.json.details).toEqual({ email: [NEWSLETTER_MESSAGES.emailInvalid] })
  })

  it('allows 5 requests an hour from one network, then answers 429 with a clear message', async () => {
    for (let i = 0; i < 5; i++)
      expect((await subscribe(`rate${i}@example.com`, {}, '198.51.100.77')).status).toBe(202)
    const blocked = await subscribe('rate5@example.com', {}, '198.51.100.77')
    expect(blocked.status).toBe(429)
    expect(blocked.json.error).toBe(
      'You have asked to subscribe several times in a short time. Please try again in 60 minutes.',
    )
    expect(blocked.headers.get('retry-after')).toBe('3600')
    expect(await rowOf('rate5@example.com')).toBeUndefined()
  })

  it('keeps no record of a mail that failed, so the next request tries again', async () => {
    await smtp.close()
    await subscribe('outage@example.com')
    await settled()
    expect((await rowOf('outage@example.com'))!.confirmation_sent_at).toBeNull()
    smtp = await startSmtpServer(smtp.port)
    await subscribe('outage@example.com')
    expect((await settled()).map((m) => m.to[0])).toEqual(['outage@example.com'])
  })
})

describe('the confirmation link', () => {
  it('confirms the address and redirects to /email/confirmed', async () => {
    await subscribe('sirius@example.com')
    const [mail] = await settled()
    const res = await t.request(confirmPath(mail!))
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/email/confirmed')
    const row = (await rowOf('sirius@example.com'))!
    expect(row.confirmed_at).toBe(clock.now().toISOString())
    // A confirmed address asking again gets no mail.
    smtp.mails.length = 0
    await subscribe('sirius@example.com')
    expect(await settled()).toHaveLength(0)
  })

  it('sends an expired link to the expired page, changing nothing', async () => {
    await subscribe('late@example.com')
    const [mail] = await settled()
    clock.advance(CONFIRM_TOKEN_TTL_MS + 1000)
    const res = await t.request(confirmPath(mail!))
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/email/link?status=expired')
    expect((await rowOf('late@example.com'))!.confirmed_at).toBeNull()
  })

  it('sends a forged, altered or other-purpose link to the invalid page', async () => {
    await subscribe('forge@example.com')
    const [mail] = await settled()
    const path = confirmPath(mail!)
    const token = decodeURIComponent(path.split('t=')[1]!)
    const row = (await rowOf('forge@example.com'))!
    const forged = [
      token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA'),
      token.replace(`.${row.id}.`, `.${row.id + 1}.`),
      signToken('y'.repeat(40), {
        purpose: 'confirm',
        subscriptionId: row.id,
        tokenKey: row.token_key,
        expiresAt: new Date(clock.now().getTime() + HOUR),
      }),
      await manageToken('forge@example.com'),
      'garbage',
    ]
    for (const bad of forged) {
      const res = await t.request(`/_api/newsletter/confirm?t=${encodeURIComponent(bad)}`)
      expect(res.status, bad).toBe(303)
      expect(res.headers.get('location')).toBe('/email/link?status=invalid')
    }
    // A link cut short, emptied or grown in a mail client still lands on the page, not on JSON.
    for (const query of ['', '?t=', `?t=${'x'.repeat(5000)}`, '?t=a&t=b']) {
      const res = await t.request(`/_api/newsletter/confirm${query}`)
      expect(res.status, query.slice(0, 20)).toBe(303)
      expect(res.headers.get('location')).toBe('/email/link?status=invalid')
    }
    expect((await rowOf('forge@example.com'))!.confirmed_at).toBeNull()
  })
})

describe('preferences and unsubscribing by the signed link', () => {
  it('shows and changes the preferences of the token’s subscription only', async () => {
    const token = await confirmedSubscriber('rigel@example.com')
    const shown = await t.request(`/_api/newsletter/preferences?t=${encodeURIComponent(token)}`)
    expect(shown.status).toBe(200)
    expect(shown.json).toEqual({
      email: 'rigel@example.com',
      kind: 'email',
      subscribed: true,
      confirmed: true,
      preferences: { posts: true, digest: true, alerts: false },
    })
    const saved = await t.request('/_api/newsletter/preferences', {
      json: { t: token, digest: false, alerts: true },
    })
    expect(saved.status).toBe(200)
    expect(saved.json.preferences).toEqual({ posts: true, digest: false, alerts: true })
    expect(await rowOf('rigel@example.com')).toMatchObject({ posts: 1, digest: 0, alerts: 1 })
    // A choice that is not one says which and how.
    const unclear = await t.request('/_api/newsletter/preferences', {
      json: { t: token, posts: 'yes' },
    })
    expect(unclear.status).toBe(400)
    expect(unclear.json.error).toBe(NEWSLETTER_MESSAGES.flagInvalid('posts'))
    expect(NEWSLETTER_MESSAGES.flagInvalid('posts')).toBe('posts must be true or false.')
  })

  it('answers a forged or expired token with its message and no subscriber data', async () => {
    const token = await confirmedSubscriber('bellatrix@example.com')
    const other = await confirmedSubscriber('saiph@example.com')
    const otherId = Number(other.split('.')[1])
    const moved = token.replace(/^manage\.\d+\./, `manage.${otherId}.`)
    for (const bad of [
      moved,
      token.slice(0, -1) + (token.endsWith('x') ? 'y' : 'x'),
      'manage.1.1.x',
      '',
    ]) {
      const get = await t.request(`/_api/newsletter/preferences?t=${encodeURIComponent(bad)}`)
      expect(get.status).toBe(400)
      expect(get.json.error).toBe(NEWSLETTER_MESSAGES.tokenInvalid)
      expect(get.text).not.toMatch(/@example\.com/)
      const post = await t.request('/_api/newsletter/preferences', {
        json: { t: bad, posts: false },
      })
      expect(post.status).toBe(400)
      const off = await t.request(`/_api/newsletter/unsubscribe?t=${encodeURIComponent(bad)}`, {
        method: 'POST',
      })
      expect(off.status).toBe(400)
    }
    expect(await rowOf('saiph@example.com')).toMatchObject({ posts: 1, unsubscribed_at: null })
    clock.advance(366 * 24 * HOUR)
    const expired = await t.request(`/_api/newsletter/preferences?t=${encodeURIComponent(token)}`)
    expect(expired.status).toBe(400)
    expect(expired.json.error).toBe(NEWSLETTER_MESSAGES.tokenExpired)
    expect(expired.text).not.toMatch(/bellatrix/)
  })

  it('unsubscribes with the RFC 8058 one-click POST, no cookie nor JSON, and again with 200', async () => {
    const token = await confirmedSubscriber('mintaka@example.com')
    const url = `/_api/newsletter/unsubscribe?t=${encodeURIComponent(token)}`
    const oneClick = await t.request(url, {
      body: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    })
    expect(oneClick.status).toBe(200)
    expect(oneClick.json).toEqual({ success: true, message: NEWSLETTER_MESSAGES.unsubscribed })
    const row = (await rowOf('mintaka@example.com'))!
    expect(row).toMatchObject({ posts: 0, digest: 0, alerts: 0 })
    expect(row.unsubscribed_at).not.toBeNull()
    const again = await t.request(url, { method: 'POST' })
    expect(again.status).toBe(200)
    expect((await rowOf('mintaka@example.com'))!.unsubscribed_at).toBe(row.unsubscribed_at)
  })

  it('accepts the one-click POST a mail provider sends from another site', async () => {
    const token = await confirmedSubscriber('alnitak@example.com')
    const res = await t.request(`/_api/newsletter/unsubscribe?t=${encodeURIComponent(token)}`, {
      body: 'List-Unsubscribe=One-Click',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        origin: 'https://mail.example.net',
        'sec-fetch-site': 'cross-site',
      },
    })
    expect(res.status).toBe(200)
    // Every other state change from another site is still refused.
    const other = await t.request('/_api/newsletter/preferences', {
      json: { t: token, posts: true },
      headers: { origin: 'https://mail.example.net', 'sec-fetch-site': 'cross-site' },
    })
    expect(other.status).toBe(403)
  })

  it('the link followed with GET changes nothing and leads to the preferences page', async () => {
    const token = await confirmedSubscriber('alnilam@example.com')
    const res = await t.request(`/_api/newsletter/unsubscribe?t=${encodeURIComponent(token)}`)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe(
      `/email/preferences?t=${encodeURIComponent(token)}&unsubscribe=1`,
    )
    expect((await rowOf('alnilam@example.com'))!.unsubscribed_at).toBeNull()
    // A link that lost its token lands on the page for an invalid link.
    for (const query of ['', '?t=', `?t=${'x'.repeat(5000)}`]) {
      const broken = await t.request(`/_api/newsletter/unsubscribe${query}`)
      expect(broken.status, query.slice(0, 20)).toBe(303)
      expect(broken.headers.get('location')).toBe('/email/link?status=invalid')
    }
  })

  it('an unsubscribed address confirms again before anything goes to it', async () => {
    const token = await confirmedSubscriber('betelgeuse@example.com')
    await t.request(`/_api/newsletter/unsubscribe?t=${encodeURIComponent(token)}`, {
      method: 'POST',
    })
    clock.advance(HOUR + 1000)
    smtp.mails.length = 0
    await subscribe('betelgeuse@example.com')
    const mails = await settled()
    expect(mails).toHaveLength(1)
    expect((await rowOf('betelgeuse@example.com'))!.unsubscribed_at).not.toBeNull()
    expect((await t.request(confirmPath(mails[0]!))).status).toBe(303)
    expect(await rowOf('betelgeuse@example.com')).toMatchObject({
      unsubscribed_at: null,
      posts: 1,
      digest: 1,
      alerts: 0,
    })
  })

  it('a confirmation link mailed before an unsubscribe does not undo it', async () => {
    await subscribe('polaris@example.com')
    const [mail] = await settled()
    const token = await manageToken('polaris@example.com')
    clock.advance(1000)
    await t.request(`/_api/newsletter/unsubscribe?t=${encodeURIComponent(token)}`, {
      method: 'POST',
    })
    const res = await t.request(confirmPath(mail!))
    expect(res.headers.get('location')).toBe('/email/link?status=expired')
    expect((await rowOf('polaris@example.com'))!.unsubscribed_at).not.toBeNull()
  })
})

describe("a member's own subscription", () => {
  it('refuses visitors', async () => {
    expect((await t.request('/_api/user/newsletter')).status).toBe(401)
    expect((await t.request('/_api/user/newsletter', { json: { subscribed: true } })).status).toBe(
      401,
    )
  })

  it('a Discord account is confirmed at once, with no mail', async () => {
    const { user, cookie } = await t.signedIn()
    await linkDiscordAccount(
      t.db,
      { userId: user.id, discordId: `d-${user.id}`, username: 'stargazer', email: user.email },
      clock.now().toISOString(),
    )
    const before = await t.request('/_api/user/newsletter', { cookie })
    expect(before.json).toMatchObject({ email: user.email, kind: 'member', subscribed: false })
    const res = await t.request('/_api/user/newsletter', { json: { subscribed: true }, cookie })
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ subscribed: true, confirmed: true, kind: 'member' })
    expect(await settled()).toHaveLength(0)
    const off = await t.request('/_api/user/newsletter', { json: { subscribed: false }, cookie })
    expect(off.json).toMatchObject({
      subscribed: false,
      preferences: { posts: false, digest: false, alerts: false },
    })
  })

  it('a password account gets one confirmation mail, and its preferences are its own', async () => {
    const { user, cookie } = await t.signedIn()
    const res = await t.request('/_api/user/newsletter', {
      json: { subscribed: true, digest: false },
      cookie,
    })
    expect(res.json).toMatchObject({
      subscribed: true,
      confirmed: false,
      preferences: { posts: true, digest: false, alerts: false },
    })
    const mails = await settled()
    expect(mails.map((m) => m.to[0])).toEqual([user.email.toLowerCase()])
    await t.request('/_api/user/newsletter', { json: { alerts: true }, cookie })
    expect(await settled()).toHaveLength(1)
    await t.request(confirmPath(mails[0]!))
    const now = await t.request('/_api/user/newsletter', { cookie })
    expect(now.json).toMatchObject({
      confirmed: true,
      preferences: { posts: true, digest: false, alerts: true },
    })
  })

  it("takes over an e-mail-only subscription of the account's address", async () => {
    const user = await t.createUser({ email: 'capella@example.com' })
    const cookie = await t.login(user, nextIp())
    await confirmedSubscriber('capella@example.com')
    const res = await t.request('/_api/user/newsletter', { json: { subscribed: true }, cookie })
    expect(res.json).toMatchObject({ kind: 'member', confirmed: true, subscribed: true })
    const rows = await t.db
      .selectFrom('newsletter_subscriptions')
      .selectAll()
      .where('email', '=', 'capella@example.com')
      .execute()
    expect(rows).toHaveLength(1)
    expect(rows[0]!.user_id).toBe(user.id)
  })
})

describe('without SMTP_URL', () => {
  it('answers 503 with the message and stores nothing', async () => {
    const bare = await createTestApp()
    try {
      const res = await bare.request(SUBSCRIBE, { json: { email: 'x@example.com' } })
      expect(res.status).toBe(503)
      expect(res.json.error).toBe(NEWSLETTER_MESSAGES.notConfigured)
      const rows = await bare.db.selectFrom('newsletter_subscriptions').selectAll().execute()
      expect(rows).toHaveLength(0)
    } finally {
      await bare.close()
    }
  })
})
