import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isVisible } from '../../server/db/visibility.ts'
import type { BlogPost } from '../../contracts/blog-constants.ts'
import { createTestApp, ENGINE, type TestApp } from '../support/test-app.ts'
import { asAdmin, createPost } from '../support/factories.ts'

/**
 * A visitor's search reads a range of search rows numbered by publication (SQLite) or filters by
 * the content rule (PostgreSQL); either way it must answer exactly what isVisible allows, newest
 * first, and count the same.
 */
let t: TestApp
let cookie: string
const created: { id: string; status: string; publishedAt: string | null }[] = []
const NOW = '2026-11-22T12:00:00.000Z'

beforeAll(async () => {
  t = await createTestApp()
  cookie = (await t.signedIn('admin')).cookie
  const hour = 3_600_000
  const at = (offsetHours: number) => new Date(Date.parse(NOW) + offsetHours * hour).toISOString()
  // Past, same instant twice, future (scheduled), drafts and archived ones with dates.
  const cases: { status: BlogPost['status']; publishedAt?: string }[] = [
    { status: 'published', publishedAt: at(-48) },
    { status: 'published', publishedAt: at(-5) },
    { status: 'published', publishedAt: at(-5) },
    { status: 'published', publishedAt: at(-1000) },
    { status: 'published', publishedAt: at(0) },
    { status: 'published', publishedAt: at(3) },
    { status: 'draft' },
    { status: 'draft', publishedAt: at(-2) },
    { status: 'archived', publishedAt: at(-3) },
    { status: 'published', publishedAt: at(-24 * 400) },
  ]
  for (const [i, c] of cases.entries()) {
    const post = await createPost(asAdmin(t, cookie), {
      title: `Meridian transit ${i}`,
      content: `<p>Notes on the meridian transit, night ${i}.</p>`,
      status: c.status,
      ...(c.publishedAt ? { publishedAt: c.publishedAt } : {}),
    })
    created.push({ id: post.id, status: post.status, publishedAt: post.publishedAt })
  }
})
afterAll(() => t?.close())

async function search(query: string) {
  const res = await t.request(`/_api/blog/list?${query}`)
  expect(res.status).toBe(200)
  const body = res.json as unknown as { posts: { id: string }[]; pagination: { total: number } }
  return { ids: body.posts.map((p) => p.id), total: body.pagination.total }
}

function expected(): string[] {
  return created
    .filter((p) => isVisible(p, null, NOW))
    .sort((a, b) =>
      a.publishedAt! < b.publishedAt! ? 1 : a.publishedAt! > b.publishedAt! ? -1 : 0,
    )
    .map((p) => p.id)
}

describe(`a visitor's search (${ENGINE})`, () => {
  it('answers exactly the visible posts, newest first, with their count', async () => {
    const want = expected()
    expect(want).toHaveLength(6)
    const all = await search('search=meridian&limit=50')
    expect(all.total).toBe(want.length)
    // Two posts share one instant: their order between them is the index's; compare as sets there.
    expect(new Set(all.ids)).toEqual(new Set(want))
    const times = all.ids.map((id) => created.find((p) => p.id === id)!.publishedAt!)
    expect([...times].sort().reverse()).toEqual(times)
  })

  it('pages through the same order with any page size', async () => {
    const all = (await search('search=meridian&limit=50')).ids
    for (let limit = 1; limit <= 7; limit++) {
      const pages: string[] = []
      for (let page = 1; page <= Math.ceil(all.length / limit); page++) {
        const { ids, total } = await search(`search=meridian&limit=${limit}&page=${page}`)
        expect(total).toBe(all.length)
        pages.push(...ids)
      }
      expect(pages, `limit ${limit}`).toEqual(all)
    }
  })

  it('follows a post whose status or date changes', async () => {
    const draft = created.find((p) => p.status === 'draft' && p.publishedAt === null)!
    await t.request('/_api/blog/update', {
      json: { id: draft.id, status: 'published', publishedAt: '2026-11-22T11:59:00.000Z' },
      cookie,
    })
    const { ids, total } = await search('search=meridian&limit=50')
    expect(total).toBe(7)
    expect(ids.indexOf(draft.id)).toBe(1)
    await t.request('/_api/blog/update', { json: { id: draft.id, status: 'draft' }, cookie })
    expect((await search('search=meridian&limit=50')).ids).not.toContain(draft.id)
  })

  it('finds every post again after the index is rebuilt at start-up', async () => {
    const before = await search('search=meridian&limit=50')
    if (ENGINE === 'sqlite') {
      const { sql } = await import('kysely')
      await sql`delete from blog_posts_search`.execute(t.db)
      await sql`delete from blog_posts_search_ids`.execute(t.db)
      expect((await search('search=meridian')).total).toBe(0)
      expect(await t.services.blog.indexMissingPosts()).toBeGreaterThanOrEqual(10)
    }
    expect(await t.services.blog.indexMissingPosts()).toBe(0)
    expect(await search('search=meridian&limit=50')).toEqual(before)
  })
})
