import { sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import { afterEach, describe, expect, it } from 'vitest'
import { type Database, createDatabase } from './dialect.ts'
import { MIGRATIONS, migrateToLatest } from './migrate.ts'

describe('20261122060000_copy_post_dates_into_search_ids (SQLite)', () => {
  let db: Database
  afterEach(() => db.destroy())

  it('copies the status and dates of posts indexed before it', async () => {
    db = createDatabase({ dialect: 'sqlite', file: ':memory:' })
    const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } })
    const before = await migrator.migrateTo('20261122031500_create_oauth_states')
    expect(before.error).toBeUndefined()
    const post = (id: string, status: string, publishedAt: string | null) =>
      sql`insert into blog_posts (id, title, slug, content, excerpt, featured_image_url, tags,
        status, published_at, author_id, created_at, updated_at)
        values (${id}, ${id}, ${id}, '<p>x</p>', null, null, '[]', ${status}, ${publishedAt}, null,
        '2024-01-01T00:00:00.000Z', '2024-01-02T00:00:00.000Z')`.execute(db)
    await post('a', 'published', '2024-03-01T00:00:00.000Z')
    await post('b', 'draft', null)
    await sql`insert into blog_posts_search_ids (post_id) values ('a'), ('b')`.execute(db)

    const copied = await migrator.migrateTo('20261122060000_copy_post_dates_into_search_ids')
    expect(copied.results?.map((r) => r.migrationName)).toContain(
      '20261122060000_copy_post_dates_into_search_ids',
    )
    const rows = await sql<{
      post_id: string
      status: string
      published_at: string | null
      created_at: string
    }>`select post_id, status, published_at, created_at from blog_posts_search_ids order by post_id`.execute(
      db,
    )
    expect(rows.rows).toEqual([
      {
        post_id: 'a',
        status: 'published',
        published_at: '2024-03-01T00:00:00.000Z',
        created_at: '2024-01-01T00:00:00.000Z',
      },
      { post_id: 'b', status: 'draft', published_at: null, created_at: '2024-01-01T00:00:00.000Z' },
    ])
  })
})

describe('20261125000000_number_search_rows_by_publication (SQLite)', () => {
  let db: Database
  afterEach(() => db.destroy())

  it('empties the search rows, for start-up to number them again', async () => {
    db = createDatabase({ dialect: 'sqlite', file: ':memory:' })
    const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } })
    expect((await migrator.migrateTo('20261124000000_create_invoices')).error).toBeUndefined()
    await sql`insert into blog_posts (id, title, slug, content, excerpt, featured_image_url, tags,
      status, published_at, author_id, created_at, updated_at)
      values ('a', 'a', 'a', '<p>x</p>', null, null, '[]', 'draft', null, null,
      '2024-01-01T00:00:00.000Z', '2024-01-02T00:00:00.000Z')`.execute(db)
    await sql`insert into blog_posts_search_ids (id, post_id, status, created_at)
      values (7, 'a', 'draft', '2024-01-01T00:00:00.000Z')`.execute(db)
    await sql`insert into blog_posts_search (rowid, document) values (7, 'saturn rings')`.execute(
      db,
    )
    expect(await migrateToLatest(db)).toContain('20261125000000_number_search_rows_by_publication')
    const left = await sql<{ n: number }>`select
      (select count(*) from blog_posts_search_ids) +
      (select count(*) from blog_posts_search where blog_posts_search match 'saturn') as n`.execute(
      db,
    )
    expect(Number(left.rows[0]!.n)).toBe(0)
  })
})

describe('20261123010000_normalise_dates_to_utc (SQLite)', () => {
  let db: Database
  afterEach(() => db.destroy())

  it('rewrites stored publication dates with offsets in UTC', async () => {
    db = createDatabase({ dialect: 'sqlite', file: ':memory:' })
    const migrator = new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } })
    expect(
      (await migrator.migrateTo('20261122060000_copy_post_dates_into_search_ids')).error,
    ).toBeUndefined()
    await sql`insert into blog_posts (id, title, slug, content, excerpt, featured_image_url, tags,
      status, published_at, author_id, created_at, updated_at)
      values ('p', 'p', 'p', '<p>x</p>', null, null, '[]', 'published', '2026-11-22T23:47:31-10:00',
      null, '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z')`.execute(db)
    await sql`insert into pages (id, title, slug, content, status, meta_description, published_at,
      created_at, updated_at) values ('g', 'g', 'g', 'x', 'published', null,
      '2026-11-23T10:00:00+14:00', '2024-01-01T00:00:00.000Z', '2024-01-01T00:00:00.000Z')`.execute(
      db,
    )
    expect(await migrateToLatest(db)).toContain('20261123010000_normalise_dates_to_utc')
    const post = await sql<{ published_at: string }>`select published_at from blog_posts`.execute(
      db,
    )
    expect(post.rows[0]!.published_at).toBe('2026-11-23T09:47:31.000Z')
    const page = await sql<{ published_at: string }>`select published_at from pages`.execute(db)
    expect(page.rows[0]!.published_at).toBe('2026-11-22T20:00:00.000Z')
  })
})
