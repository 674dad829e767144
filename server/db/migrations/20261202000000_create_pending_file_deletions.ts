import type { Kysely } from 'kysely'
import { identityColumn } from '../dialect.ts'

/**
 * Storage objects still to be removed: a deleted account's avatar is written here in the
 * transaction that deletes the account, removed once its file is gone, and a file the storage
 * would not delete stays here for the retry job, so it is never forgotten.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pending_file_deletions')
    .addColumn('id', 'integer', identityColumn(db))
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('pending_file_deletions_due')
    .on('pending_file_deletions')
    .columns(['next_attempt_at', 'id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('pending_file_deletions').execute()
}
