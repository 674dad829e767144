import type { Kysely } from 'kysely'
import { identityColumn } from '../dialect.ts'

/**
 * The YouTube video cache (one row per video, upserted by youtube_id on every sync) and the
 * header-image library (files live in storage under `key`; the row lists its WebP variants).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('videos')
    .addColumn('id', 'integer', identityColumn(db))
    .addColumn('youtube_id', 'text', (c) => c.notNull().unique())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('thumbnail_url', 'text')
    .addColumn('view_count', 'bigint')
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('duration', 'text')
    .addColumn('live_state', 'text', (c) => c.notNull().defaultTo('none'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('videos_published_at')
    .on('videos')
    .columns(['published_at', 'id'])
    .execute()

  await db.schema
    .createTable('header_images')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text')
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    /** JSON array of {width, storageKey} */
    .addColumn('variants', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('header_images_created_at')
    .on('header_images')
    .column('created_at')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('header_images').execute()
  await db.schema.dropTable('videos').execute()
}
