import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listPosts } from '../db/blog-posts.ts'
import { type Database, createDatabase } from '../db/dialect.ts'
import { listFaqs } from '../db/faqs.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { listPages } from '../db/pages.ts'
import { countUsers } from '../db/users.ts'
import { SEED_FAQS, SEED_PAGES, SEED_POSTS } from '../seed/content.ts'
import { createLogger } from '../shared/logger.ts'
import { seedIfEmpty } from './seed.ts'

describe('seedIfEmpty', () => {
  let db: Database
  const clock = { now: () => new Date('2026-11-22T12:00:00.000Z') }
  const options = { adminEmail: 'admin@example.com', adminPassword: 'correct horse battery' }
  beforeAll(async () => {
    db = createDatabase({ dialect: 'sqlite', file: ':memory:' })
    await migrateToLatest(db)
  })
  afterAll(() => db.destroy())

  it('fills an empty database through the repositories, once', async () => {
    expect(await seedIfEmpty(db, clock, options, createLogger('silent'))).toBe(true)
    expect(await countUsers(db)).toBe(1)
    const posts = await listPosts(db, { statuses: null }, { offset: 0, limit: 100 })
    expect(posts.total).toBe(SEED_POSTS.length)
    expect((await listFaqs(db, { offset: 0, limit: 100 })).total).toBe(SEED_FAQS.length)
    expect(await listPages(db, { statuses: null })).toHaveLength(SEED_PAGES.length)
    // Every post is indexed for search as it is written.
    const found = await listPosts(
      db,
      { statuses: null, searchTerms: ['messier'] },
      { offset: 0, limit: 100 },
    )
    expect(found.rows.map((r) => r.slug)).toContain('messier-marathon-guide')

    expect(await seedIfEmpty(db, clock, options, createLogger('silent'))).toBe(false)
  })
})
