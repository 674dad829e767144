import { sql } from 'kysely'
import { type Migration, type MigrationProvider, Migrator } from 'kysely/migration'
import { type Database, isPostgres } from './dialect.ts'
import * as createCoreTables from './migrations/20261122000000_create_core_tables.ts'
import * as addSearchAndContact from './migrations/20261122010000_add_search_and_contact_messages.ts'
import * as createOauthStates from './migrations/20261122031500_create_oauth_states.ts'
import * as copyPostDates from './migrations/20261122060000_copy_post_dates_into_search_ids.ts'
import * as normaliseDatesToUtc from './migrations/20261123010000_normalise_dates_to_utc.ts'
import * as createVideosAndHeaderImages from './migrations/20261123050000_create_videos_and_header_images.ts'
import * as createJobLeases from './migrations/20261123050100_create_job_leases.ts'
import * as createInvoices from './migrations/20261124000000_create_invoices.ts'
import * as numberSearchRows from './migrations/20261125000000_number_search_rows_by_publication.ts'
import * as storeCardExcerpts from './migrations/20261126000000_store_card_excerpts.ts'
import * as postVisibility from './migrations/20261127000000_post_visibility.ts'
import * as createAnnouncements from './migrations/20261127000100_create_announcements.ts'
import * as createResources from './migrations/20261127000200_create_resources.ts'
import * as createNewsletter from './migrations/20261128000000_create_newsletter.ts'
import * as videoScheduledStart from './migrations/20261128000200_video_scheduled_start.ts'
import * as userHomePlace from './migrations/20261128000100_user_home_place.ts'
import * as createAuroraAlerts from './migrations/20261129000000_create_aurora_alerts.ts'
import * as createPendingFileDeletions from './migrations/20261202000000_create_pending_file_deletions.ts'
import * as createAdminActivity from './migrations/20261203000000_create_admin_activity.ts'
import * as contactInbox from './migrations/20261201000000_contact_inbox.ts'
import * as createBackups from './migrations/20261204000000_create_backups.ts'
import * as createImportedItems from './migrations/20261205000000_create_imported_items.ts'

/** Listed by hand (not read from disk) so the same list works from source, in tests and in a bundle. */
export const MIGRATIONS: Record<string, Migration> = {
  '20261122000000_create_core_tables': createCoreTables,
  '20261122010000_add_search_and_contact_messages': addSearchAndContact,
  '20261122031500_create_oauth_states': createOauthStates,
  '20261122060000_copy_post_dates_into_search_ids': copyPostDates,
  '20261123010000_normalise_dates_to_utc': normaliseDatesToUtc,
  '20261123050000_create_videos_and_header_images': createVideosAndHeaderImages,
  '20261123050100_create_job_leases': createJobLeases,
  '20261124000000_create_invoices': createInvoices,
  '20261125000000_number_search_rows_by_publication': numberSearchRows,
  '20261126000000_store_card_excerpts': storeCardExcerpts,
  '20261127000000_post_visibility': postVisibility,
  '20261127000100_create_announcements': createAnnouncements,
  '20261127000200_create_resources': createResources,
  '20261128000000_create_newsletter': createNewsletter,
  '20261128000200_video_scheduled_start': videoScheduledStart,
  '20261128000100_user_home_place': userHomePlace,
  '20261129000000_create_aurora_alerts': createAuroraAlerts,
  '20261202000000_create_pending_file_deletions': createPendingFileDeletions,
  '20261203000000_create_admin_activity': createAdminActivity,
  '20261201000000_contact_inbox': contactInbox,
  '20261204000000_create_backups': createBackups,
  '20261205000000_create_imported_items': createImportedItems,
}

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS }

/**
 * Brings the schema up to date. Several nodes may start together on one PostgreSQL database:
 * they take turns (a lock), so the migrations run once and the others find nothing to do.
 */
export async function migrateToLatest(db: Database): Promise<string[]> {
  return withStartupLock(db, () => applyMigrations(db))
}

/** The migrations not yet applied, applied; the caller holds the startup lock. */
export async function applyMigrations(db: Database): Promise<string[]> {
  const migrator = new Migrator({ db, provider })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error(String(error))
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName)
}

/** The newest migration this version of the site knows: a backup's level may not be past it. */
export const LATEST_MIGRATION = Object.keys(MIGRATIONS).sort().at(-1)!

/** Brings an empty database's schema to one migration (a backup's level), and no further. */
export async function migrateTo(db: Database, name: string): Promise<void> {
  const migrator = new Migrator({ db, provider })
  const { error } = await migrator.migrateTo(name)
  if (error) throw error instanceof Error ? error : new Error(String(error))
}

/** "astro-startup" as one bigint: the key of the PostgreSQL advisory lock nodes start under. */
export const STARTUP_LOCK_KEY = 0x617374726f5f73n

/**
 * Runs `work` (migrations, the first-start seed) while no other node does. On PostgreSQL a
 * session advisory lock is held on one pooled connection while `work` uses the others; the server
 * releases it by itself if the node dies. SQLite has one node: nothing to wait for.
 */
export async function withStartupLock<T>(db: Database, work: () => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return work()
  return db.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${STARTUP_LOCK_KEY.toString()}::bigint)`.execute(connection)
    try {
      return await work()
    } finally {
      await sql`select pg_advisory_unlock(${STARTUP_LOCK_KEY.toString()}::bigint)`.execute(
        connection,
      )
    }
  })
}
