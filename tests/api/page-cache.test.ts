import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/test-app.ts'

/**
 * The visitor cache in front of the real services (feeds here; pages in the browser suite):
 * every write that changes what visitors see reaches it, on SQLite and PostgreSQL.
 */
let t: TestApp
let cookie: string
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://astro.example.org' } })
  cookie = (await t.signedIn('admin')).cookie
})
afterAll(() => t?.close())

const admin = (path: string, json: unknown) => t.request(`/_api/${path}`, { json, cookie })

describe('the visitor page cache and the content behind it', () => {
  it('serves the feed from the cache until a post is published, edited or deleted', async () => {
    await t.request('/rss.xml')
    const before = t.app.pageCache.stats()
    const cached = await t.request('/rss.xml')
    expect(t.app.pageCache.stats().hits).toBe(before.hits + 1)
    expect(cached.headers.get('etag')).toMatch(/^W\//)

    const created = await admin('blog/create', {
      title: 'Comet over the ridge',
      content: '<p>Tail two degrees long.</p>',
      status: 'published',
      publishedAt: '2026-11-20T20:00:00.000Z',
    })
    expect(created.status).toBe(200)
    const id = (created.json as { id: string }).id
    expect((await t.request('/rss.xml')).text).toContain('Comet over the ridge')

    await admin('blog/update', { id, title: 'Comet over the northern ridge' })
    expect((await t.request('/rss.xml')).text).toContain('Comet over the northern ridge')

    await admin('blog/delete', { id })
    expect((await t.request('/rss.xml')).text).not.toContain('Comet over')
  })

  it('shows a scheduled post the moment its time comes', async () => {
    const due = new Date(t.clock.now().getTime() + 3 * 60_000).toISOString()
    await admin('blog/create', {
      title: 'Occultation of Regulus',
      content: '<p>The Moon covers the star.</p>',
      status: 'published',
      publishedAt: due,
    })
    expect((await t.request('/rss.xml')).text).not.toContain('Regulus')
    expect((await t.request('/rss.xml')).text).not.toContain('Regulus')
    ;(t.clock as unknown as { advance(ms: number): void }).advance(3 * 60_000 + 1)
    expect((await t.request('/rss.xml')).text).toContain('Occultation of Regulus')
  })

  it('updates the sitemap when a page is published, and only a failed write announces nothing', async () => {
    await t.request('/sitemap.xml')
    const page = await admin('pages/create', {
      title: 'Dark Sky Sites',
      content: '<p>Where to go.</p>',
      status: 'published',
    })
    expect(page.status).toBe(200)
    expect((await t.request('/sitemap.xml')).text).toContain('/dark-sky-sites')

    const hitsBefore = t.app.pageCache.stats().hits
    expect((await admin('pages/update', { id: 'no-such-page', title: 'x' })).status).toBe(404)
    await t.request('/sitemap.xml')
    expect(t.app.pageCache.stats().hits).toBe(hitsBefore + 1)
  })

  it('never answers a signed-in request from the cache', async () => {
    await t.request('/rss.xml')
    const { hits } = t.app.pageCache.stats()
    const mine = await t.request('/rss.xml', { cookie })
    expect(mine.status).toBe(200)
    expect(mine.headers.get('etag')).toBeNull()
    expect(t.app.pageCache.stats().hits).toBe(hits)
  })
})
