import { type Kysely, sql } from 'kysely'
import { identityColumn, isPostgres } from '../dialect.ts'

/**
 * Full-text search over posts: each engine's own index (FTS5 / tsvector + GIN), fed by the
 * application with the post's title, excerpt, tags and the text of its body.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create table blog_posts_search (
      post_id text primary key references blog_posts(id) on delete cascade,
      document tsvector not null
    )`.execute(db)
    await sql`create index blog_posts_search_document on blog_posts_search using gin (document)`.execute(
      db,
    )
  } else {
    // Contentless: the index keeps no copy of the text. Its rowids come from a small map with an
    // INTEGER PRIMARY KEY, which (unlike blog_posts' implicit rowid) survives VACUUM.
    await sql`create table blog_posts_search_ids (
      id integer primary key,
      post_id text not null unique references blog_posts(id) on delete cascade
    )`.execute(db)
    await sql`create virtual table blog_posts_search using fts5(
      document, content = '', contentless_delete = 1, tokenize = 'unicode61 remove_diacritics 2'
    )`.execute(db)
  }
  // Filtering and ordering a list read this index only, never the posts' HTML.
  await db.schema
    .createIndex('blog_posts_listing')
    .on('blog_posts')
    .columns(['id', 'status', 'published_at', 'created_at'])
    .execute()

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'integer', identityColumn(db))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('email_status', 'text', (c) => c.notNull())
    .addColumn('email_attempts', 'integer', (c) => c.notNull())
    .addColumn('email_error', 'text')
    .addColumn('emailed_at', 'text')
    .execute()
  await db.schema
    .createIndex('contact_messages_email_status')
    .on('contact_messages')
    .column('email_status')
    .execute()
  await db.schema.createIndex('pages_status').on('pages').column('status').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('contact_messages').execute()
  await db.schema.dropTable('blog_posts_search').execute()
  if (!isPostgres(db)) await db.schema.dropTable('blog_posts_search_ids').execute()
  await db.schema.dropIndex('blog_posts_listing').execute()
  await db.schema.dropIndex('pages_status').execute()
}
