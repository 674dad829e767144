import type { Kysely } from 'kysely'
import { identityColumn } from '../dialect.ts'

/**
 * The admin audit log: one row per admin action that changed data. The admin's name is kept as
 * it was (no foreign key), so the entries of an admin whose account is gone still list. Rows are
 * kept; the indexes serve the newest-first page, alone or filtered by admin or kind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('admin_activity')
    .addColumn('id', 'integer', identityColumn(db))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('admin_id', 'integer', (c) => c.notNull())
    .addColumn('admin_name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_id', 'text')
    .addColumn('summary', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('admin_activity_newest')
    .on('admin_activity')
    .columns(['at', 'id'])
    .execute()
  await db.schema
    .createIndex('admin_activity_admin_newest')
    .on('admin_activity')
    .columns(['admin_id', 'at', 'id'])
    .execute()
  await db.schema
    .createIndex('admin_activity_kind_newest')
    .on('admin_activity')
    .columns(['kind', 'at', 'id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('admin_activity').execute()
}
