import http from 'node:http'
import { existsSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { MIGRATIONS } from '../../server/db/migrate.ts'
import { SEED_POSTS } from '../../server/seed/content.ts'
import {
  ADMIN,
  type Cluster,
  type ClusterResponse,
  healthStatus,
  multipart,
  request,
  sessionCookie,
  startCluster,
} from './cluster.ts'
import { createPost } from '../support/factories.ts'

/**
 * Two app nodes on one PostgreSQL and one object store behind a round-robin proxy: the recipe of
 * docs/deployment.md. Each simulated visitor comes from its own loopback address (127.0.0.x).
 */
let cluster: Cluster
beforeAll(async () => {
  cluster = await startCluster(inject('postgresUrl'))
}, 120_000)
afterAll(async () => {
  await cluster?.close()
})

const LOGIN = '/_api/auth/login_with_password'
const get = (pathname: string, options: Parameters<typeof request>[2] = {}) =>
  request(cluster.url, pathname, options)
const post = (pathname: string, json: unknown, options: Parameters<typeof request>[2] = {}) =>
  request(cluster.url, pathname, { ...options, json })

async function signIn(from: string, node?: number): Promise<string> {
  const res = await post(LOGIN, ADMIN, { from, node })
  expect(res.status, res.text).toBe(200)
  return sessionCookie(res)
}

async function rows<T>(query: string, values: unknown[] = []): Promise<T[]> {
  return (await cluster.db.query(query, values)).rows as T[]
}

describe('two nodes behind a load balancer', () => {
  it('started together on an empty database: migrated once, seeded once', async () => {
    const migrations = await rows<{ name: string }>('select name from kysely_migration')
    expect(migrations.map((m) => m.name).sort()).toEqual(Object.keys(MIGRATIONS).sort())
    expect(await rows('select email from users')).toEqual([{ email: ADMIN.email }])
    const [posts] = await rows<{ n: string }>('select count(*) as n from blog_posts')
    expect(Number(posts!.n)).toBe(SEED_POSTS.length)
    for (const node of cluster.nodes) expect(await healthStatus(node.port)).toBe(200)
  })

  it('a session made on one node is honoured, and ended, on the other', async () => {
    const cookie = await signIn('127.0.0.10', 0)
    const onB = await get('/_api/auth/session', { cookie, node: 1, from: '127.0.0.10' })
    expect(onB.status).toBe(200)
    expect(onB.json<{ user: { email: string } | null }>().user?.email).toBe(ADMIN.email)

    const out = await post('/_api/auth/logout', {}, { cookie, node: 1, from: '127.0.0.10' })
    expect(out.status).toBe(200)
    const onA = await get('/_api/auth/session', { cookie, node: 0, from: '127.0.0.10' })
    expect(onA.json<{ user: unknown }>().user).toBeNull()
  })

  it('counts wrong passwords across both nodes: the sixth attempt is refused on either', async () => {
    const from = '127.0.0.11'
    for (let i = 0; i < 5; i++) {
      const res = await post(LOGIN, { ...ADMIN, password: 'wrong password' }, { from, node: i % 2 })
      expect(res.status).toBe(401)
    }
    for (const node of [0, 1]) {
      const locked = await post(LOGIN, ADMIN, { from, node })
      expect(locked.status, `node ${node}`).toBe(429)
      expect(locked.json<{ error: string }>().error).toBe(
        'Too many failed login attempts for this account. Please try again in 15 minutes.',
      )
    }
    // Someone else, elsewhere, is not affected.
    await signIn('127.0.0.12')
  })

  it('numbers 40 invoices created at once across both nodes 1…40, none twice, none skipped', async () => {
    const cookie = await signIn('127.0.0.13')
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        post(
          '/_api/invoices/create',
          {
            clientName: `Client ${i}`,
            clientEmail: `client${i}@example.org`,
            invoiceDate: '2026-11-22',
            dueDate: '2026-12-22',
            items: [{ description: 'Telescope tune-up', quantity: 1, rate: '120.00' }],
          },
          { cookie, from: '127.0.0.13' },
        ),
      ),
    )
    for (const res of results) expect(res.status, res.text).toBe(201)
    expect(new Set(results.map((r) => r.servedBy))).toEqual(new Set([0, 1]))
    const numbers = results
      .map((r) => r.json<{ invoiceNumber: string }>().invoiceNumber)
      .sort((a, b) => a.localeCompare(b))
    expect(numbers).toEqual(
      Array.from({ length: 40 }, (_, i) => `INV-2026-${String(i + 1).padStart(4, '0')}`),
    )
  })

  it('serves an avatar and header images uploaded through one node from the other', async () => {
    const from = '127.0.0.14'
    const cookie = await signIn(from)
    const png = await sharp({
      create: { width: 320, height: 320, channels: 3, background: { r: 30, g: 40, b: 90 } },
    })
      .png()
      .toBuffer()
    const avatar = multipart([{ name: 'avatar', file: png, filename: 'me.png', type: 'image/png' }])
    const uploaded = await request(cluster.url, '/_api/user/profile/upload-avatar', {
      body: avatar.body,
      headers: { 'content-type': avatar.contentType },
      cookie,
      from,
      node: 0,
    })
    expect(uploaded.status, uploaded.text).toBe(200)
    const avatarUrl = uploaded.json<{ user: { avatarUrl: string } }>().user.avatarUrl
    expect(avatarUrl).toMatch(/^\/uploads\/avatars\/.+\.webp$/)
    await expectImage(await get(avatarUrl, { node: 1, from }))

    const photo = await sharp({
      create: { width: 2000, height: 1000, channels: 3, background: { r: 5, g: 10, b: 40 } },
    })
      .jpeg()
      .toBuffer()
    const form = multipart([
      { name: 'image', file: photo, filename: 'milky-way.jpg', type: 'image/jpeg' },
      { name: 'title', value: 'Milky Way over the dome' },
    ])
    const created = await request(cluster.url, '/_api/images/upload', {
      body: form.body,
      headers: { 'content-type': form.contentType },
      cookie,
      from,
      node: 1,
    })
    expect(created.status, created.text).toBe(201)
    const image = created.json<{ key: string; url: string; srcset: string }>()
    const variants = image.srcset.split(', ').map((entry) => entry.split(' ')[0]!)
    expect(variants.length).toBeGreaterThan(1)
    for (const url of variants) await expectImage(await get(url, { node: 0, from }))

    // Nothing was written to a node's own disk: every node serves every upload.
    for (let i = 0; i < 2; i++)
      expect(existsSync(path.join(cluster.envOf(i).DATA_DIR!, 'uploads'))).toBe(false)

    const removed = await post('/_api/images/delete', { key: image.key }, { cookie, from, node: 0 })
    expect(removed.status, removed.text).toBe(200)
    for (const url of variants) expect((await get(url, { node: 1, from })).status).toBe(404)
  })

  it('a post published on node A shows at once on node B, whose pages were cached', async () => {
    const from = '127.0.0.15'
    const seeded = SEED_POSTS.find((p) => p.status === 'published')!
    // Node B renders /blog and a post page for anonymous visitors and keeps them.
    for (const pathname of ['/blog', `/blog/${seeded.slug}`]) {
      const first = await get(pathname, { node: 1, from })
      const again = await get(pathname, { node: 1, from })
      expect(first.status).toBe(200)
      // The same bytes (one render, one nonce): the second answer came from the page cache.
      expect(again.headers.etag).toBe(first.headers.etag)
    }

    const cookie = await signIn(from, 0)
    const title = 'Comet Tsuchinshan–ATLAS returns, seen from two nodes'
    const { slug } = await createPost(
      (pathname, json) => post(pathname, json, { cookie, from, node: 0 }),
      { title, content: '<p>Both nodes know.</p>', status: 'published' },
    )
    const renamed = `${seeded.title} (revised on node A)`
    const [existing] = await rows<{ id: string }>('select id from blog_posts where slug = $1', [
      seeded.slug,
    ])
    const updated = await post(
      '/_api/blog/update',
      { id: existing!.id, title: renamed },
      { cookie, from, node: 0 },
    )
    expect(updated.status, updated.text).toBe(200)

    const blog = await get('/blog', { node: 1, from })
    expect(blog.text).toContain(escapeHtml(title))
    expect(blog.text).toContain(`/blog/${slug}`)
    const page = await get(`/blog/${seeded.slug}`, { node: 1, from })
    expect(page.text).toContain(escapeHtml(renamed))
  })

  it('an early-access post opens to visitors on both nodes at its publicAt, with no write', async () => {
    const from = '127.0.0.16'
    const cookie = await signIn(from, 0)
    const marker = 'Only members read this before the opening, on any node.'
    // Real clocks: far enough ahead for the checks before it, near enough to wait for.
    const publicAt = new Date(Date.now() + 12_000).toISOString()
    const { slug } = await createPost(
      (pathname, json) => post(pathname, json, { cookie, from, node: 0 }),
      {
        title: 'Early access across nodes',
        content: `<p>${marker}</p>`,
        status: 'published',
        publishedAt: new Date(Date.now() - 60_000).toISOString(),
        visibility: 'early-access',
        publicAt,
      },
    )
    const visitor = (pathname: string, node: number) => get(pathname, { node, from })
    for (const node of [0, 1]) {
      const first = await visitor(`/blog/${slug}`, node)
      const again = await visitor(`/blog/${slug}`, node)
      // Node B keeps the teaser for visitors (the same bytes twice), without the body.
      expect(again.headers.etag).toBe(first.headers.etag)
      for (const res of [
        first,
        await visitor('/rss.xml', node),
        await visitor('/sitemap.xml', node),
      ])
        expect(res.text).not.toContain(marker)
      expect((await visitor('/rss.xml', node)).text).not.toContain(slug)
    }
    expect(Date.now()).toBeLessThan(Date.parse(publicAt))
    await new Promise((r) => setTimeout(r, Date.parse(publicAt) - Date.now() + 50))
    for (const node of [0, 1]) {
      expect((await visitor(`/blog/${slug}`, node)).text).toContain(marker)
      expect((await visitor('/rss.xml', node)).text).toContain(slug)
      expect((await visitor('/sitemap.xml', node)).text).toContain(slug)
    }
  })

  it('runs the hourly YouTube sync once for both nodes', async () => {
    let lease: { last_finished_at: string | null; locked_by: string | null } | undefined
    for (let i = 0; i < 100; i++) {
      ;[lease] = await rows('select * from job_leases where name = $1', ['youtube-sync'])
      if (lease?.last_finished_at) break
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(lease?.last_finished_at).toBeTruthy()
    expect(lease?.locked_by).toBeNull()
    // One sync of the 120 uploads reads 3 playlist pages; two syncs would read 6.
    const playlistPages = () =>
      cluster.fakes.media.calls.filter((c) => c.path.endsWith('/playlistItems')).length
    expect(playlistPages()).toBe(3)
    const [videos] = await rows<{ n: string }>('select count(*) as n from videos')
    expect(Number(videos!.n)).toBe(120)
  })

  it('SIGTERM: the node finishes what it was doing, says it is draining, and no request is lost', async () => {
    const stopping = cluster.nodes[1]!
    const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 })
    expect((await directGet(stopping.port, '/healthz', keepAlive)).status).toBe(200)

    // A request in flight: its body arrives slowly, half before the signal and half after.
    const body = Buffer.from(JSON.stringify({ slug: SEED_POSTS[0]!.slug }))
    const slow = http.request({
      host: '127.0.0.1',
      port: stopping.port,
      method: 'POST',
      path: '/_api/blog/get',
      headers: { 'content-type': 'application/json', 'content-length': String(body.length) },
    })
    const slowAnswer = new Promise<http.IncomingMessage>((resolve, reject) => {
      slow.on('response', resolve)
      slow.on('error', reject)
    })
    slow.write(body.subarray(0, 5))
    await new Promise((r) => setTimeout(r, 100))

    // Visitors keep coming through the balancer while the node stops.
    let stop = false
    const outcomes: string[] = []
    const visitor = async (n: number) => {
      const paths = ['/blog', '/_api/blog/list', `/blog/${SEED_POSTS[0]!.slug}`]
      for (let i = 0; !stop; i++) {
        const from = `127.0.1.${n + 1}`
        const res =
          i % 4 === 3
            ? await post('/_api/blog/get', { slug: SEED_POSTS[0]!.slug }, { from })
            : await get(paths[i % paths.length]!, { from })
        outcomes.push(`${res.status} ${res.servedBy}`)
      }
    }
    const load = Promise.all(Array.from({ length: 8 }, (_, n) => visitor(n)))
    await new Promise((r) => setTimeout(r, 300))

    stopping.child.kill('SIGTERM')
    // Asked on the connection already open (the listener is closing): 503 once the signal is in.
    let draining = await directGet(stopping.port, '/healthz', keepAlive)
    for (let i = 0; draining.status === 200 && i < 40; i++) {
      await new Promise((r) => setTimeout(r, 50))
      draining = await directGet(stopping.port, '/healthz', keepAlive)
    }
    expect(draining.status).toBe(503)
    expect(draining.json).toEqual({ status: 'draining' })
    expect(draining.headers.connection).toBe('close')

    slow.end(body.subarray(5))
    const answer = await slowAnswer
    expect(answer.statusCode).toBe(200)
    answer.resume()

    expect(await stopping.exited).toBe(0)
    await new Promise((r) => setTimeout(r, 300))
    stop = true
    await load
    keepAlive.destroy()

    expect(cluster.proxy.failures).toEqual([])
    expect(outcomes.filter((o) => !o.startsWith('200 '))).toEqual([])
    expect(outcomes.length).toBeGreaterThan(20)

    // A rolling restart: the node comes back and, once the balancer has seen it healthy, takes
    // its share again.
    await cluster.startNode(1)
    const served = new Set<number>()
    for (let i = 0; i < 40 && served.size < 2; i++) {
      served.add((await get('/_api/blog/list')).servedBy)
      await new Promise((r) => setTimeout(r, 50))
    }
    expect(served).toEqual(new Set([0, 1]))
  })
})

async function expectImage(res: ClusterResponse) {
  expect(res.status).toBe(200)
  expect(res.headers['content-type']).toBe('image/webp')
  expect(res.headers['x-content-type-options']).toBe('nosniff')
  expect(res.headers['cache-control']).toBe('public, max-age=86400')
  expect(Number(res.headers['content-length'])).toBe(res.body.length)
  expect((await sharp(res.body).metadata()).format).toBe('webp')
}

function directGet(
  port: number,
  pathname: string,
  agent: http.Agent,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; json: unknown }> {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: pathname, agent }, (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString()))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json: JSON.parse(text) }),
        )
      })
      .on('error', reject)
  })
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/'/g, '&#x27;')
}
