import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../dialect.ts'

/**
 * Who reads a post's body (`visibility`: public, members, early-access) and when an early-access
 * post opens to everyone (`public_at`). A protected post is found by visitors through its teaser
 * only (title, excerpt, tags), so search keeps a second document without the body: a column on
 * PostgreSQL, a second contentless FTS5 index on SQLite whose rowids are those of the first. Every
 * post written before is public, so neither needs filling here.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('blog_posts')
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('public'))
    .execute()
  await db.schema.alterTable('blog_posts').addColumn('public_at', 'text').execute()
  if (isPostgres(db)) {
    await sql`alter table blog_posts_search add column teaser tsvector`.execute(db)
    return
  }
  await sql`alter table blog_posts_search_ids add column visibility text not null default 'public'`.execute(
    db,
  )
  await sql`alter table blog_posts_search_ids add column public_at text`.execute(db)
  await sql`create virtual table blog_posts_teaser_search using fts5(
    document, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
  )`.execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table blog_posts_search drop column teaser`.execute(db)
  } else {
    await sql`drop table blog_posts_teaser_search`.execute(db)
    await sql`alter table blog_posts_search_ids drop column public_at`.execute(db)
    await sql`alter table blog_posts_search_ids drop column visibility`.execute(db)
  }
  await db.schema.alterTable('blog_posts').dropColumn('public_at').execute()
  await db.schema.alterTable('blog_posts').dropColumn('visibility').execute()
}
