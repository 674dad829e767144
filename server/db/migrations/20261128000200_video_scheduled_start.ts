import type { Kysely } from 'kysely'

/**
 * When a scheduled live stream begins (YouTube's scheduledStartTime): a stream's publication date
 * is when it was announced, not when it goes on air. Null for everything else.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').addColumn('scheduled_start_at', 'text').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('videos').dropColumn('scheduled_start_at').execute()
}
