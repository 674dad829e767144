import { createHash } from 'node:crypto'
import http from 'node:http'
import net, { type AddressInfo } from 'node:net'
import zlib from 'node:zlib'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { createContentEvents } from '../shared/content-events.ts'
import type { AppEnv } from './env.ts'
import { SITE_PAGES } from '../../contracts/site-paths.ts'
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
  /** The same app behind a loopback server that answers stored pages as server/main.ts does. */
  const listen = async (preset: Record<string, string> = {}) => {
    const listener = getRequestListener(app.fetch)
    const server = http.createServer((req, res) => {
      for (const [name, value] of Object.entries(preset)) res.setHeader(name, value)
      if (!cache.serveNode(req, res)) void listener(req, res)
    })
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return (server.address() as AddressInfo).port
  }
  return {
    cache,
    events,
    get,
    listen,
    renders: () => renders,
    advance: (ms: number) => (time += ms),
    schedule: (at: string | null) => (scheduled = at),
  }
}

/** About 5 KB of HTML, about 200 bytes in brotli, different for each n. */
const distinctPage = (n: number) =>
  `<html><body>${createHash('sha512').update(String(n)).digest('hex').repeat(40)}</body></html>`

const servers: http.Server[] = []
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((r) => s.close(r))))
})

/** A raw answer from a loopback server: the bytes as sent, not decoded. */
function fetchRaw(
  port: number,
  path: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .request({ host: '127.0.0.1', port, path, headers, method }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }),
        )
      })
      .on('error', reject)
      .end()
  })
}

/** A request written by hand (names in any case, repeated headers), answered with close. */
function rawRequest(
  port: number,
  path: string,
  lines: string[],
): Promise<{ status: number; headers: Map<string, string> }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    const socket = net.connect(port, '127.0.0.1', () =>
      socket.end(`GET ${path} HTTP/1.1\r\n${[...lines, 'Connection: close'].join('\r\n')}\r\n\r\n`),
    )
    socket.on('data', (c: Buffer) => chunks.push(c))
    socket.on('error', reject)
    socket.on('close', () => {
      const head = Buffer.concat(chunks).toString('latin1').split('\r\n\r\n')[0]!.split('\r\n')
      const headers = new Map<string, string>()
      for (const line of head.slice(1)) {
        const colon = line.indexOf(':')
        headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim())
      }
      resolve({ status: Number(head[0]!.split(' ')[1]), headers })
    })
  })
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

  it('keeps exactly the site pages whose entry says how, and never a private one', () => {
    for (const page of SITE_PAGES) {
      const rule = ruleFor(page.path)
      const caching = 'cache' in page ? page.cache : undefined
      expect(rule && { ...rule, pattern: undefined }, page.path).toEqual(
        caching && { ...caching, pattern: undefined },
      )
      if (page.indexing === 'private') expect(caching, page.path).toBeUndefined()
    }
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
    const t = setup({ maxBytes: 40_000, page: distinctPage })
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
    const t = setup({ maxBytes: 40_000, page: distinctPage })
    for (let i = 0; i < 40; i++) await t.get(`/blog/post-${i}`, { 'accept-encoding': 'br' })
    for (let i = 0; i < 40; i++) await t.get(`/blog/post-${i}`, { 'accept-encoding': 'gzip' })
    expect(t.cache.stats().bytes).toBeLessThanOrEqual(40_000)
  })

  it('counts the copies kept for gzip and identity clients in the budget, and drops them with their page', async () => {
    const t = setup({ maxBytes: 40_000, page: distinctPage })
    for (let i = 0; i < 20; i++) await t.get(`/blog/post-${i}`, { 'accept-encoding': 'br' })
    const before = t.cache.stats()
    expect(before.entries).toBe(20)
    const plain = Buffer.from(await (await t.get('/blog/post-0')).arrayBuffer())
    expect(t.cache.stats().bytes).toBe(before.bytes + plain.length)
    for (let i = 1; i < 20; i++) await t.get(`/blog/post-${i}`)
    const { bytes, entries, recodings } = t.cache.stats()
    expect(recodings).toBe(20)
    expect(bytes).toBeLessThanOrEqual(40_000)
    expect(entries).toBeGreaterThan(3)
    expect(entries).toBeLessThan(20)
    // The least recently used pages went, with their copies; the newest kept theirs.
    const renders = t.renders()
    await t.get('/blog/post-19')
    expect(t.cache.stats().recodings).toBe(20)
    await t.get('/blog/post-0', { 'accept-encoding': 'br' })
    expect(t.renders()).toBe(renders + 1)
  })

  it('makes a copy each time rather than let one page outgrow its share of the budget', async () => {
    const t = setup({ maxBytes: 8_000, page: distinctPage })
    await t.get('/blog/post-1', { 'accept-encoding': 'br' })
    const { bytes } = t.cache.stats()
    const first = await (await t.get('/blog/post-1')).text()
    const second = await (await t.get('/blog/post-1')).text()
    expect(second).toBe(first)
    expect(first).toBe(distinctPage(1))
    expect(t.cache.stats()).toMatchObject({ entries: 1, bytes, recodings: 2 })
  })

  it('is off at zero bytes', async () => {
    const t = setup({ maxBytes: 0 })
    await t.get('/blog')
    await t.get('/blog')
    expect(t.renders()).toBe(2)
  })
})

describe('a stored page for every kind of client', () => {
  const clients = [
    { name: 'gzip', headers: { 'accept-encoding': 'gzip, deflate' }, encoding: 'gzip' },
    { name: 'no Accept-Encoding', headers: {}, encoding: undefined },
    {
      name: 'refusing both',
      headers: { 'accept-encoding': 'br;q=0, gzip;q=0' },
      encoding: undefined,
    },
  ] as const
  const decode = (encoding: string | undefined, body: Buffer) =>
    encoding === 'gzip' ? zlib.gunzipSync(body) : body

  it('answers a stored page, and a 304, on a response the server already gave a header (draining)', async () => {
    const t = setup()
    const port = await t.listen({ Connection: 'close' })
    const first = await fetchRaw(port, '/blog/a-post', { 'accept-encoding': 'br' })
    const hit = await fetchRaw(port, '/blog/a-post', { 'accept-encoding': 'br' })
    expect(hit.status).toBe(200)
    expect(hit.headers.connection).toBe('close')
    expect(hit.body.equals(first.body)).toBe(true)
    expect(t.renders()).toBe(1)
    const unchanged = await fetchRaw(port, '/blog/a-post', {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    })
    expect(unchanged.status).toBe(304)
  })

  it('answers each from a copy made once, straight from Node and through the framework', async () => {
    const t = setup()
    const port = await t.listen()
    const rendered = await fetchRaw(port, '/blog/a-post', { 'accept-encoding': 'br' })
    expect(rendered.headers['content-encoding']).toBe('br')
    const html = zlib.brotliDecompressSync(rendered.body)
    const decompressions = vi.spyOn(zlib, 'brotliDecompressSync')
    const compressions = vi.spyOn(zlib, 'gzipSync')
    onTestFinished(() => {
      decompressions.mockRestore()
      compressions.mockRestore()
    })
    for (const client of clients)
      for (let hit = 1; hit <= 2; hit++) {
        const res = await fetchRaw(port, '/blog/a-post', client.headers)
        const label = `${client.name}, hit ${hit}`
        expect(res.status, label).toBe(200)
        expect(res.headers['content-encoding'], label).toBe(client.encoding)
        expect(Number(res.headers['content-length']), label).toBe(res.body.length)
        expect(decode(client.encoding, res.body).equals(html), label).toBe(true)
        expect(res.headers.etag, label).toBe(rendered.headers.etag)
        expect(res.headers.vary, label).toBe('Cookie, Accept-Encoding')
        expect(res.headers['cache-control'], label).toBe('no-cache')
        expect(res.headers['content-security-policy'], label).toBe(
          rendered.headers['content-security-policy'],
        )
        expect(res.headers['x-content-type-options'], label).toBe('nosniff')
      }
    // One decompression for the gzip copy and one for the identity copy; nothing per hit.
    expect(decompressions).toHaveBeenCalledTimes(2)
    expect(compressions).toHaveBeenCalledTimes(1)
    expect(t.cache.stats()).toMatchObject({ entries: 1, hits: 6, misses: 1, recodings: 2 })

    // Through the framework (a visitor who waited for the render takes this way): the same copies.
    for (const client of clients) {
      const res = await t.get('/blog/a-post', client.headers)
      expect(res.headers.get('content-encoding') ?? undefined).toBe(client.encoding)
      expect(res.headers.get('vary')).toBe('Cookie, Accept-Encoding')
      const body = Buffer.from(await res.arrayBuffer())
      expect(Number(res.headers.get('content-length'))).toBe(body.length)
      expect(decode(client.encoding, body).equals(html)).toBe(true)
    }
    expect(decompressions).toHaveBeenCalledTimes(2)
    expect(compressions).toHaveBeenCalledTimes(1)
    expect(t.cache.stats().recodings).toBe(2)
  })

  it('reads a hit’s headers in any case, and repeated ones as Node joins them', async () => {
    const t = setup()
    const port = await t.listen()
    await t.get('/blog', { cookie: 'theme=dark' })
    const shouted = await rawRequest(port, '/blog', [
      'HOST: localhost',
      'COOKIE: theme=dark',
      'ACCEPT-ENCODING: gzip',
    ])
    expect(shouted.status).toBe(200)
    expect(shouted.headers.get('content-encoding')).toBe('gzip')
    expect(t.renders()).toBe(1)
    // Joined, the Cookie headers name a session: never the stored copy, whichever comes last.
    const signedIn = await rawRequest(port, '/blog', [
      'Host: localhost',
      'Cookie: session=abc',
      'Cookie: theme=dark',
    ])
    expect(signedIn.status).toBe(200)
    expect(signedIn.headers.has('etag')).toBe(false)
    expect(t.renders()).toBe(2)
    const twice = await rawRequest(port, '/blog', [
      'Host: localhost',
      'Cookie: theme=dark',
      'Accept-Encoding: identity',
      'Accept-Encoding: gzip',
    ])
    expect(twice.headers.get('content-encoding')).toBe('gzip')
    const etag = shouted.headers.get('etag')!
    const revalidated = await rawRequest(port, '/blog', [
      'Host: localhost',
      'Cookie: theme=dark',
      'If-None-Match: "other"',
      `IF-NONE-MATCH: ${etag}`,
    ])
    expect(revalidated.status).toBe(304)
    expect(t.renders()).toBe(2)
  })

  it('answers HEAD with the length of the copy it would send, and 304 to every encoding', async () => {
    const t = setup()
    const port = await t.listen()
    const etag = (await t.get('/blog')).headers.get('etag')!
    const plain = await fetchRaw(port, '/blog')
    for (const client of [...clients, { headers: { 'accept-encoding': 'br' }, encoding: 'br' }]) {
      const full = await fetchRaw(port, '/blog', client.headers)
      const head = await fetchRaw(port, '/blog', client.headers, 'HEAD')
      expect(head.status).toBe(200)
      expect(head.body.length).toBe(0)
      expect(head.headers['content-encoding']).toBe(client.encoding)
      expect(Number(head.headers['content-length'])).toBe(full.body.length)
      const fresh = await fetchRaw(port, '/blog', { ...client.headers, 'if-none-match': etag })
      expect(fresh.status).toBe(304)
      expect(fresh.body.length).toBe(0)
      expect(fresh.headers.etag).toBe(etag)
      expect(fresh.headers.vary).toBe('Cookie, Accept-Encoding')
      expect(fresh.headers['content-encoding']).toBeUndefined()
    }
    expect(plain.body.toString()).toContain('render 1')
    expect(t.cache.stats().recodings).toBe(2)
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
