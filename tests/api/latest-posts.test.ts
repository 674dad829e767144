import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, testClock, type TestApp } from '../support/test-app.ts'
import { asAdmin, createPost } from '../support/factories.ts'

/**
 * The newest posts are kept between requests (server/services/latest-posts.ts): the RSS feed,
 * read through that copy, must follow every change at once — a new post, an edit, a deletion and
 * a scheduled post going public.
 */
const clock = testClock(new Date('2026-11-22T12:00:00.000Z'))
let t: TestApp
let cookie: string

async function titles(): Promise<string[]> {
  const res = await t.request('/rss.xml')
  expect(res.status).toBe(200)
  return [...res.text.matchAll(/<item>\s*<title>([^<]*)<\/title>/g)].map((m) => m[1]!)
}

async function create(title: string, publishedAt: string): Promise<string> {
  return (await createPost(asAdmin(t, cookie), { title, status: 'published', publishedAt })).id
}

beforeAll(async () => {
  t = await createTestApp({ clock })
  ;({ cookie } = await t.signedIn('admin'))
})
afterAll(() => t?.close())

describe('the newest posts, as the feed shows them', () => {
  it('follow new posts, edits, deletions and the publication schedule', async () => {
    const first = await create('First light', '2026-11-20T20:00:00.000Z')
    expect(await titles()).toEqual(['First light'])
    expect(await titles()).toEqual(['First light'])

    const second = await create('Second night', '2026-11-21T20:00:00.000Z')
    expect(await titles()).toEqual(['Second night', 'First light'])

    const edited = await t.request('/_api/blog/update', {
      json: { id: first, title: 'First light, revised' },
      cookie,
    })
    expect(edited.status).toBe(200)
    expect(await titles()).toEqual(['Second night', 'First light, revised'])

    await t.request('/_api/blog/delete', { json: { id: second }, cookie })
    expect(await titles()).toEqual(['First light, revised'])

    await create('Leonids at dawn', '2026-11-22T13:00:00.000Z')
    expect(await titles()).toEqual(['First light, revised'])
    clock.advance(59 * 60_000)
    expect(await titles()).toEqual(['First light, revised'])
    clock.advance(60_000)
    expect(await titles()).toEqual(['Leonids at dawn', 'First light, revised'])
  })
})
