import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CONTENT_STATUSES, type Role } from '../../contracts/common.ts'
import { insertPost, latestPublishedCards, listPosts, upsertSearchDocument } from './blog-posts.ts'
import { type Database, createDatabase, inTransaction } from './dialect.ts'
import { migrateToLatest } from './migrate.ts'
import { listPages, insertPage } from './pages.ts'
import { bodyLockedFor, isOpenAt, isVisible, listScope, openNow } from './visibility.ts'

const NOW = '2026-11-22T12:00:00.000Z'
const DATES = {
  past: '2026-11-01T00:00:00.000Z',
  now: NOW,
  future: '2026-12-01T00:00:00.000Z',
  none: null,
} as const
const VIEWERS: Record<string, { role: Role } | null> = {
  anonymous: null,
  member: { role: 'user' },
  admin: { role: 'admin' },
}

/** Every status × date, named `status-date` (the name is also the slug and the title). */
const ITEMS = CONTENT_STATUSES.flatMap((status) =>
  Object.entries(DATES).map(([when, publishedAt]) => ({
    name: `${status}-${when}`,
    status,
    publishedAt,
  })),
)

/** Who sees what: admins everything; anyone else what is published and dated now or before. */
const PUBLIC = ['published-past', 'published-now']

describe('isVisible', () => {
  for (const [who, viewer] of Object.entries(VIEWERS)) {
    for (const item of ITEMS) {
      const expected = who === 'admin' || PUBLIC.includes(item.name)
      it(`${item.name} is ${expected ? 'visible' : 'hidden'} to ${who}`, () => {
        expect(isVisible(item, viewer, NOW)).toBe(expected)
      })
    }
  }
})

describe('listScope', () => {
  it('gives visitors and members the public view, and admins what they ask for', () => {
    for (const viewer of [VIEWERS.anonymous!, VIEWERS.member!]) {
      expect(listScope(viewer, null, NOW)).toEqual({ publicAt: NOW })
      expect(listScope(viewer, 'published', NOW)).toEqual({ publicAt: NOW })
      expect(listScope(viewer, 'draft', NOW)).toBeNull()
    }
    expect(listScope(VIEWERS.admin!, null, NOW)).toEqual({ statuses: null })
    expect(listScope(VIEWERS.admin!, 'draft', NOW)).toEqual({ statuses: ['draft'] })
    expect(listScope(VIEWERS.admin!, 'published', NOW)).toEqual({ publicAt: NOW })
  })
})

describe('the SQL form of the rule (SQLite)', () => {
  let db: Database
  beforeAll(async () => {
    db = createDatabase({ dialect: 'sqlite', file: ':memory:' })
    await migrateToLatest(db)
    for (const item of ITEMS) {
      const row = {
        id: item.name,
        title: item.name,
        slug: item.name,
        content: `<p>${item.name}</p>`,
        status: item.status,
        published_at: item.publishedAt,
        created_at: DATES.past,
        updated_at: DATES.past,
      }
      await insertPage(db, { ...row, meta_description: null })
      const post = await insertPost(db, {
        ...row,
        excerpt: null,
        featured_image_url: null,
        tags: '[]',
        visibility: 'public',
        public_at: null,
        author_id: null,
      })
      const documents = { full: `comet ${item.name}`, teaser: item.name }
      await inTransaction(db, (trx) => upsertSearchDocument(trx, post, documents))
    }
  })
  afterAll(() => db.destroy())

  const expected = (viewer: { role: Role } | null) =>
    ITEMS.filter((item) => isVisible(item, viewer, NOW))
      .map((item) => item.name)
      .sort()

  it('lists exactly the items isVisible lets each viewer see', async () => {
    for (const viewer of Object.values(VIEWERS)) {
      const scope = listScope(viewer, null, NOW)!
      const pages = await listPages(db, scope)
      const posts = await listPosts(db, scope, { offset: 0, limit: 100 })
      const found = await listPosts(
        db,
        { ...scope, searchTerms: ['comet'] },
        { offset: 0, limit: 100 },
      )
      for (const rows of [pages, posts.rows, found.rows]) {
        expect(rows.map((r) => r.slug).sort()).toEqual(expected(viewer))
      }
    }
    const latest = await latestPublishedCards(db, NOW, 100)
    expect(latest.map((r) => r.slug).sort()).toEqual(expected(null))
  })
})

/** Every visibility × opening date: who reads the body, in hand and as SQL. */
const BODIES = [
  { name: 'public', visibility: 'public', publicAt: null },
  { name: 'members', visibility: 'members', publicAt: null },
  { name: 'early-past', visibility: 'early-access', publicAt: DATES.past },
  { name: 'early-now', visibility: 'early-access', publicAt: NOW },
  { name: 'early-future', visibility: 'early-access', publicAt: DATES.future },
  { name: 'early-undated', visibility: 'early-access', publicAt: null },
] as const
const OPEN = ['public', 'early-past', 'early-now']

describe('who reads a body', () => {
  for (const post of BODIES) {
    for (const [who, viewer] of Object.entries(VIEWERS)) {
      const locked = who === 'anonymous' && !OPEN.includes(post.name)
      it(`${post.name} is ${locked ? 'locked' : 'open'} to ${who}`, () => {
        expect(isOpenAt(post, NOW)).toBe(OPEN.includes(post.name))
        expect(bodyLockedFor(post, viewer, NOW)).toBe(locked)
      })
    }
  }

  it('says the same in SQL, and a visitor finds a protected post by its teaser only (SQLite)', async () => {
    const db = createDatabase({ dialect: 'sqlite', file: ':memory:' })
    try {
      await migrateToLatest(db)
      for (const post of BODIES) {
        const row = await insertPost(db, {
          id: post.name,
          title: post.name,
          slug: post.name,
          content: '<p>nebula</p>',
          excerpt: null,
          featured_image_url: null,
          tags: '[]',
          status: 'published',
          published_at: DATES.past,
          visibility: post.visibility,
          public_at: post.publicAt,
          author_id: null,
          created_at: DATES.past,
          updated_at: DATES.past,
        })
        const documents = { full: `${post.name} nebula`, teaser: `${post.name} teaser` }
        await inTransaction(db, (trx) => upsertSearchDocument(trx, row, documents))
      }
      const open = await db.selectFrom('blog_posts').select('slug').where(openNow(NOW)).execute()
      expect(open.map((r) => r.slug).sort()).toEqual([...OPEN].sort())
      const scope = { publicAt: NOW }
      const search = async (word: string, visitorAt?: string) =>
        (
          await listPosts(db, { ...scope, searchTerms: [word], visitorAt }, { offset: 0, limit: 9 })
        ).rows
          .map((r) => r.slug)
          .sort()
      expect(await search('nebula')).toEqual(BODIES.map((p) => p.name).sort())
      expect(await search('nebula', NOW)).toEqual([...OPEN].sort())
      expect(await search('teaser', NOW)).toEqual(
        BODIES.filter((p) => !OPEN.includes(p.name))
          .map((p) => p.name)
          .sort(),
      )
    } finally {
      await db.destroy()
    }
  })
})
