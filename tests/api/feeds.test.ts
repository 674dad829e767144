import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { asAdmin, createPage, createPost } from '../support/factories.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://astro.example.org' } })
  const { cookie } = await t.signedIn('admin')
  const admin = asAdmin(t, cookie)
  await createPost(admin, {
    title: 'Ring & Moons <2026>',
    content: '<p>Saturn &amp; Titan</p>',
    status: 'published',
    publishedAt: '2026-10-01T20:00:00.000Z',
    tags: ['planets', 'saturn'],
    excerpt: 'Rings wide open',
  })
  await createPost(admin, {
    title: 'Aurora season',
    content: '<p>Green curtains overhead tonight.</p>',
    status: 'published',
    publishedAt: '2026-11-01T20:00:00.000Z',
  })
  await createPost(admin, { title: 'Secret draft', content: '<p>x</p>', status: 'draft' })
  await createPage(admin, { title: 'Dark Sky Sites', content: '<p>x</p>', status: 'published' })
  await createPage(admin, { title: 'Hidden page', content: '<p>x</p>' })
})
afterAll(() => t?.close())

const parser = new XMLParser({ ignoreAttributes: false })

describe('/rss.xml', () => {
  it('is valid RSS 2.0 with the latest published posts only, newest first', async () => {
    const res = await t.request('/rss.xml')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/rss+xml; charset=utf-8')
    expect(XMLValidator.validate(res.text)).toBe(true)
    const doc = parser.parse(res.text)
    expect(doc.rss['@_version']).toBe('2.0')
    const channel = doc.rss.channel
    expect(channel.title).toBe('The Cosmic Log | Astro Cosmos')
    expect(channel.link).toBe('https://astro.example.org/blog')
    const items = Array.isArray(channel.item) ? channel.item : [channel.item]
    expect(items.map((i: { title: string }) => i.title)).toEqual([
      'Aurora season',
      'Ring & Moons <2026>',
    ])
    expect(items[1].link).toBe('https://astro.example.org/blog/ring-moons-2026')
    expect(items[1].pubDate).toBe('Thu, 01 Oct 2026 20:00:00 GMT')
    expect(items[1].description).toBe('Rings wide open')
    expect(items[1].category).toEqual(['planets', 'saturn'])
    expect(items[0].description).toBe('Green curtains overhead tonight.')
    expect(res.text).toContain('<title>Ring &amp; Moons &lt;2026&gt;</title>')
    expect(res.text).not.toContain('Secret draft')
  })
})

describe('/sitemap.xml', () => {
  it('lists static routes, published posts and pages with lastmod, nothing unpublished', async () => {
    const res = await t.request('/sitemap.xml')
    expect(res.status).toBe(200)
    expect(XMLValidator.validate(res.text)).toBe(true)
    const urls = parser.parse(res.text).urlset.url as Array<{ loc: string; lastmod?: string }>
    const locs = urls.map((u) => u.loc)
    expect(locs).toContain('https://astro.example.org/')
    expect(locs).toContain('https://astro.example.org/blog')
    expect(locs).toContain('https://astro.example.org/telescope-guide')
    expect(locs).toContain('https://astro.example.org/dark-sky-sites')
    expect(urls.find((u) => u.loc.endsWith('/blog/aurora-season'))?.lastmod).toMatch(
      /^\d{4}-\d{2}-\d{2}$/,
    )
    expect(res.text).not.toMatch(/secret-draft|hidden-page|\/admin|\/profile/)
  })
})

describe('/robots.txt', () => {
  it('points at the sitemap and keeps crawlers out of private areas', async () => {
    const res = await t.request('/robots.txt')
    expect(res.text).toContain('Sitemap: https://astro.example.org/sitemap.xml')
    expect(res.text).toContain('Disallow: /admin')
    expect(res.text).toContain('Disallow: /_api/')
  })
})

describe('/rss.xml with hostile content', () => {
  it('keeps text as text for HTML-rendering readers and drops characters XML forbids', async () => {
    const { cookie } = await t.signedIn('admin')
    const post = await createPost(asAdmin(t, cookie), {
      title: 'Markup shown as text',
      content: '<p>Try this: &lt;img src=x onerror=alert(1)&gt; in a post</p>',
      status: 'published',
      publishedAt: '2026-11-10T20:00:00.000Z',
    })
    // A title stored before control characters were refused at input (PostgreSQL never stores NUL).
    await t.db
      .updateTable('blog_posts')
      .set({ title: 'Old title\u0001 with\u001f controls' })
      .where('id', '=', post.id)
      .execute()
    const rss = await t.request('/rss.xml')
    expect(XMLValidator.validate(rss.text)).toBe(true)
    const doc = new XMLParser({ ignoreAttributes: false, processEntities: true }).parse(rss.text)
    const items = [doc.rss.channel.item].flat() as Array<{ title: string; description: string }>
    const item = items.find((i) => String(i.title).startsWith('Old'))!
    expect(item.title).toBe('Old title with controls')
    // What a reader gets after XML decoding is HTML that *displays* the tag, never the tag itself.
    expect(item.description).toContain('&lt;img src=x onerror=alert(1)&gt;')
    expect(item.description).not.toContain('<img')
  })
})
