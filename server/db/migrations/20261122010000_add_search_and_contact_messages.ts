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
    await sql`create virtual table blog_posts_search using fts5(
      post_id unindexed, document, tokenize = 'unicode61 remove_diacritics 2'
    )`.execute(db)
  }

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
  await db.schema.dropIndex('pages_status').execute()
}
