import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BlogPost } from '../../contracts/blog-constants.ts'
import {
  NEWSLETTER_MESSAGES,
  type NewsletterSendListResponse,
  type NewsletterStats,
} from '../../contracts/newsletter-constants.ts'
import { newTokenKey } from '../../server/newsletter/tokens.ts'
import { HTTP_MESSAGES } from '../../server/http/errors.ts'
import { startSmtpServer } from '../support/smtp.ts'
import { createTestApp, type TestApp, testClock } from '../support/test-app.ts'

/**
 * The admin's side of the newsletter over HTTP, on both engines: who may call it, the counts,
 * the sends with their failures, retrying, the CSV export, and a post's `emailSubscribers`
 * making exactly one send when the post becomes visible. The outbox is polled by hand
 * (`pollOnce`) with the test's clock.
 */
const MINUTE = 60_000
const HOUR = 60 * MINUTE

type Smtp = Awaited<ReturnType<typeof startSmtpServer>>

async function subscribe(
  t: TestApp,
  email: string,
  fields: {
    userId?: number
    confirmed?: boolean
    unsubscribed?: boolean
    posts?: number
    digest?: number
    alerts?: number
  } = {},
) {
  const now = t.clock.now().toISOString()
  return t.db
    .insertInto('newsletter_subscriptions')
    .values({
      email,
      user_id: fields.userId ?? null,
      token_key: newTokenKey(),
      posts: fields.posts ?? 1,
      digest: fields.digest ?? 1,
      alerts: fields.alerts ?? 0,
      confirmed_at: fields.confirmed === false ? null : now,
      unsubscribed_at: fields.unsubscribed ? now : null,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow()
}

/** A received message with its header lines unfolded and its quoted-printable parts decoded. */
const readable = (raw: string) =>
  raw
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))

const recipientsOf = (smtp: Smtp) => smtp.mails.flatMap((m) => m.to).sort()

describe('the newsletter admin', () => {
  let smtp: Smtp
  let t: TestApp
  let admin: string
  let member: string
  const clock = testClock()
  const adminApi = (path: string, json?: unknown) =>
    t.request(
      `/_api/admin/newsletter/${path}`,
      json === undefined ? { cookie: admin } : { json, cookie: admin },
    )
  const createPost = async (fields: Record<string, unknown>) => {
    const res = await t.request('/_api/blog/create', {
      json: { content: '<p>The body of the post.</p>', status: 'published', ...fields },
      cookie: admin,
    })
    expect(res.status, res.text).toBe(200)
    return res.json as unknown as BlogPost
  }
  const sends = async () => (await adminApi('sends')).json as unknown as NewsletterSendListResponse

  beforeAll(async () => {
    smtp = await startSmtpServer(0, {
      onRecipient: (address) =>
        address === 'bounce@example.org' ? { code: 550, message: '550 5.1.1 No such user' } : null,
    })
    t = await createTestApp({
      clock,
      env: {
        SMTP_URL: smtp.url,
        PUBLIC_URL: 'https://astro.example.org',
        NEWSLETTER_RATE_PER_MINUTE: '0',
        // Away from the test clock's Sunday noon: no digest mixes with the posts' sends here.
        NEWSLETTER_DIGEST_AT: 'Wed 08:00',
      },
    })
    admin = (await t.signedIn('admin')).cookie
    const signedMember = await t.signedIn('user')
    member = signedMember.cookie
    await subscribe(t, 'member@example.org', { userId: signedMember.user.id })
    await subscribe(t, 'reader@example.org')
    await subscribe(t, 'bounce@example.org', { posts: 0 })
    await subscribe(t, 'digest-only@example.org', { posts: 0 })
    await subscribe(t, 'pending@example.org', { confirmed: false })
    await subscribe(t, 'gone@example.org', { unsubscribed: true })
  })
  afterAll(async () => {
    await t?.services.newsletterOutbox.stop()
    await t?.close()
    await smtp?.close()
  })

  it('is for admins only: 401 without a session, 403 for a member', async () => {
    const calls: Array<[string, unknown]> = [
      ['stats', undefined],
      ['sends', undefined],
      ['export.csv', undefined],
      ['send-test', { postId: 'x' }],
      ['preview', { postId: 'x' }],
      ['retry', { sendId: 1 }],
    ]
    for (const [path, json] of calls) {
      const url = `/_api/admin/newsletter/${path}`
      const anonymous = await t.request(url, json === undefined ? {} : { json })
      expect(anonymous.status, path).toBe(401)
      const asMember = await t.request(
        url,
        json === undefined ? { cookie: member } : { json, cookie: member },
      )
      expect(asMember.status, path).toBe(403)
      expect(asMember.json.error).toBe(HTTP_MESSAGES.forbidden)
    }
  })

  it('counts subscribers by kind, state and preference', async () => {
    const res = await adminApi('stats')
    expect(res.status).toBe(200)
    expect(res.json as unknown as NewsletterStats).toEqual({
      configured: true,
      members: 1,
      emailOnly: 4,
      confirmed: 3,
      unconfirmed: 1,
      unsubscribed: 1,
      byPreference: { posts: 2, digest: 4, alerts: 0 },
    })
  })

  it('mails a post published now once to every active subscriber who wants posts', async () => {
    const post = await createPost({ title: 'Jupiter at opposition' })
    expect(post.emailSubscribers).toBe(true)
    await t.services.newsletterOutbox.pollOnce()
    expect(recipientsOf(smtp)).toEqual(['member@example.org', 'reader@example.org'])
    const mail = readable(smtp.mails.find((m) => m.to[0] === 'reader@example.org')!.raw)
    expect(mail).toMatch(
      /^List-Unsubscribe: <https:\/\/astro\.example\.org\/_api\/newsletter\/unsubscribe\?t=manage\.\d+\./m,
    )
    expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m)
    expect(mail).toMatch(/^Message-ID: <newsletter-\d+-\d+@astro\.example\.org>/im)
    expect(mail).toContain('https://astro.example.org/email/preferences?t=manage.')

    // Later polls and edits send nothing more.
    await t.request('/_api/blog/update', {
      json: { id: post.id, title: 'Jupiter at opposition (updated)' },
      cookie: admin,
    })
    await t.services.newsletterOutbox.pollOnce()
    expect(smtp.mails).toHaveLength(2)

    const list = await sends()
    const send = list.sends.find((s) => s.postId === post.id)!
    expect(send).toMatchObject({
      kind: 'post',
      audience: 'all',
      state: 'sent',
      counts: { queued: 0, sending: 0, sent: 2, failed: 0 },
      failures: [],
    })
    expect(send.finishedAt).not.toBeNull()
  })

  it('a 550 recipient is failed at once with the server answer, and retry queues it again', async () => {
    await t.db
      .updateTable('newsletter_subscriptions')
      .set({ posts: 1 })
      .where('email', '=', 'bounce@example.org')
      .execute()
    smtp.mails.length = 0
    const post = await createPost({ title: 'Saturn rings edge-on' })
    await t.services.newsletterOutbox.pollOnce()
    expect(recipientsOf(smtp)).toEqual(['member@example.org', 'reader@example.org'])
    let send = (await sends()).sends.find((s) => s.postId === post.id)!
    expect(send.counts).toEqual({ queued: 0, sending: 0, sent: 2, failed: 1 })
    expect(send.failures).toEqual([
      {
        email: 'bounce@example.org',
        lastError: expect.stringContaining('550') as string,
        attempts: 1,
      },
    ])
    expect(send.state).toBe('sent')

    const retried = await adminApi('retry', { sendId: send.id })
    expect(retried.status).toBe(200)
    expect(retried.json).toMatchObject({ state: 'sending', counts: { queued: 1, failed: 0 } })
    // The admin's retry is in the audit log, once.
    const audited = await t.db
      .selectFrom('admin_activity')
      .selectAll()
      .where('kind', '=', 'newsletter')
      .execute()
    expect(audited).toEqual([
      expect.objectContaining({
        action: 'retry',
        target_id: String(send.id),
        summary: 'Retried newsletter send “Saturn rings edge-on”',
      }),
    ])
    await t.services.newsletterOutbox.pollOnce()
    send = (await sends()).sends.find((s) => s.postId === post.id)!
    expect(send.counts).toMatchObject({ sent: 2, failed: 1 })
    expect(smtp.mails).toHaveLength(2)

    const missing = await adminApi('retry', { sendId: 999_999 })
    expect(missing.status).toBe(404)
    expect(missing.json.error).toBe(NEWSLETTER_MESSAGES.sendNotFound)
    expect(
      await t.db
        .selectFrom('admin_activity')
        .select('id')
        .where('kind', '=', 'newsletter')
        .execute(),
    ).toHaveLength(1)
  })

  it('sends nothing for an unticked post, nor when the box is ticked on a visible post', async () => {
    smtp.mails.length = 0
    const post = await createPost({ title: 'Quiet post', emailSubscribers: false })
    expect(post.emailSubscribers).toBe(false)
    const ticked = await t.request('/_api/blog/update', {
      json: { id: post.id, emailSubscribers: true },
      cookie: admin,
    })
    expect(ticked.status).toBe(200)
    expect((ticked.json as unknown as BlogPost).emailSubscribers).toBe(false)
    const old = await createPost({
      title: 'Published three days ago',
      publishedAt: new Date(clock.now().getTime() - 72 * HOUR).toISOString(),
    })
    expect(old.emailSubscribers).toBe(true)
    await t.services.newsletterOutbox.pollOnce()
    expect(smtp.mails).toHaveLength(0)
    const posts = (await sends()).sends.map((s) => s.postId)
    expect(posts).not.toContain(post.id)
    expect(posts).not.toContain(old.id)
  })

  it('a scheduled members-only post goes to members when its time comes; an early-access one to members, then to e-mail-only subscribers at publicAt', async () => {
    smtp.mails.length = 0
    const at = (ms: number) => new Date(clock.now().getTime() + ms).toISOString()
    const scheduled = await createPost({
      title: 'For members',
      visibility: 'members',
      publishedAt: at(HOUR),
    })
    const early = await createPost({
      title: 'Early look',
      visibility: 'early-access',
      publishedAt: at(HOUR),
      publicAt: at(3 * HOUR),
    })
    await t.services.newsletterOutbox.pollOnce()
    expect(smtp.mails).toHaveLength(0)

    clock.advance(HOUR + MINUTE)
    await t.services.newsletterOutbox.pollOnce()
    expect(recipientsOf(smtp)).toEqual(['member@example.org', 'member@example.org'])

    smtp.mails.length = 0
    clock.advance(2 * HOUR)
    await t.services.newsletterOutbox.pollOnce()
    expect(recipientsOf(smtp)).toEqual(['reader@example.org'])
    const audiences = (await sends()).sends
      .filter((s) => s.postId === scheduled.id || s.postId === early.id)
      .map((s) => `${s.postId === early.id ? 'early' : 'members'}:${s.audience}`)
      .sort()
    expect(audiences).toEqual(['early:email-only', 'early:members', 'members:members'])
  })

  it('previews and test-sends a post mail to the signed-in admin only', async () => {
    const post = await createPost({ title: 'Preview me', emailSubscribers: false })
    const preview = await adminApi('preview', { postId: post.id })
    expect(preview.status).toBe(200)
    expect(preview.json).toMatchObject({ subject: expect.stringContaining('Preview me') as string })
    expect(preview.json.html).toContain('https://astro.example.org/blog/')

    smtp.mails.length = 0
    const res = await adminApi('send-test', { postId: post.id })
    expect(res.status, res.text).toBe(200)
    expect(res.json.message).toBe(NEWSLETTER_MESSAGES.testSent)
    expect(smtp.mails).toHaveLength(1)
    expect(smtp.mails[0]!.to[0]).toMatch(/@example\.com$/)

    const missing = await adminApi('send-test', { postId: 'no-such-post' })
    expect(missing.status).toBe(404)
    expect(missing.json.error).toBe(NEWSLETTER_MESSAGES.postNotFound)
  })

  it('exports active subscribers as CSV with formulas neutralised', async () => {
    await subscribe(t, '=cmd|calc@example.org')
    await subscribe(t, '+1@example.org', { digest: 0 })
    await subscribe(t, '-x@example.org')
    await subscribe(t, '@at@example.org')
    const res = await adminApi('export.csv')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/)
    const lines = res.text.trim().split('\r\n')
    expect(lines[0]).toBe('email,kind,posts,digest,alerts,since')
    const emails = lines.slice(1).map((l) => l.split(',')[0])
    expect(emails).toEqual([
      'member@example.org',
      'reader@example.org',
      'bounce@example.org',
      'digest-only@example.org',
      "'=cmd|calc@example.org",
      "'+1@example.org",
      "'-x@example.org",
      "'@at@example.org",
    ])
    expect(lines[1]).toMatch(/^member@example\.org,member,yes,yes,no,\d{4}-/)
    expect(lines.find((l) => l.startsWith("'+1"))).toMatch(/,email,yes,no,no,/)
  })
})

describe('without SMTP_URL', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ env: { NEWSLETTER_RATE_PER_MINUTE: '0' } })
  })
  afterAll(() => t.close())

  it('says so in the stats, answers 503 to a test mail, and queues nothing', async () => {
    const { cookie } = await t.signedIn('admin')
    await subscribe(t, 'reader@example.org')
    const stats = await t.request('/_api/admin/newsletter/stats', { cookie })
    expect(stats.json).toMatchObject({ configured: false })
    const post = await t.request('/_api/blog/create', {
      json: { title: 'Not mailed', content: '<p>Body</p>', status: 'published' },
      cookie,
    })
    const test = await t.request('/_api/admin/newsletter/send-test', {
      json: { postId: (post.json as unknown as BlogPost).id },
      cookie,
    })
    expect(test.status).toBe(503)
    expect(test.json.error).toBe(NEWSLETTER_MESSAGES.notConfigured)
    await t.services.newsletterOutbox.pollOnce()
    const count = await t.db
      .selectFrom('newsletters')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow()
    expect(Number(count.n)).toBe(0)
  })
})

describe('the weekly digest', () => {
  let smtp: Smtp
  let t: TestApp
  // Saturday evening before the digest at Sunday 08:00 in London.
  const clock = testClock(new Date('2026-11-21T20:00:00.000Z'))

  beforeAll(async () => {
    smtp = await startSmtpServer()
    t = await createTestApp({
      clock,
      env: {
        SMTP_URL: smtp.url,
        NEWSLETTER_RATE_PER_MINUTE: '0',
        NEWSLETTER_DIGEST_AT: 'Sun 08:00',
        SITE_TIME_ZONE: 'Europe/London',
      },
    })
    const { user } = await t.signedIn('user')
    await subscribe(t, 'member@example.org', { userId: user.id, posts: 0 })
    await subscribe(t, 'reader@example.org', { posts: 0 })
    await subscribe(t, 'no-digest@example.org', { posts: 0, digest: 0 })
  })
  afterAll(async () => {
    await t?.services.newsletterOutbox.stop()
    await t?.close()
    await smtp?.close()
  })

  it('goes out once at its time, members-only posts to members alone', async () => {
    const { cookie } = await t.signedIn('admin')
    for (const [title, visibility] of [
      ['Open to all', 'public'],
      ['Members corner', 'members'],
    ] as const) {
      const res = await t.request('/_api/blog/create', {
        json: {
          title,
          content: `<p>${title}</p>`,
          status: 'published',
          visibility,
          emailSubscribers: false,
        },
        cookie,
      })
      expect(res.status).toBe(200)
    }
    await t.services.newsletterOutbox.pollOnce()
    expect(smtp.mails).toHaveLength(0)

    clock.advance(12 * HOUR)
    await t.services.newsletterOutbox.pollOnce()
    await t.services.newsletterOutbox.pollOnce()
    expect(recipientsOf(smtp)).toEqual(['member@example.org', 'reader@example.org'])
    const member = smtp.mails.find((m) => m.to[0] === 'member@example.org')!.raw
    const reader = smtp.mails.find((m) => m.to[0] === 'reader@example.org')!.raw
    expect(member).toContain('Members corner')
    expect(member).toContain('Open to all')
    expect(reader).not.toContain('Members corner')
    expect(reader).toContain('Open to all')
    const keys = (await t.db.selectFrom('newsletters').select('dedupe_key').execute())
      .map((r) => r.dedupe_key)
      .sort()
    expect(keys).toEqual(['digest:2026-11-22:email-only', 'digest:2026-11-22:members'])
  })
})
