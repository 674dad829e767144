import type { Kysely } from 'kysely'
import { identityColumn } from '../dialect.ts'

/** Short notes from the creator to members, newest first (the index serves the list's order). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('announcements')
    .addColumn('id', 'integer', identityColumn(db))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('announcements_created_at')
    .on('announcements')
    .columns(['created_at', 'id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('announcements').execute()
}
