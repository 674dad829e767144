import type { Database } from './dialect.ts'
import type { PendingFileDeletionRow } from './schema.ts'

/** Records a storage object to remove; a key already waiting is left as it is. */
export async function insertPendingFileDeletion(
  db: Database,
  key: string,
  now: string,
): Promise<void> {
  await db
    .insertInto('pending_file_deletions')
    .values({
      storage_key: key,
      attempts: 0,
      last_error: null,
      next_attempt_at: now,
      created_at: now,
    })
    .onConflict((oc) => oc.column('storage_key').doNothing())
    .execute()
}

export async function listDueFileDeletions(
  db: Database,
  now: string,
  limit: number,
): Promise<PendingFileDeletionRow[]> {
  return db
    .selectFrom('pending_file_deletions')
    .selectAll()
    .where('next_attempt_at', '<=', now)
    .orderBy('next_attempt_at')
    .orderBy('id')
    .limit(limit)
    .execute()
}

export async function deletePendingFileDeletion(db: Database, key: string): Promise<void> {
  await db.deleteFrom('pending_file_deletions').where('storage_key', '=', key).execute()
}

export async function markFileDeletionFailed(
  db: Database,
  key: string,
  error: string,
  nextAttemptAt: string,
): Promise<void> {
  await db
    .updateTable('pending_file_deletions')
    .set((eb) => ({
      attempts: eb('attempts', '+', 1),
      last_error: error.slice(0, 500),
      next_attempt_at: nextAttemptAt,
    }))
    .where('storage_key', '=', key)
    .execute()
}
