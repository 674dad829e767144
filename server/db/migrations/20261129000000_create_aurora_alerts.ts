import type { Kysely } from 'kysely'
import { identityColumn } from '../dialect.ts'

/**
 * Aurora alerts: a member's place and Kp threshold (one row per member, gone with the member),
 * when each member was last alerted (at most one alert a day), the storms the creator's Discord
 * channel was told of (at most one message in six hours), and the facts a one-recipient mail
 * (an alert) is rendered from, kept with its send in the newsletter outbox, where alerts go out
 * before bulk sends.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('aurora_alerts')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('users.id').onDelete('cascade'),
    )
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lon', 'double precision', (c) => c.notNull())
    // The town at the place, or its coordinates: what the alert calls it.
    .addColumn('place_name', 'text', (c) => c.notNull())
    // The member's own choice; null is the place's default (default_threshold).
    .addColumn('threshold', 'integer')
    // Worked out from the place when it is saved, so the check can select by it in SQL.
    .addColumn('default_threshold', 'integer', (c) => c.notNull())
    .addColumn('last_alert_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('aurora_alerts_enabled')
    .on('aurora_alerts')
    .columns(['enabled', 'user_id'])
    .execute()

  await db.schema
    .createTable('aurora_discord_posts')
    .addColumn('id', 'integer', identityColumn(db))
    .addColumn('posted_at', 'text', (c) => c.notNull())
    .addColumn('kp', 'double precision', (c) => c.notNull())
    .addColumn('window_start', 'text', (c) => c.notNull())
    .addColumn('window_end', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('aurora_discord_posts_posted_at')
    .on('aurora_discord_posts')
    .column('posted_at')
    .execute()

  await db.schema.alterTable('newsletters').addColumn('payload', 'text').execute()
  // Which due deliveries go first: 0 for an alert (it is about the coming hours), 1 for the rest.
  await db.schema
    .alterTable('newsletter_deliveries')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(1))
    .execute()
  await db.schema
    .createIndex('newsletter_deliveries_due_first')
    .on('newsletter_deliveries')
    .columns(['state', 'priority', 'next_attempt_at', 'id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('newsletter_deliveries_due_first').execute()
  await db.schema.alterTable('newsletter_deliveries').dropColumn('priority').execute()
  await db.schema.alterTable('newsletters').dropColumn('payload').execute()
  await db.schema.dropTable('aurora_discord_posts').execute()
  await db.schema.dropTable('aurora_alerts').execute()
}
