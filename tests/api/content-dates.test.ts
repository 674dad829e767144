import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp, testClock } from '../support/test-app.ts'
import { asAdmin, createPost } from '../support/factories.ts'

/** The test clock stands at 2026-11-22T12:00:00Z. */
const clock = testClock()
let t: TestApp
let admin: string
beforeAll(async () => {
  t = await createTestApp({ clock })
  admin = (await t.signedIn('admin')).cookie
})
afterAll(() => t.close())

const publish = (title: string, publishedAt: string) =>
  createPost(asAdmin(t, admin), { title, status: 'published', publishedAt })
const publicTitles = async () =>
  (await t.request('/_api/blog/list?limit=50')).json.posts as Array<{
    title: string
    publishedAt: string
  }>

describe('publication dates with offsets', () => {
  it('are stored in UTC and go live at their real instant', async () => {
    // 8 hours in the future although its wall-clock reads earlier than "now" in UTC terms.
    const future = await publish('Future with offset', '2026-11-22T09:47:31-10:00')
    // 2026-11-22T11:00:00+14:00 is 2026-11-21T21:00Z: in the past.
    await publish('Past with offset', '2026-11-22T11:00:00+14:00')
    const got = await t.request('/_api/blog/get', { json: { id: future.id }, cookie: admin })
    expect(
      (got.json.post as { publishedAt: string } | undefined)?.publishedAt ?? got.json.publishedAt,
    ).toBe('2026-11-22T19:47:31.000Z')
    let titles = (await publicTitles()).map((p) => p.title)
    expect(titles).toContain('Past with offset')
    expect(titles).not.toContain('Future with offset')
    const anonymous = await t.request('/_api/blog/get', { json: { slug: future.slug } })
    expect(anonymous.status).toBe(404)

    clock.advance(8 * 60 * 60 * 1000)
    titles = (await publicTitles()).map((p) => p.title)
    expect(titles).toContain('Future with offset')
  })

  it('sort by their instant, whatever offset they were sent with', async () => {
    await publish('Earlier', '2026-11-20T23:00:00-05:00') // 2026-11-21T04:00Z
    await publish('Later', '2026-11-21T06:00:00+01:00') // 2026-11-21T05:00Z
    const list = await publicTitles()
    const titles = list.map((p) => p.title)
    expect(titles.indexOf('Later')).toBeLessThan(titles.indexOf('Earlier'))
    expect(list.every((p) => p.publishedAt.endsWith('Z'))).toBe(true)
  })

  it('pages too', async () => {
    const res = await t.request('/_api/pages/create', {
      json: {
        title: 'Offset page',
        content: 'x',
        status: 'published',
        publishedAt: '2026-11-22T23:00:00+09:00',
      },
      cookie: admin,
    })
    expect(res.status).toBe(200)
    const page = await t.request('/_api/pages/get', { json: { slug: res.json.slug } })
    expect(
      (page.json.page as { publishedAt: string } | undefined)?.publishedAt ?? page.json.publishedAt,
    ).toBe('2026-11-22T14:00:00.000Z')
  })
})
