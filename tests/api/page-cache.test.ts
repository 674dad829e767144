import http from 'node:http'
import type { AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import { getRequestListener } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { asAdmin, createPage, createPost } from '../support/factories.ts'

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

    const { id } = await createPost(asAdmin(t, cookie), {
      title: 'Comet over the ridge',
      content: '<p>Tail two degrees long.</p>',
      status: 'published',
      publishedAt: '2026-11-20T20:00:00.000Z',
    })
    expect((await t.request('/rss.xml')).text).toContain('Comet over the ridge')

    await admin('blog/update', { id, title: 'Comet over the northern ridge' })
    expect((await t.request('/rss.xml')).text).toContain('Comet over the northern ridge')

    await admin('blog/delete', { id })
    expect((await t.request('/rss.xml')).text).not.toContain('Comet over')
  })

  it('shows a scheduled post the moment its time comes', async () => {
    const due = new Date(t.clock.now().getTime() + 3 * 60_000).toISOString()
    await createPost(asAdmin(t, cookie), {
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
    await createPage(asAdmin(t, cookie), {
      title: 'Dark Sky Sites',
      content: '<p>Where to go.</p>',
      status: 'published',
    })
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

  it('gives gzip and identity clients copies made once, kept within its bytes', async () => {
    await createPost(asAdmin(t, cookie), {
      title: 'Jupiter at opposition',
      content: `<p>${'The Great Red Spot crosses the central meridian. '.repeat(40)}</p>`,
      status: 'published',
      publishedAt: '2026-11-19T20:00:00.000Z',
    })
    // As server/main.ts serves it: stored pages straight from Node, the rest through the app.
    const listener = getRequestListener(t.app.fetch)
    const server = http.createServer((req, res) => {
      if (!t.app.pageCache.serveNode(req, res)) void listener(req, res)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const get = (headers: Record<string, string>) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get({ host: '127.0.0.1', port, path: '/rss.xml', headers }, (res) => {
            const chunks: Buffer[] = []
            res.on('data', (c: Buffer) => chunks.push(c))
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
          })
          .on('error', reject)
      })
    try {
      // A client without Accept-Encoding renders the feed: its answer went through the whole app.
      const before = t.app.pageCache.stats()
      const rendered = await get({})
      expect(rendered.headers['content-encoding']).toBeUndefined()
      expect(rendered.headers.vary).toBe('Cookie, Accept-Encoding')
      expect(Number(rendered.headers['content-length'])).toBe(rendered.body.length)
      expect(rendered.body.toString()).toContain('Jupiter at opposition')
      const afterRender = t.app.pageCache.stats()
      expect(afterRender.misses).toBe(before.misses + 1)
      expect(afterRender.recodings).toBe(before.recodings + 1)

      const clients = [
        { headers: { 'accept-encoding': 'gzip' }, encoding: 'gzip', decode: zlib.gunzipSync },
        { headers: {}, encoding: undefined, decode: (b: Buffer) => b },
        { headers: { 'accept-encoding': 'br' }, encoding: 'br', decode: zlib.brotliDecompressSync },
      ] as const
      let gzipBytes = 0
      for (const client of clients)
        for (let hit = 0; hit < 2; hit++) {
          const res = await get(client.headers)
          expect(res.headers['content-encoding']).toBe(client.encoding)
          expect(Number(res.headers['content-length'])).toBe(res.body.length)
          expect(res.headers.vary).toBe('Cookie, Accept-Encoding')
          expect(res.headers.etag).toBe(rendered.headers.etag)
          expect(client.decode(res.body).equals(rendered.body)).toBe(true)
          if (client.encoding === 'gzip') gzipBytes = res.body.length
        }
      // Six hits, one more copy made (gzip): the identity copy was made for the render's client.
      const after = t.app.pageCache.stats()
      expect(after.hits).toBe(afterRender.hits + 6)
      expect(after.recodings).toBe(afterRender.recodings + 1)
      expect(after.bytes).toBe(afterRender.bytes + gzipBytes)
    } finally {
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
