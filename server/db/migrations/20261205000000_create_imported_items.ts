import type { Kysely } from 'kysely'

/**
 * What each import (Ghost, WordPress) brought in, keyed by the item's lasting id in its source:
 * importing the same export again creates nothing. The post or page it became is named by kind
 * and id without a foreign key, so deleting it later does not bring it back on the next import.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('imported_items')
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('source_id', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('item_id', 'text', (c) => c.notNull())
    .addColumn('imported_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('imported_items_pkey', ['source', 'source_id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('imported_items').execute()
}
