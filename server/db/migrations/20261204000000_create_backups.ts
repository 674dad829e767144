import type { Kysely } from 'kysely'
import { identityColumn } from '../dialect.ts'

/**
 * One row per scheduled backup: when it ran, where its archive went, how big it is and whether
 * it succeeded (with the error when not). Pruned as backups are made, so the table stays small.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('backups')
    .addColumn('id', 'integer', identityColumn(db))
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('location', 'text', (c) => c.notNull())
    .addColumn('bytes', 'bigint')
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .execute()
  await db.schema
    .createIndex('backups_newest')
    .on('backups')
    .columns(['started_at', 'id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('backups').execute()
}
