import type { Database } from './dialect.ts'
import type { BackupRow } from './schema.ts'

export async function insertBackupRun(
  db: Database,
  row: { started_at: string; location: string },
): Promise<number> {
  const { id } = await db
    .insertInto('backups')
    .values({ ...row, result: 'running' })
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
}

export async function updateBackupRun(
  db: Database,
  id: number,
  fields: Pick<BackupRow, 'finished_at' | 'result' | 'error'> & { bytes: number | null },
): Promise<void> {
  await db.updateTable('backups').set(fields).where('id', '=', id).execute()
}

/** Runs a process left 'running' when it stopped: they are failed, not in progress. */
export async function failInterruptedBackups(
  db: Database,
  finishedAt: string,
  error: string,
): Promise<BackupRow[]> {
  const rows = await db.selectFrom('backups').selectAll().where('result', '=', 'running').execute()
  if (rows.length)
    await db
      .updateTable('backups')
      .set({ result: 'failed', finished_at: finishedAt, error })
      .where('result', '=', 'running')
      .execute()
  return rows
}

/** The newest runs first, at most `limit`. */
export async function listBackupRuns(db: Database, limit: number): Promise<BackupRow[]> {
  return db
    .selectFrom('backups')
    .selectAll()
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute()
}

/** The runs with `result` past the newest `keep` of them: the ones pruning removes. */
export async function listBackupRunsBeyond(
  db: Database,
  result: BackupRow['result'],
  keep: number,
): Promise<BackupRow[]> {
  return db
    .selectFrom('backups')
    .selectAll()
    .where('result', '=', result)
    .orderBy('started_at', 'desc')
    .orderBy('id', 'desc')
    .offset(keep)
    .limit(1000)
    .execute()
}

export async function deleteBackupRun(db: Database, id: number): Promise<void> {
  await db.deleteFrom('backups').where('id', '=', id).execute()
}
