import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BlogListResponse, BlogPost, BlogPostView } from '../../contracts/blog-constants.ts'
import { CONTENT_MESSAGES } from '../../contracts/content-messages.ts'
import { createHttpApp, type HttpApp } from '../../server/http/app.ts'
import { cacheKey } from '../../server/http/page-cache.ts'
import { asAdmin, createPost } from '../support/factories.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { testClock } from '../support/clock.ts'
import { loaderOnlyBuild } from './page-loaders.ts'

/**
 * The leak matrix: a visitor never gets a protected post's body from any surface (the API, the
 * post page's data, the feeds, search, related posts, the page cache), a member does wherever
 * bodies are served, and an early-access post opens to everyone at its `publicAt` by itself.
 * Each body holds a marker sentence with a word found nowhere else; every raw response is
 * searched for both.
 */
const START = '2026-11-22T12:00:00.000Z'
const OPENS = '2026-11-22T14:00:00.000Z'
const clock = testClock(new Date(START))
const MEMBERS = {
  marker: 'The ring plane crossing is hidden behind a quasarwhisper.',
  word: 'quasarwhisper',
}
const EARLY = {
  marker: 'Early readers see the comet beside a nebulamurmur.',
  word: 'nebulamurmur',
}
const EARLY_EXCERPT = 'A comet for early readers.'

let t: TestApp
let app: HttpApp
let admin: string
let member: string
let membersPost: BlogPost
let earlyPost: BlogPost
let publicPost: BlogPost

/** A raw request through the app with the real page loaders (tests/api/page-loaders.ts). */
async function send(url: string, options: { cookie?: string; json?: unknown } = {}) {
  const headers: Record<string, string> = {}
  if (options.cookie) headers.cookie = options.cookie
  if (options.json !== undefined) headers['content-type'] = 'application/json'
  const res = await app.request(
    `http://localhost${url}`,
    {
      method: options.json === undefined ? 'GET' : 'POST',
      headers,
      body: options.json === undefined ? undefined : JSON.stringify(options.json),
    },
    { incoming: { socket: { remoteAddress: '203.0.113.9' } } } as never,
  )
  return { status: res.status, headers: res.headers, text: await res.text() }
}

/** Every surface a visitor (or, with a cookie, a member) reads a post through. */
function surfaces(post: BlogPost, word: string) {
  return {
    get: `/_api/blog/get#${post.slug}`,
    list: '/_api/blog/list',
    filtered: `/_api/blog/list?filter=${post.visibility}`,
    search: `/_api/blog/list?search=${word}`,
    titleSearch: `/_api/blog/list?search=${encodeURIComponent(post.title.split(' ')[0]!)}`,
    page: `/blog/${post.slug}`,
    pageData: `/blog/${post.slug}.data`,
    related: `/blog/${publicPost.slug}.data`,
    rss: '/rss.xml',
    sitemap: '/sitemap.xml',
  }
}

async function read(url: string, cookie?: string) {
  if (url.startsWith('/_api/blog/get#'))
    return send('/_api/blog/get', { cookie, json: { slug: url.split('#')[1] } })
  return send(url, { cookie })
}

beforeAll(async () => {
  t = await createTestApp({ clock, env: { PUBLIC_URL: 'https://astro.example.org' } })
  const { build } = await loaderOnlyBuild()
  app = createHttpApp({ services: t.services, loadBuild: async () => build })
  admin = (await t.signedIn('admin')).cookie
  member = (await t.signedIn('user')).cookie
  const send = asAdmin(t, admin)
  publicPost = await createPost(send, {
    title: 'Jupiter tonight',
    content: '<p>Four moons in a line.</p>',
    status: 'published',
    publishedAt: '2026-11-20T20:00:00.000Z',
  })
  membersPost = await createPost(send, {
    title: 'Saturn edge-on',
    content: `<p>${MEMBERS.marker}</p><p>More for members.</p>`,
    status: 'published',
    publishedAt: '2026-11-21T20:00:00.000Z',
    visibility: 'members',
  })
  earlyPost = await createPost(send, {
    title: 'Comet preview',
    content: `<p>${EARLY.marker}</p>`,
    excerpt: EARLY_EXCERPT,
    status: 'published',
    publishedAt: '2026-11-22T11:00:00.000Z',
    visibility: 'early-access',
    publicAt: OPENS,
  })
})
afterAll(() => t?.close())

describe('writing a post with a visibility', () => {
  it('stores visibility and publicAt, and every post object carries them', async () => {
    expect(membersPost).toMatchObject({ visibility: 'members', publicAt: null })
    expect(earlyPost).toMatchObject({ visibility: 'early-access', publicAt: OPENS })
    expect(publicPost).toMatchObject({ visibility: 'public', publicAt: null })
    const list = JSON.parse((await send('/_api/blog/list', { cookie: admin })).text)
    for (const card of (list as BlogListResponse).posts) {
      expect(card).toHaveProperty('visibility')
      expect(card).toHaveProperty('publicAt')
    }
  })

  it('answers clear 400s for an early-access post without a date, or one before publishing', async () => {
    const create = (json: object) => t.request('/_api/blog/create', { json, cookie: admin })
    const base = { title: 'Early', content: '<p>x</p>', status: 'published' }
    const missing = await create({ ...base, visibility: 'early-access' })
    expect(missing.status).toBe(400)
    expect(missing.json.error).toBe(CONTENT_MESSAGES.publicAtRequired)
    const before = await create({
      ...base,
      visibility: 'early-access',
      publishedAt: '2026-11-22T10:00:00Z',
      publicAt: '2026-11-22T09:00:00Z',
    })
    expect(before.json.error).toBe(CONTENT_MESSAGES.publicAtBeforePublish)
    // Published now (no date given): the opening date must still come after now.
    const beforeNow = await create({ ...base, visibility: 'early-access', publicAt: START })
    expect(beforeNow.json.error).toBe(CONTENT_MESSAGES.publicAtBeforePublish)
    const bogus = await create({ ...base, visibility: 'secret' })
    expect(bogus.json.error).toBe(CONTENT_MESSAGES.invalidVisibility)
    const filter = await t.request('/_api/blog/list?filter=public')
    expect(filter.status).toBe(400)
    expect(filter.json.error).toBe(CONTENT_MESSAGES.invalidFilter)
  })

  it('checks an update against the stored post, and clears publicAt off early access', async () => {
    const update = (json: object) => t.request('/_api/blog/update', { json, cookie: admin })
    const draft = await createPost(asAdmin(t, admin), {
      title: 'Switching',
      status: 'published',
      publishedAt: '2026-11-22T10:00:00.000Z',
    })
    const noDate = await update({ id: draft.id, visibility: 'early-access' })
    expect(noDate.status).toBe(400)
    expect(noDate.json.error).toBe(CONTENT_MESSAGES.publicAtRequired)
    const early = await update({
      id: draft.id,
      visibility: 'early-access',
      publicAt: '2026-11-25T10:00:00Z',
    })
    expect(early.json).toMatchObject({
      visibility: 'early-access',
      publicAt: '2026-11-25T10:00:00.000Z',
    })
    // The stored opening date against a new publish date after it.
    const late = await update({ id: draft.id, publishedAt: '2026-11-26T10:00:00Z' })
    expect(late.json.error).toBe(CONTENT_MESSAGES.publicAtBeforePublish)
    const open = await update({ id: draft.id, visibility: 'members' })
    expect(open.json).toMatchObject({ visibility: 'members', publicAt: null })
    await update({ id: draft.id, visibility: 'public' })
    await t.request('/_api/blog/delete', { json: { id: draft.id }, cookie: admin })
  })
})

describe('the leak matrix', () => {
  for (const [name, kind] of [
    ['members', MEMBERS],
    ['early-access (before publicAt)', EARLY],
  ] as const) {
    it(`${name}: no visitor's response holds the body; a member's does where bodies are served`, async () => {
      const post = kind === MEMBERS ? membersPost : earlyPost
      const urls = surfaces(post, kind.word)
      for (const [surface, url] of Object.entries(urls)) {
        const res = await read(url)
        expect(res.status, `${surface}: ${res.text.slice(0, 200)}`).toBe(200)
        expect(res.text, surface).not.toContain(kind.marker)
        expect(res.text, surface).not.toContain(kind.word)
      }
      for (const surface of ['get', 'pageData'] as const)
        expect((await read(urls[surface], member)).text, surface).toContain(kind.marker)
      // A member's search matches the body's words (the card it finds carries no body).
      expect((await read(urls.search, member)).text).toContain(post.id)
      expect((await read(urls.search)).text).not.toContain(post.id)
    })
  }

  it("/blog's server data: a member's cards carry their excerpts, a visitor's never the body", async () => {
    for (const path of ['/blog.data', '/blog.data?filter=members']) {
      expect((await read(path, member)).text, path).toContain(MEMBERS.marker)
      expect((await read(path)).text, path).not.toContain(MEMBERS.marker)
    }
  })

  it('gives a visitor the post without content, locked, and the member the whole post', async () => {
    const visitor = JSON.parse((await read(surfaces(membersPost, '').get)).text) as BlogPostView
    expect(visitor.locked).toBe(true)
    expect(visitor).not.toHaveProperty('content')
    expect(visitor).toMatchObject({ title: 'Saturn edge-on', visibility: 'members' })
    const answer = await read(surfaces(membersPost, '').get, member)
    expect(answer.headers.get('cache-control')).toBe('private, no-store')
    expect(answer.headers.get('vary')).toContain('Cookie')
    const mine = JSON.parse(answer.text)
    expect(mine).toMatchObject({ locked: false, content: expect.stringContaining(MEMBERS.marker) })
    const adminView = JSON.parse((await read(surfaces(earlyPost, '').get, admin)).text)
    expect(adminView.locked).toBe(false)
  })

  it("shows a visitor protected posts as cards with the author's excerpt only, filtered too", async () => {
    const list = async (query: string) =>
      (JSON.parse((await send(`/_api/blog/list${query}`)).text) as BlogListResponse).posts
    const cards = await list('')
    expect(cards.find((c) => c.id === membersPost.id)?.excerpt).toBe('')
    expect(cards.find((c) => c.id === earlyPost.id)?.excerpt).toBe(EARLY_EXCERPT)
    expect((await list('?filter=members')).map((c) => c.id)).toEqual([membersPost.id])
    expect((await list('?filter=early-access')).map((c) => c.id)).toEqual([earlyPost.id])
    // The filtered /blog pages are kept apart from the whole list in the visitor cache.
    const keys = ['/blog', '/blog?filter=members', '/blog?filter=early-access'].map(
      (url) => cacheKey(url, undefined, undefined)?.key,
    )
    expect(new Set(keys).size).toBe(3)
    // Found by what the card shows: the title.
    expect((await list('?search=Saturn')).map((c) => c.id)).toEqual([membersPost.id])
    // Related posts on another post's page are cards too.
    const related = await send(`/blog/${publicPost.slug}.data`)
    expect(related.text).toContain(membersPost.slug)
    expect(related.text).toContain(EARLY_EXCERPT)
  })

  it('leaves protected posts out of the RSS feed and the sitemap', async () => {
    for (const url of ['/rss.xml', '/sitemap.xml']) {
      const res = await send(url)
      expect(res.text).toContain(publicPost.slug)
      expect(res.text).not.toContain(membersPost.slug)
      expect(res.text).not.toContain(earlyPost.slug)
    }
  })

  it("never stores a member's page, and keeps a visitor's teaser only until the post opens", async () => {
    const page = `/blog/${earlyPost.slug}`
    await send(page)
    const before = app.pageCache.stats()
    const again = await send(page)
    expect(again.headers.get('etag')).toMatch(/^W\//)
    expect(app.pageCache.stats().hits).toBe(before.hits + 1)

    const mine = await send(page, { cookie: member })
    expect(mine.headers.get('etag')).toBeNull()
    expect(mine.headers.get('cache-control')).toBe('private, no-store')
    expect(app.pageCache.stats().entries).toBe(before.entries)
    const rss = await send('/rss.xml')
    expect(rss.text).not.toContain(earlyPost.slug)

    // No write happens: the clock reaching publicAt alone opens the post.
    clock.advance(Date.parse(OPENS) - clock.now().getTime() - 1)
    expect((await send(page)).headers.get('etag')).toBe(again.headers.get('etag'))
    clock.advance(1)
    const misses = app.pageCache.stats().misses
    await send(page)
    expect(app.pageCache.stats().misses).toBe(misses + 1)
    expect((await send('/rss.xml')).text).toContain(earlyPost.slug)
  })

  it('after publicAt, a visitor reads the early-access post everywhere', async () => {
    expect(clock.now().toISOString() >= OPENS).toBe(true)
    const urls = surfaces(earlyPost, EARLY.word)
    for (const surface of ['get', 'pageData'] as const)
      expect((await read(urls[surface])).text, surface).toContain(EARLY.marker)
    expect((await read(urls.search)).text).toContain(earlyPost.id)
    expect((await read(urls.sitemap)).text).toContain(earlyPost.slug)
    expect(JSON.parse((await read(urls.get)).text)).toMatchObject({ locked: false })
    const filtered = JSON.parse((await read(urls.filtered)).text) as BlogListResponse
    expect(filtered.posts).toEqual([])
    // The members-only post stays locked.
    const members = surfaces(membersPost, MEMBERS.word)
    for (const url of Object.values(members))
      expect((await read(url)).text).not.toContain(MEMBERS.marker)
  })
})
