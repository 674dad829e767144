import type { Database } from './dialect.ts'

/** One cheap query that proves the database answers (for /healthz); throws when it does not. */
export async function pingDatabase(db: Database): Promise<void> {
  await db.selectFrom('users').select('id').limit(1).execute()
}
