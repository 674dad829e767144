import { sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  CONTENT_MAX_LENGTH,
  CONTENT_MESSAGES,
  EXCERPT_FALLBACK_LENGTH,
  FAQ_CONTENT_MAX_LENGTH,
} from '../../contracts/blog.ts'
import { appContext } from '../../app/lib/app-context.ts'
import Faqs, { loader as faqsLoader } from '../../app/routes/faqs.tsx'
import { MIGRATIONS } from '../../server/db/migrate.ts'
import type { AppContext } from '../../server/http/app-context.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { asAdmin, createPost } from '../support/factories.ts'

/**
 * Lists answer with bounded work: posts and pages without bodies, FAQs and pages a page at a
 * time, and no stored body longer than its limit.
 */
let t: TestApp
let admin: string
beforeAll(async () => {
  t = await createTestApp()
  admin = (await t.signedIn('admin')).cookie
})
afterAll(() => t?.close())

const write = async (path: string, json: Record<string, unknown>) => {
  const res = await t.request(`/_api/${path}`, { json, cookie: admin })
  expect(res.status, res.text).toBe(200)
  return res.json
}
const paragraph = (text: string) => `<p>${text}</p>`
/** HTML of exactly `length` characters. */
const htmlOfLength = (length: number) => paragraph('a'.repeat(length - 7))

describe('/_api/blog/list', () => {
  it('answers cards: no body, the excerpt or the start of the text worked out by the server', async () => {
    const words = Array.from({ length: 80 }, (_, i) => `star${i}`).join(' ')
    await createPost(asAdmin(t, admin), {
      title: 'No excerpt',
      content: `<h2>Heading</h2>${paragraph(words)}`,
      status: 'published',
      publishedAt: '2026-11-01T00:00:00.000Z',
    })
    const own = await createPost(asAdmin(t, admin), {
      title: 'Own excerpt',
      content: paragraph('Body text'),
      excerpt: '  The author says so.  ',
      status: 'published',
      publishedAt: '2026-11-02T00:00:00.000Z',
      tags: ['moon'],
    })
    for (const query of ['', '?status=published', '?search=star1', '?search=author']) {
      for (const cookie of [undefined, admin]) {
        const res = await t.request(`/_api/blog/list${query}`, { cookie })
        expect(res.status).toBe(200)
        const posts = res.json.posts as Array<Record<string, unknown>>
        expect(posts.length).toBeGreaterThan(0)
        for (const post of posts) {
          expect(post).not.toHaveProperty('content')
          expect(Object.keys(post).sort()).toEqual(
            [
              'createdAt',
              'excerpt',
              'featuredImageUrl',
              'id',
              'publishedAt',
              'slug',
              'status',
              'tags',
              'title',
              'updatedAt',
            ].sort(),
          )
        }
      }
    }
    const posts = (await t.request('/_api/blog/list')).json.posts as Array<{
      title: string
      excerpt: string
    }>
    expect(posts.find((p) => p.title === 'Own excerpt')?.excerpt).toBe('The author says so.')
    const fallback = posts.find((p) => p.title === 'No excerpt')!.excerpt
    expect(fallback.startsWith('Heading star0 star1')).toBe(true)
    expect(fallback.endsWith('...')).toBe(true)
    expect(fallback.length).toBeLessThanOrEqual(EXCERPT_FALLBACK_LENGTH + 3)

    // A change of the body or the excerpt changes the card.
    await write('blog/update', { id: own.id, excerpt: null, content: paragraph('New opening.') })
    const after = (await t.request('/_api/blog/list')).json.posts as Array<{
      title: string
      excerpt: string
    }>
    expect(after.find((p) => p.title === 'Own excerpt')?.excerpt).toBe('New opening.')
    // The post itself still has its body and its own (now empty) excerpt.
    const whole = await t.request('/_api/blog/get', { json: { id: own.id } })
    expect(whole.json).toMatchObject({ content: paragraph('New opening.'), excerpt: null })
  })
})

describe('/_api/faqs/list', () => {
  beforeAll(async () => {
    for (let i = 1; i <= 103; i++)
      await t.services.faqs.create({ title: `Question ${i}?`, content: paragraph(`Answer ${i}.`) })
  })

  it('answers the first 100 by default, with the totals', async () => {
    const res = await t.request('/_api/faqs/list')
    expect(res.status).toBe(200)
    const faqs = res.json.faqs as Array<{ title: string; content: string }>
    expect(faqs).toHaveLength(100)
    expect(faqs[0]).toMatchObject({ title: 'Question 1?', content: paragraph('Answer 1.') })
    expect(res.json.pagination).toEqual({ page: 1, limit: 100, total: 103, totalPages: 2 })
  })

  it('answers any page, in order; past the last, an empty list with the real totals', async () => {
    const second = await t.request('/_api/faqs/list?page=2')
    expect((second.json.faqs as Array<{ title: string }>).map((f) => f.title)).toEqual([
      'Question 101?',
      'Question 102?',
      'Question 103?',
    ])
    const small = await t.request('/_api/faqs/list?page=3&limit=10')
    expect((small.json.faqs as Array<{ title: string }>).map((f) => f.title)[0]).toBe(
      'Question 21?',
    )
    expect(small.json.pagination).toEqual({ page: 3, limit: 10, total: 103, totalPages: 11 })
    const past = await t.request('/_api/faqs/list?page=50')
    expect(past.json).toEqual({
      faqs: [],
      pagination: { page: 50, limit: 100, total: 103, totalPages: 2 },
    })
  })

  it.each([
    ['limit=101', CONTENT_MESSAGES.limitTooLarge],
    ['limit=1000000', CONTENT_MESSAGES.limitTooLarge],
    ['limit=0', 'Must be a positive whole number'],
    ['page=0', 'Must be a positive whole number'],
    ['page=100001', 'Must be at most 100000'],
  ])('?%s → 400 %s', async (query, message) => {
    const res = await t.request(`/_api/faqs/list?${query}`)
    expect(res.status).toBe(400)
    expect(res.json.error).toBe(message)
  })

  it('the /faqs page shows the first page and links to the next, which shows the rest', async () => {
    const context = new RouterContextProvider()
    context.set(appContext, { services: t.services, user: null } as unknown as AppContext)
    const load = (url: string) =>
      faqsLoader({ request: new Request(url), context, params: {} } as never)
    const first = await load('http://localhost/faqs')
    const second = await load('http://localhost/faqs?page=2')
    expect(first.faqs).toHaveLength(100)
    expect(second.faqs.map((f) => f.title)).toEqual([
      'Question 101?',
      'Question 102?',
      'Question 103?',
    ])

    const render = (loaderData: typeof first) =>
      renderToStaticMarkup(createElement(Faqs, { loaderData } as never))
    const page1 = render(first)
    expect(page1).toContain('Question 100?')
    expect(page1).not.toContain('Question 101?')
    expect(page1).toMatch(/<a href="\/faqs\?page=2"[^>]*aria-label="Page 2"/)
    const page2 = render(second)
    expect(page2).toContain('Question 103?')
    expect(page2).toMatch(/<a href="\/faqs"[^>]*aria-label="Page 1"/)
  })
})

describe('/_api/pages/list', () => {
  beforeAll(async () => {
    for (let i = 1; i <= 102; i++) {
      await t.services.pages.create({
        title: `Page ${i}`,
        slug: `page-${i}`,
        content: paragraph(`Body of page ${i}.`),
        status: 'published',
        metaDescription: null,
        publishedAt: `2026-10-01T00:00:${String(i % 60).padStart(2, '0')}.000Z`,
      })
    }
  })

  it('answers pages without bodies, 100 by default, with the totals', async () => {
    const res = await t.request('/_api/pages/list')
    expect(res.status).toBe(200)
    const pages = res.json.pages as Array<Record<string, unknown>>
    expect(pages).toHaveLength(100)
    for (const page of pages) {
      expect(page).not.toHaveProperty('content')
      expect(page).toHaveProperty('slug')
    }
    expect(res.json.pagination).toEqual({ page: 1, limit: 100, total: 102, totalPages: 2 })
    const second = await t.request('/_api/pages/list?page=2', { cookie: admin })
    expect(second.json.pages).toHaveLength(2)
    const firstSlugs = pages.map((p) => p.slug)
    for (const page of second.json.pages as Array<{ slug: string }>)
      expect(firstSlugs).not.toContain(page.slug)
  })

  it('pages a search, and counts only what it matches', async () => {
    const res = await t.request('/_api/pages/list?search=page-1&limit=5', { cookie: admin })
    // page-1, page-10…page-19, page-100…page-102
    expect(res.json.pagination).toEqual({ page: 1, limit: 5, total: 14, totalPages: 3 })
    expect(res.json.pages).toHaveLength(5)
  })

  it.each([
    ['limit=101', CONTENT_MESSAGES.limitTooLarge],
    ['limit=abc', 'Must be a positive whole number'],
    ['page=-1', 'Must be a positive whole number'],
  ])('?%s → 400 %s', async (query, message) => {
    const res = await t.request(`/_api/pages/list?${query}`)
    expect(res.status).toBe(400)
    expect(res.json.error).toBe(message)
  })
})

describe('stored content limits', () => {
  it.each([
    ['blog/create', { title: 'Long post' }, CONTENT_MAX_LENGTH, CONTENT_MESSAGES.contentTooLong],
    ['pages/create', { title: 'Long page' }, CONTENT_MAX_LENGTH, CONTENT_MESSAGES.contentTooLong],
    [
      'faqs/create',
      { title: 'Long answer?' },
      FAQ_CONTENT_MAX_LENGTH,
      CONTENT_MESSAGES.faqContentTooLong,
    ],
  ])(
    '%s takes content up to its limit, and refuses one character more',
    async (path, body, max, message) => {
      const over = await t.request(`/_api/${path}`, {
        json: { ...body, content: htmlOfLength(max + 1) },
        cookie: admin,
      })
      expect(over.status).toBe(400)
      expect(over.json.error).toBe(message)
      expect(over.json.details).toEqual({ content: [message] })

      const created = await write(path, { ...body, content: htmlOfLength(max) })
      expect((created.content as string).length).toBe(max)

      const update = path.replace('create', 'update')
      const tooLong = await t.request(`/_api/${update}`, {
        json: { id: created.id, content: htmlOfLength(max + 1) },
        cookie: admin,
      })
      expect(tooLong.status).toBe(400)
      expect(tooLong.json.error).toBe(message)
    },
  )

  it('counts the content as stored: text that escaping lengthens past the limit is refused', async () => {
    // Three quarters of the limit as sent; stored, each "&" becomes "&amp;" (+4 characters).
    const repeats = FAQ_CONTENT_MAX_LENGTH / 8
    const content = paragraph('a & b '.repeat(repeats))
    expect(content.length + 4 * repeats).toBeGreaterThan(FAQ_CONTENT_MAX_LENGTH)
    expect(content.length).toBeLessThan(FAQ_CONTENT_MAX_LENGTH)
    const res = await t.request('/_api/faqs/create', {
      json: { title: 'Escaped?', content },
      cookie: admin,
    })
    expect(res.status).toBe(400)
    expect(res.json.error).toBe(CONTENT_MESSAGES.faqContentTooLong)
  })
})

describe('20261126000000_store_card_excerpts', () => {
  it('works out the card excerpt of every post written before it', async () => {
    const migrator = new Migrator({ db: t.db, provider: { getMigrations: async () => MIGRATIONS } })
    // Back to just before it, whatever later migrations there are.
    const before = await migrator.migrateTo('20261125000000_number_search_rows_by_publication')
    expect(before.error).toBeUndefined()
    const now = '2026-11-01T00:00:00.000Z'
    for (const [id, excerpt, content] of [
      ['old-a', null, `<p>${'Old words. '.repeat(40)}</p>`],
      ['old-b', 'Kept as written', '<p>Body</p>'],
    ] as const)
      await sql`insert into blog_posts (id, title, slug, content, excerpt, featured_image_url, tags,
        status, published_at, author_id, created_at, updated_at)
        values (${id}, ${id}, ${id}, ${content}, ${excerpt}, null, '[]', 'draft', null, null,
        ${now}, ${now})`.execute(t.db)
    expect((await migrator.migrateToLatest()).error).toBeUndefined()
    const rows = await sql<{ id: string; card_excerpt: string }>`select id, card_excerpt
      from blog_posts where id in ('old-a', 'old-b') order by id`.execute(t.db)
    expect(rows.rows[0]!.card_excerpt).toMatch(/^Old words\. Old words\..*\.\.\.$/)
    expect(rows.rows[1]!.card_excerpt).toBe('Kept as written')
  })
})
