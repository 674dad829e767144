import type { Kysely } from 'kysely'
import { identityColumn } from '../dialect.ts'

/**
 * Member resources: one row per shared file. The bytes live in storage under `storage_key`
 * (a private key of the server's choosing, never the uploaded name), the original name is kept
 * only to name the download.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('resources')
    .addColumn('id', 'integer', identityColumn(db))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('storage_key', 'text', (c) => c.notNull().unique())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('download_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('resources_created_at')
    .on('resources')
    .columns(['created_at', 'id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('resources').execute()
}
