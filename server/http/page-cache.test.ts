import { createHash } from 'node:crypto'
import zlib from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { createContentEvents } from '../shared/content-events.ts'
import type { AppEnv } from './env.ts'
import { createPageCache, inlineScriptHashes, ruleFor } from './page-cache.ts'

const sha = (s: string) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`

function setup(
  options: {
    maxBytes?: number
    page?: (n: number) => string
    delayMs?: number
    keyByHost?: boolean
  } = {},
) {
  const events = createContentEvents()
  let time = Date.parse('2026-11-23T12:00:00Z')
  let scheduled: string | null = null
  let renders = 0
  const cache = createPageCache({
    events,
    maxBytes: options.maxBytes ?? 4 * 1024 * 1024,
    now: () => time,
    nextScheduledPublication: async () => scheduled,
    policyFor: (hashes) => `script-src 'self' ${hashes.join(' ')}`,
    fixedHeaders: [['X-Content-Type-Options', 'nosniff']],
    sessionCookie: 'session',
    keyByHost: options.keyByHost ?? false,
  })
  const app = new Hono<AppEnv>()
  app.use(cache.middleware)
  app.use(async (c, next) => {
    c.set('user', c.req.header('x-test-user') ? ({ id: 'u' } as never) : null)
    await next()
  })
  const page =
    options.page ??
    ((n: number) =>
      `<!doctype html><html><head><script>window.n=${n}</script></head><body>${'<p>Saturn rings</p>'.repeat(200)} render ${n}</body></html>`)
  app.get('*', async (c) => {
    renders++
    const n = renders
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs))
    if (c.req.query('cookie')) c.header('Set-Cookie', 'theme=dark')
    if (c.req.query('status')) return c.html(page(n), 404)
    return c.html(page(n))
  })
  /** `headers.url`: the origin of the request's URL, when it is not the Host header's. */
  const get = (path: string, { url, ...headers }: Record<string, string> = {}, method = 'GET') =>
    app.request(`${url ?? `http://${headers.host ?? 'localhost'}`}${path}`, { method, headers })
  return {
    cache,
    events,
    get,
    renders: () => renders,
    advance: (ms: number) => (time += ms),
    schedule: (at: string | null) => (scheduled = at),
  }
}

describe('the cache rules', () => {
  it('covers the public pages and feeds and nothing personal or upstream-fed', () => {
    for (const path of [
      '/',
      '/blog',
      '/blog/saturn-at-opposition',
      '/faqs',
      '/videos',
      '/rss.xml',
      '/sitemap.xml',
      '/about',
      '/dark-sky-sites',
    ])
      expect(ruleFor(path), path).toBeDefined()
    for (const path of [
      '/admin',
      '/admin/login',
      '/editor',
      '/members',
      '/members/profile',
      '/profile',
      '/login',
      '/contact',
      '/invoice-test',
      '/kp-index',
      '/moon-phase',
      '/astronomy-news',
      '/music',
      '/photos',
      '/_api/blog/list',
      '/assets/app.js',
      '/uploads/avatars/a.webp',
      '/healthz',
      '/Blog',
      '/a/b',
    ])
      expect(ruleFor(path), path).toBeUndefined()
    expect(ruleFor('/blog/x')!.topics).toEqual(['posts'])
    expect(ruleFor('/dark-sky-sites')!.topics).toEqual(['pages'])
    expect(ruleFor('/sitemap.xml')!.topics).toEqual(['posts', 'pages'])
  })
})

describe('the visitor page cache', () => {
  it('renders a page once and answers the next visitors from the compressed copy', async () => {
    const t = setup()
    const first = await t.get('/blog', { 'accept-encoding': 'br' })
    const second = await t.get('/blog', { 'accept-encoding': 'gzip, deflate, br' })
    const third = await t.get('/blog', { 'accept-encoding': 'gzip' })
    const plain = await t.get('/blog')
    expect(t.renders()).toBe(1)
    expect(first.headers.get('content-encoding')).toBe('br')
    expect(second.headers.get('content-encoding')).toBe('br')
    expect(third.headers.get('content-encoding')).toBe('gzip')
    expect(plain.headers.get('content-encoding')).toBeNull()
    const html = await plain.text()
    expect(html).toContain('render 1')
    expect(zlib.brotliDecompressSync(Buffer.from(await first.arrayBuffer())).toString()).toBe(html)
    expect(zlib.gunzipSync(Buffer.from(await third.arrayBuffer())).toString()).toBe(html)
    expect(Number(plain.headers.get('content-length'))).toBe(Buffer.byteLength(html))
    expect(first.headers.get('etag')).toMatch(/^W\/"[\w-]{22}"$/)
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'))
    expect(first.headers.get('vary')).toBe('Cookie, Accept-Encoding')
    expect(first.headers.get('cache-control')).toBe('no-cache')
    expect(t.cache.stats()).toMatchObject({ entries: 1, hits: 3, misses: 1 })
  })

  it('stores pages with a 64 KB brotli window, whose match finder is a tenth of the default', async () => {
    const t = setup()
    const res = await t.get('/blog', { 'accept-encoding': 'br' })
    const stored = Buffer.from(await res.arrayBuffer())
    // The stream header's first bit is 0 exactly when the window is 2^16 bytes (RFC 7932, 9.1).
    expect(stored[0]! & 1).toBe(0)
  })

  it('answers 304 without a body when the visitor has the current copy', async () => {
    const t = setup()
    const etag = (await t.get('/faqs')).headers.get('etag')!
    const again = await t.get('/faqs', { 'if-none-match': `"other", ${etag}` })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(etag)
    expect((await t.get('/faqs', { 'if-none-match': '"stale"' })).status).toBe(200)
  })

  it('allows exactly the inline scripts of the cached bytes by their hashes, never a nonce', async () => {
    const t = setup()
    const res = await t.get('/about')
    const policy = res.headers.get('content-security-policy')!
    expect(policy).toBe(`script-src 'self' ${sha('window.n=1')}`)
    expect(policy).not.toContain('nonce')
    // Served again: the same bytes, the same hashes.
    expect((await t.get('/about')).headers.get('content-security-policy')).toBe(policy)
  })

  it('drops exactly the pages whose content changed, here or on another node', async () => {
    const t = setup()
    await t.get('/blog')
    await t.get('/blog/a-post')
    await t.get('/faqs')
    await t.get('/about')
    expect(t.renders()).toBe(4)
    t.events.changed('posts')
    expect(t.cache.stats().entries).toBe(2)
    expect(await (await t.get('/blog')).text()).toContain('render 5')
    expect(await (await t.get('/faqs')).text()).toContain('render 3')
    // What another node announced arrives through deliver().
    t.events.deliver(['faqs'])
    expect(await (await t.get('/faqs')).text()).toContain('render 6')
    expect(await (await t.get('/about')).text()).toContain('render 4')
  })

  it('does not keep a page whose content changed while it was being made', async () => {
    const t = setup({ delayMs: 30 })
    const during = t.get('/blog')
    await new Promise((r) => setTimeout(r, 5))
    t.events.changed('posts')
    expect(await (await during).text()).toContain('render 1')
    expect(t.cache.stats().entries).toBe(0)
    expect(await (await t.get('/blog')).text()).toContain('render 2')
  })

  it('makes one render for visitors who arrive together', async () => {
    const t = setup({ delayMs: 20 })
    const pages = await Promise.all(Array.from({ length: 10 }, () => t.get('/blog/a-post')))
    expect(t.renders()).toBe(1)
    for (const page of pages) expect(await page.text()).toContain('render 1')
  })

  it('ends a copy when its maximum age passes or a scheduled post is due', async () => {
    const t = setup()
    t.schedule('2026-11-23T12:05:00.000Z')
    await t.get('/blog')
    await t.get('/about')
    t.advance(4 * 60_000)
    expect(t.renders()).toBe(2)
    await t.get('/blog')
    expect(t.renders()).toBe(2)
    t.advance(60_000)
    t.schedule(null)
    expect(await (await t.get('/blog')).text()).toContain('render 3')
    // /about does not depend on posts; it ends at the ten-minute maximum.
    expect(await (await t.get('/about')).text()).toContain('render 2')
    t.advance(6 * 60_000)
    expect(await (await t.get('/about')).text()).toContain('render 4')
    // The home page shows time-dependent things and lives a minute.
    await t.get('/')
    t.advance(61_000)
    expect(await (await t.get('/')).text()).toContain('render 6')
  })

  it('never serves or keeps a signed-in visitor’s page, a cookie-setting page or an error', async () => {
    const t = setup()
    await t.get('/blog', { cookie: 'session=abc' })
    await t.get('/blog', { 'x-test-user': '1' })
    await t.get('/blog?cookie=1')
    await t.get('/blog?status=404')
    expect(t.cache.stats().entries).toBe(0)
    await t.get('/blog')
    const signedIn = await t.get('/blog', { cookie: 'theme=dark; session=abc' })
    expect(await signedIn.text()).toContain('render 6')
    expect(signedIn.headers.get('etag')).toBeNull()
  })

  it('keeps one copy per theme and per parameter the page reads', async () => {
    const t = setup()
    await t.get('/blog', { cookie: 'theme=dark' })
    await t.get('/blog', { cookie: 'other=1; theme=dark' })
    await t.get('/blog', { cookie: 'theme=auto' })
    await t.get('/blog?page=2')
    await t.get('/blog?page=2')
    expect(t.renders()).toBe(3)
  })

  it('does not let made-up parameters multiply a page, and does not store searches', async () => {
    const t = setup()
    await t.get('/blog?page=2')
    for (let i = 0; i < 20; i++) {
      await t.get(`/blog?page=2&utm_source=x${i}&fbclid=${i}`)
      await t.get(`/blog/a-post?ref=${i}`)
    }
    // One render for /blog?page=2, one for the post: every other visit was a hit.
    expect(t.renders()).toBe(2)
    expect(t.cache.stats().entries).toBe(2)
    for (let i = 0; i < 5; i++) await t.get(`/blog?search=saturn${i}`)
    await t.get('/blog?search=saturn0')
    expect(t.renders()).toBe(8)
    expect(t.cache.stats().entries).toBe(2)
  })

  it('keys by Host when pages are rendered with the origin the request names', async () => {
    const forged = setup({ keyByHost: true })
    await forged.get('/blog', { host: 'evil.example' })
    const visitor = await forged.get('/blog', { host: 'astro.example.org' })
    expect(await visitor.text()).toContain('render 2')
    expect(forged.renders()).toBe(2)
    // With a fixed PUBLIC_URL the markup does not depend on Host: one copy for all.
    const fixed = setup({ keyByHost: false })
    await fixed.get('/blog', { host: 'evil.example' })
    await fixed.get('/blog', { host: 'astro.example.org' })
    expect(fixed.renders()).toBe(1)
  })

  it('keys a request line’s absolute URL by its own host, not by the Host header', async () => {
    const t = setup({ keyByHost: true })
    // `GET http://evil.example/faqs` with `Host: astro.example.org`: rendered for evil.example.
    const forged = await t.get('/faqs', { host: 'astro.example.org', url: 'http://evil.example' })
    expect(await forged.text()).toContain('render 1')
    const visitor = await t.get('/faqs', { host: 'astro.example.org' })
    expect(await visitor.text()).toContain('render 2')
    const again = await t.get('/faqs', { host: 'evil.example', url: 'http://evil.example' })
    expect(await again.text()).toContain('render 1')
    expect(t.renders()).toBe(2)
  })

  it('answers HEAD from the copy and does not store what a HEAD made', async () => {
    const t = setup()
    await t.get('/faqs', {}, 'HEAD')
    expect(t.cache.stats().entries).toBe(0)
    await t.get('/faqs')
    const head = await t.get('/faqs', {}, 'HEAD')
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
    expect(t.renders()).toBe(2)
  })

  it('lets visitors who arrive during a HEAD’s render wait for one GET render, not one each', async () => {
    const t = setup({ delayMs: 20 })
    const head = t.get('/blog/a-post', {}, 'HEAD')
    const pages = await Promise.all(Array.from({ length: 5 }, () => t.get('/blog/a-post')))
    expect((await head).status).toBe(200)
    expect(t.renders()).toBe(2)
    for (const page of pages) expect(await page.text()).toContain('render 2')
    // A HEAD during a GET's render takes that render's copy.
    const later = setup({ delayMs: 20 })
    const first = later.get('/faqs')
    const during = await later.get('/faqs', {}, 'HEAD')
    expect(during.status).toBe(200)
    expect(during.headers.get('etag')).toBe((await first).headers.get('etag'))
    expect(later.renders()).toBe(1)
  })

  it('holds no more than its byte budget, dropping the least recently used pages', async () => {
    const page = (n: number) =>
      `<html><body>${createHash('sha512').update(String(n)).digest('hex').repeat(40)}</body></html>`
    const t = setup({ maxBytes: 40_000, page })
    for (let i = 0; i < 200; i++) await t.get(`/blog/post-${i}`)
    const { bytes, entries } = t.cache.stats()
    expect(bytes).toBeLessThanOrEqual(40_000)
    expect(entries).toBeGreaterThan(3)
    expect(entries).toBeLessThan(200)
    const before = t.renders()
    await t.get('/blog/post-199')
    expect(t.renders()).toBe(before)
    await t.get('/blog/post-0')
    expect(t.renders()).toBe(before + 1)
  })

  it('counts gzip copies in the budget too', async () => {
    const page = (n: number) =>
      `<html><body>${createHash('sha512').update(String(n)).digest('hex').repeat(40)}</body></html>`
    const t = setup({ maxBytes: 40_000, page })
    for (let i = 0; i < 40; i++) await t.get(`/blog/post-${i}`, { 'accept-encoding': 'br' })
    for (let i = 0; i < 40; i++) await t.get(`/blog/post-${i}`, { 'accept-encoding': 'gzip' })
    expect(t.cache.stats().bytes).toBeLessThanOrEqual(40_000)
  })

  it('is off at zero bytes', async () => {
    const t = setup({ maxBytes: 0 })
    await t.get('/blog')
    await t.get('/blog')
    expect(t.renders()).toBe(2)
  })
})

describe('inlineScriptHashes', () => {
  it('hashes inline scripts only, each once', () => {
    const html =
      '<script nonce="x">a()</script><script type="module" src="/m.js"></script>' +
      '<script>\nb()\n</script><script nonce="y">a()</script><SCRIPT>c()</SCRIPT>'
    expect(inlineScriptHashes(html)).toEqual([sha('a()'), sha('\nb()\n'), sha('c()')])
  })
})
