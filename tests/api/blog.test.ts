import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTENT_MESSAGES, type BlogListResponse, type BlogPost } from '../../contracts/blog.ts'
import { createTestApp, type TestApp, testClock } from '../support/test-app.ts'
import { asAdmin, createPost, type PostFields } from '../support/factories.ts'

const clock = testClock()
let t: TestApp
let admin: string
let member: string
const HOUR = 3600_000

beforeAll(async () => {
  t = await createTestApp({ clock })
  admin = (await t.signedIn('admin')).cookie
  member = (await t.signedIn('user')).cookie
})
afterAll(async () => {
  await t?.close()
})

async function create(body: Record<string, unknown>, cookie = admin) {
  return t.request('/_api/blog/create', { json: { content: '<p>Some text</p>', ...body }, cookie })
}
const createOk = (fields: PostFields): Promise<BlogPost> =>
  createPost(asAdmin(t, admin), { content: '<p>Some text</p>', ...fields })
async function list(query: string, cookie?: string) {
  const res = await t.request(`/_api/blog/list${query}`, { cookie })
  return { status: res.status, body: res.json as unknown as BlogListResponse & { error?: string } }
}

describe('validation', () => {
  it.each([
    [{ content: '<p>x</p>' }, 'title', 'Title is required'],
    [{ title: '   ', content: '<p>x</p>' }, 'title', 'Title is required'],
    [{ title: 'T' }, 'content', 'Content is required'],
    [{ title: 'T', content: '' }, 'content', 'Content is required'],
    [{ title: 'T', content: 'x', status: 'secret' }, 'status', CONTENT_MESSAGES.invalidStatus],
    [
      { title: 'T', content: 'x', featuredImageUrl: 'not a url' },
      'featuredImageUrl',
      CONTENT_MESSAGES.invalidUrl,
    ],
    [
      { title: 'T', content: 'x', publishedAt: '22/11/2026' },
      'publishedAt',
      CONTENT_MESSAGES.invalidDate,
    ],
  ])('create %j → 400 %s: %s', async (body, field, message) => {
    const res = await t.request('/_api/blog/create', { json: body, cookie: admin })
    expect(res.status).toBe(400)
    expect(res.json.error).toBe(message)
    expect(res.json.details).toMatchObject({ [field]: [message] })
  })

  it('update: id required; title and content at least 1 character', async () => {
    expect(
      (await t.request('/_api/blog/update', { json: { title: 'x' }, cookie: admin })).json.error,
    ).toBe(CONTENT_MESSAGES.idRequired)
    const post = await createOk({ title: 'Update validation' })
    for (const [field, message] of [
      ['title', 'Title is required'],
      ['content', 'Content is required'],
    ] as const) {
      const res = await t.request('/_api/blog/update', {
        json: { id: post.id, [field]: '' },
        cookie: admin,
      })
      expect(res.status).toBe(400)
      expect(res.json.error).toBe(message)
    }
  })

  it('get needs an id or a slug', async () => {
    const res = await t.request('/_api/blog/get', { json: {} })
    expect(res.status).toBe(400)
    expect(res.json.error).toBe('Either id or slug must be provided')
  })

  it.each([
    '?page=0',
    '?page=-2',
    '?page=abc',
    '?limit=0',
    '?limit=1.5',
    '?limit=101',
    '?status=secret',
  ])('list %s → 400', async (q) => {
    const { status, body } = await list(q)
    expect(status).toBe(400)
    expect(typeof body.error).toBe('string')
  })

  it('content that is only unsafe markup is no content', async () => {
    const res = await create({ title: 'Sneaky', content: '<script>alert(1)</script>' })
    expect(res.status).toBe(400)
    expect(res.json.error).toBe('Content is required')
  })
})

describe('create and update', () => {
  it('defaults to draft, derives the slug from the title and answers the post', async () => {
    const post = await createOk({ title: "Saturn's Rings: A 2026 Guide" })
    expect(post).toMatchObject({
      slug: 'saturns-rings-a-2026-guide',
      status: 'draft',
      publishedAt: null,
      tags: [],
      excerpt: null,
    })
    expect(post.id).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('gives a derived slug a numeric suffix when taken; an explicit slug that is taken is a 409', async () => {
    const a = await createOk({ title: 'Perseid Night' })
    const b = await createOk({ title: 'Perseid Night' })
    const c = await createOk({ title: 'Perseid   night!' })
    expect([a.slug, b.slug, c.slug]).toEqual([
      'perseid-night',
      'perseid-night-2',
      'perseid-night-3',
    ])
    const taken = await create({ title: 'Other', slug: 'perseid-night' })
    expect(taken.status).toBe(409)
    expect(taken.json.error).toBe('A post with the slug "perseid-night" already exists.')
    const moved = await t.request('/_api/blog/update', {
      json: { id: c.id, slug: 'perseid-night-2' },
      cookie: admin,
    })
    expect(moved.status).toBe(409)
  })

  it('normalises an explicit slug', async () => {
    expect((await createOk({ title: 'X', slug: '  My Custom SLUG ' })).slug).toBe('my-custom-slug')
  })

  it('keeps a post its slug when an update renames it without one; a title with no letters makes "post"', async () => {
    const post = await createOk({ title: 'Zodiacal Light' })
    const update = (json: object) =>
      t.request('/_api/blog/update', { json: { id: post.id, ...json }, cookie: admin })
    expect((await update({ title: 'Gegenschein' })).json.slug).toBe('zodiacal-light')
    expect((await update({ slug: 'Gegenschein Glow' })).json.slug).toBe('gegenschein-glow')
    expect([
      (await createOk({ title: '***' })).slug,
      (await createOk({ title: '!!' })).slug,
    ]).toEqual(['post', 'post-2'])
  })

  it('sets publishedAt when first published without one, and keeps a given date', async () => {
    const now = clock.now().toISOString()
    expect((await createOk({ title: 'Published now', status: 'published' })).publishedAt).toBe(now)
    const given = await createOk({
      title: 'Dated',
      status: 'published',
      publishedAt: '2026-01-02T03:04:05.000Z',
    })
    expect(given.publishedAt).toBe('2026-01-02T03:04:05.000Z')
    const draft = await createOk({ title: 'Later' })
    const published = await t.request('/_api/blog/update', {
      json: { id: draft.id, status: 'published' },
      cookie: admin,
    })
    expect(published.json).toMatchObject({
      id: draft.id,
      slug: 'later',
      status: 'published',
      publishedAt: now,
    })
  })

  it('keeps tags in order without duplicates and clears nullable fields with null', async () => {
    const post = await createOk({
      title: 'Tagged',
      tags: ['Moon', ' moon ', 'optics', ''].filter(Boolean),
      excerpt: 'Short',
      featuredImageUrl: 'https://example.org/a.png',
    })
    expect(post.tags).toEqual(['Moon', 'optics'])
    const res = await t.request('/_api/blog/update', {
      json: { id: post.id, excerpt: null, featuredImageUrl: null, tags: null },
      cookie: admin,
    })
    expect(res.json).toMatchObject({ excerpt: null, featuredImageUrl: null, tags: [] })
  })

  it('sanitises the stored HTML', async () => {
    const post = await createOk({
      title: 'XSS',
      content:
        '<p onclick="x()">Hi <a href="javascript:alert(1)">there</a></p><script>bad()</script>',
    })
    expect(post.content).toBe('<p>Hi <a>there</a></p>')
  })

  it('404s for an unknown id on update and delete', async () => {
    expect(
      (await t.request('/_api/blog/update', { json: { id: 'nope', title: 'x' }, cookie: admin }))
        .status,
    ).toBe(404)
    const del = await t.request('/_api/blog/delete', { json: { id: 'nope' }, cookie: admin })
    expect(del.status).toBe(404)
    expect(del.json.error).toBe('Post not found')
  })
})

describe('visibility: visitors and members see only what is published', () => {
  let draft: BlogPost, archived: BlogPost, scheduled: BlogPost, live: BlogPost
  beforeAll(async () => {
    const tag = 'visibilitytest'
    draft = await createOk({ title: 'Hidden draft', status: 'draft', tags: [tag] })
    archived = await createOk({
      title: 'Hidden archived',
      status: 'archived',
      publishedAt: '2025-01-01T00:00:00.000Z',
      tags: [tag],
    })
    scheduled = await createOk({
      title: 'Hidden scheduled',
      status: 'published',
      publishedAt: new Date(clock.now().getTime() + 2 * HOUR).toISOString(),
      tags: [tag],
    })
    live = await createOk({
      title: 'Visible post',
      status: 'published',
      publishedAt: new Date(clock.now().getTime() - HOUR).toISOString(),
      tags: [tag],
    })
  })

  for (const who of ['anonymous', 'member'] as const) {
    it(`${who}: list, get by id and get by slug show only the published post`, async () => {
      const cookie = who === 'member' ? member : undefined
      const { body } = await list('?search=visibilitytest&limit=50', cookie)
      expect(body.posts.map((p) => p.title)).toEqual(['Visible post'])
      for (const hidden of [draft, archived, scheduled]) {
        expect(
          (await t.request('/_api/blog/get', { json: { id: hidden.id }, cookie })).status,
        ).toBe(404)
        const bySlug = await t.request('/_api/blog/get', { json: { slug: hidden.slug }, cookie })
        expect(bySlug.status).toBe(404)
        expect(bySlug.json).toEqual({ error: 'Post not found' })
      }
      expect(
        (await t.request('/_api/blog/get', { json: { slug: live.slug }, cookie })).json.title,
      ).toBe('Visible post')
      const forbidden = await list('?status=draft', cookie)
      expect(forbidden.status).toBe(403)
      expect(forbidden.body.error).toBe(CONTENT_MESSAGES.statusForbidden)
    })
  }

  it('admin sees every status and can filter by one', async () => {
    const all = await list('?search=visibilitytest&limit=50', admin)
    expect(all.body.posts).toHaveLength(4)
    const drafts = await list('?search=visibilitytest&status=draft', admin)
    expect(drafts.body.posts.map((p) => p.id)).toEqual([draft.id])
    expect(
      (await t.request('/_api/blog/get', { json: { id: scheduled.id }, cookie: admin })).status,
    ).toBe(200)
  })

  it('a scheduled post appears when its date comes', async () => {
    clock.advance(3 * HOUR)
    const { body } = await list('?search=visibilitytest')
    expect(body.posts.map((p) => p.title)).toEqual(['Hidden scheduled', 'Visible post'])
  })
})

describe('search and pagination', () => {
  beforeAll(async () => {
    const base = clock.now().getTime() - 100 * HOUR
    for (let i = 1; i <= 23; i++) {
      await createOk({
        title: `Pagination ${String(i).padStart(2, '0')}`,
        status: 'published',
        publishedAt: new Date(base + i * HOUR).toISOString(),
        tags: ['paginationset'],
        content: `<p>Entry ${i}</p>`,
      })
    }
    await createOk({
      title: 'Deep sky hunting',
      status: 'published',
      publishedAt: new Date(base).toISOString(),
      excerpt: 'Faint fuzzies for autumn',
      tags: ['Galaxies'],
      content:
        '<h2>Autumn</h2><p>The <strong>Andromeda</strong> galaxy is visible with binoculars from a dark site.</p>',
    })
  })

  it('pages newest first with page, totalPages and total', async () => {
    const first = await list('?search=paginationset&limit=9')
    expect(first.body.pagination).toEqual({ page: 1, totalPages: 3, total: 23 })
    expect(first.body.posts.map((p) => p.title)[0]).toBe('Pagination 23')
    const last = await list('?search=paginationset&limit=9&page=3')
    expect(last.body.posts.map((p) => p.title)).toEqual([
      'Pagination 05',
      'Pagination 04',
      'Pagination 03',
      'Pagination 02',
      'Pagination 01',
    ])
    const beyond = await list('?search=paginationset&limit=9&page=4')
    expect(beyond.body.posts).toEqual([])
    expect(beyond.body.pagination).toEqual({ page: 4, totalPages: 3, total: 23 })
    const defaults = await list('?search=paginationset')
    expect(defaults.body.posts).toHaveLength(10)
  })

  it.each([
    ['andromeda', 'a word of the body text'],
    ['ANDROMEDA', 'any case'],
    ['Ándroméda', 'with accents added'],
    ['androm', 'a word prefix'],
    ['fuzzies', 'the excerpt'],
    ['galaxies', 'a tag'],
    ['deep hunting', 'several words, all required'],
    ['binoculars dark', 'several body words'],
  ])('finds the post by %s (%s)', async (q) => {
    const { body } = await list(`?search=${encodeURIComponent(q)}`)
    expect(body.posts.map((p) => p.title)).toContain('Deep sky hunting')
  })

  it('does not match words that are not there, nor HTML tag names', async () => {
    expect((await list('?search=andromeda%20whale')).body.posts).toEqual([])
    expect((await list('?search=strong')).body.pagination.total).toBe(0)
    expect((await list(`?search=${encodeURIComponent('" OR 1=1 --')}`)).status).toBe(200)
  })

  it('follows a post through every change of status and date', async () => {
    const post = await createOk({
      title: 'Noctilucent clouds',
      status: 'draft',
      content: '<p>noctilucent</p>',
    })
    const update = (json: object) =>
      t.request('/_api/blog/update', { json: { id: post.id, ...json }, cookie: admin })
    const found = async () => (await list('?search=noctilucent')).body.pagination.total
    expect(await found()).toBe(0)
    await update({ status: 'published' })
    expect(await found()).toBe(1)
    await update({ publishedAt: new Date(clock.now().getTime() + 5 * HOUR).toISOString() })
    expect(await found()).toBe(0)
    await update({ publishedAt: new Date(clock.now().getTime() - 5 * HOUR).toISOString() })
    expect(await found()).toBe(1)
    await update({ status: 'archived' })
    expect(await found()).toBe(0)
    expect((await list('?search=noctilucent&status=archived', admin)).body.pagination.total).toBe(1)
  })

  it('orders matches newest first and re-orders when a date changes', async () => {
    const day = (n: number) => new Date(Date.UTC(2024, 0, n)).toISOString()
    const titles = ['Airglow one', 'Airglow two', 'Airglow three']
    const posts = []
    for (const [i, title] of titles.entries()) {
      posts.push(
        await createOk({ title, status: 'published', publishedAt: day(i + 1), tags: ['airglow'] }),
      )
    }
    const order = async () => (await list('?search=airglow')).body.posts.map((p) => p.title)
    expect(await order()).toEqual(['Airglow three', 'Airglow two', 'Airglow one'])
    await t.request('/_api/blog/update', {
      json: { id: posts[0]!.id, publishedAt: day(10) },
      cookie: admin,
    })
    expect(await order()).toEqual(['Airglow one', 'Airglow three', 'Airglow two'])
  })

  it('re-indexes on update and forgets deleted posts', async () => {
    const post = await createOk({
      title: 'Reindex me',
      status: 'published',
      content: '<p>zodiacal light</p>',
    })
    expect((await list('?search=zodiacal')).body.pagination.total).toBe(1)
    await t.request('/_api/blog/update', {
      json: { id: post.id, content: '<p>gegenschein</p>' },
      cookie: admin,
    })
    expect((await list('?search=zodiacal')).body.pagination.total).toBe(0)
    expect((await list('?search=gegenschein')).body.pagination.total).toBe(1)
    expect(
      (await t.request('/_api/blog/delete', { json: { id: post.id }, cookie: admin })).json,
    ).toEqual({ success: true })
    expect((await list('?search=gegenschein')).body.pagination.total).toBe(0)
    expect(
      (await t.request('/_api/blog/get', { json: { id: post.id }, cookie: admin })).status,
    ).toBe(404)
  })
})
