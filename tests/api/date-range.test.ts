import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dateRangeMessage } from '../../contracts/common.ts'
import { createTestApp, type TestApp, testClock } from '../support/test-app.ts'
import { asAdmin, createPage, createPost } from '../support/factories.ts'

/**
 * Every date the site is given lies in the years 1970–2100 (UTC), so each stored time has the one
 * form `YYYY-MM-DDTHH:mm:ss.sssZ` and compares correctly as text. Year 10000 was stored as
 * `+010000-01-01T00:30:00.000Z`, which sorts before today: the post went public at once.
 * The test clock stands at 2026-11-22T12:00:00Z.
 */
let t: TestApp
let admin: string
beforeAll(async () => {
  t = await createTestApp({ clock: testClock() })
  admin = (await t.signedIn('admin')).cookie
})
afterAll(() => t.close())

const PUBLISH_RANGE = dateRangeMessage('Publish date')
const STORED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/

const OUT_OF_RANGE = [
  '9999-12-31T23:30:00-01:00', // year 10000 in UTC
  '2100-12-31T23:30:00-01:00', // 2101-01-01T00:30Z
  '2101-01-01T00:00:00Z',
  '1969-12-31T23:59:59.999Z',
  '1970-01-01T00:30:00+01:00', // 1969-12-31T23:30Z
  '0000-01-01T00:00:00Z',
]
const IN_RANGE = [
  ['1970-01-01T00:00:00Z', '1970-01-01T00:00:00.000Z'],
  ['2100-12-31T23:59:59.999Z', '2100-12-31T23:59:59.999Z'],
  ['2100-12-31T22:30:00-01:00', '2100-12-31T23:30:00.000Z'],
  ['1970-01-01T05:00:00+01:00', '1970-01-01T04:00:00.000Z'],
] as const

const post = (publishedAt: string, title = `Post ${publishedAt}`) => ({
  title,
  content: '<p>Body</p>',
  status: 'published' as const,
  publishedAt,
})
const page = (publishedAt: string, title = `Page ${publishedAt}`) => ({
  ...post(publishedAt, title),
  content: 'Body',
})

describe('publication dates', () => {
  it('outside 1970–2100 (UTC) are a 400 naming the range, for posts and pages, created or updated', async () => {
    const existingPost = await createPost(
      asAdmin(t, admin),
      post('2026-01-01T00:00:00Z', 'Existing post'),
    )
    const existingPage = await createPage(
      asAdmin(t, admin),
      page('2026-01-01T00:00:00Z', 'Existing page'),
    )
    for (const publishedAt of OUT_OF_RANGE) {
      const attempts = [
        ['blog/create', post(publishedAt)],
        ['pages/create', page(publishedAt)],
        ['blog/update', { id: existingPost.id, publishedAt }],
        ['pages/update', { id: existingPage.id, publishedAt }],
      ] as const
      for (const [path, json] of attempts) {
        const res = await t.request(`/_api/${path}`, { json, cookie: admin })
        expect(res.status, `${path} ${publishedAt}`).toBe(400)
        expect(res.json.error).toBe(PUBLISH_RANGE)
        expect(res.json.details).toEqual({ publishedAt: [PUBLISH_RANGE] })
      }
    }
    expect(PUBLISH_RANGE).toBe('Publish date must be between the years 1970 and 2100')
  })

  it('a post dated in year 10000 is refused, not published at once', async () => {
    const res = await t.request('/_api/blog/create', {
      json: post('9999-12-31T23:30:00-01:00', 'From the far future'),
      cookie: admin,
    })
    expect(res.status).toBe(400)
    const list = await t.request('/_api/blog/list?search=far%20future')
    expect(list.json.posts).toEqual([])
  })

  it('at the edges of the range are kept, in the one stored form, and sort by their instant', async () => {
    const ids: string[] = []
    for (const [sent, stored] of IN_RANGE) {
      const res = await t.request('/_api/blog/create', {
        json: post(sent, `Edge ${sent}`),
        cookie: admin,
      })
      expect(res.status, sent).toBe(200)
      expect(res.json.publishedAt).toBe(stored)
      ids.push(res.json.id as string)
      const pageRes = await t.request('/_api/pages/create', {
        json: page(sent, `Edge page ${sent}`),
        cookie: admin,
      })
      expect(pageRes.status, sent).toBe(200)
      expect(pageRes.json.publishedAt).toBe(stored)
    }
    const rows = await t.db
      .selectFrom('blog_posts')
      .select(['published_at', 'created_at', 'updated_at'])
      .execute()
    const times = rows.flatMap((r) => [r.published_at, r.created_at, r.updated_at])
    for (const time of times) if (time !== null) expect(time).toMatch(STORED_TIME)
    // As admin the list shows scheduled posts too: newest first, 2100 before 2026 before 1970.
    const listed = (await t.request('/_api/blog/list?limit=100', { cookie: admin })).json
      .posts as Array<{ publishedAt: string }>
    const instants = listed.map((p) => Date.parse(p.publishedAt))
    expect(instants).toEqual([...instants].sort((a, b) => b - a))
    expect(listed[0]!.publishedAt).toBe('2100-12-31T23:59:59.999Z')
    // A visitor sees what is due by now, and nothing from 2100.
    const publicList = (await t.request('/_api/blog/list?limit=100')).json.posts as Array<{
      publishedAt: string
    }>
    expect(publicList.every((p) => p.publishedAt < '2026-11-22T12:00:00.000Z')).toBe(true)
    expect(publicList.some((p) => p.publishedAt.startsWith('1970-'))).toBe(true)
  })
})

describe('invoice dates', () => {
  const invoice = (change: Record<string, unknown>) => ({
    clientName: 'Ada Lovelace',
    clientEmail: 'ada@example.com',
    invoiceDate: '2026-11-22',
    dueDate: '2026-12-22',
    items: [{ description: 'Mount alignment', quantity: 1, rate: 100 }],
    ...change,
  })

  it('outside 1970–2100 are a 400 naming the field and the range, created or updated', async () => {
    const created = await t.request('/_api/invoices/create', { json: invoice({}), cookie: admin })
    expect(created.status).toBe(201)
    const invoiceId = created.json.id
    const cases = [
      [{ invoiceDate: '1969-12-31' }, 'invoiceDate', 'Invoice date'],
      [{ invoiceDate: '9999-12-31', dueDate: '9999-12-31' }, 'invoiceDate', 'Invoice date'],
      [{ dueDate: '2101-01-01' }, 'dueDate', 'Due date'],
      [{ invoiceDate: '0000-01-01' }, 'invoiceDate', 'Invoice date'],
    ] as const
    for (const [change, field, label] of cases) {
      for (const [path, json] of [
        ['invoices/create', invoice(change)],
        ['invoices/update', { ...invoice(change), invoiceId, status: 'draft' }],
      ] as const) {
        const res = await t.request(`/_api/${path}`, { json, cookie: admin })
        expect(res.status, `${path} ${JSON.stringify(change)}`).toBe(400)
        expect(res.json.error).toBe(dateRangeMessage(label))
        expect((res.json.details as Record<string, string[]>)[field]).toEqual([
          dateRangeMessage(label),
        ])
      }
    }
  })

  it('at the edges of the range are kept, and numbered by their year', async () => {
    const first = await t.request('/_api/invoices/create', {
      json: invoice({ invoiceDate: '1970-01-01', dueDate: '2100-12-31' }),
      cookie: admin,
    })
    expect(first.status).toBe(201)
    expect(first.json).toMatchObject({
      invoiceNumber: 'INV-1970-0001',
      invoiceDate: '1970-01-01',
      dueDate: '2100-12-31',
    })
  })
})
