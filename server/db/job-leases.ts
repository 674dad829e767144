import { sql } from 'kysely'
import type { Database } from './dialect.ts'
import type { JobLeaseRow } from './schema.ts'

/** Creates the job's row if it has none yet (due at once); an existing row is left as it is. */
export async function ensureJobLease(
  db: Database,
  name: string,
  firstRunAt: string,
): Promise<void> {
  await db
    .insertInto('job_leases')
    .values({ name, next_run_at: firstRunAt })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute()
}

/**
 * Takes the job when it is due and nobody holds it: one conditional UPDATE, so of several
 * processes asking at the same moment exactly one gets `true`.
 */
export async function claimJobLease(
  db: Database,
  name: string,
  owner: string,
  now: string,
  lockedUntil: string,
): Promise<boolean> {
  const result = await db
    .updateTable('job_leases')
    .set({ locked_by: owner, locked_until: lockedUntil, last_started_at: now })
    .where('name', '=', name)
    .where('next_run_at', '<=', now)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Records the outcome and when the job is next due; only the holder may release. */
export async function releaseJobLease(
  db: Database,
  name: string,
  owner: string,
  fields: { nextRunAt: string; finishedAt: string; error: string | null },
): Promise<void> {
  await db
    .updateTable('job_leases')
    .set({
      next_run_at: fields.nextRunAt,
      last_finished_at: fields.finishedAt,
      last_error: fields.error,
      locked_by: null,
      locked_until: null,
    })
    .where('name', '=', name)
    .where('locked_by', '=', owner)
    .execute()
}

export async function findJobLease(db: Database, name: string): Promise<JobLeaseRow | undefined> {
  return db.selectFrom('job_leases').selectAll().where('name', '=', name).executeTakeFirst()
}

/**
 * Takes or renews a lease held for as long as its holder keeps renewing it (a worker that runs
 * all the time rather than on a schedule): won when free, run out, held by `owner` already, or
 * held by an earlier process of the same node (`ownerPrefix`), which cannot be running any more.
 */
export async function holdJobLease(
  db: Database,
  name: string,
  owner: string,
  ownerPrefix: string,
  now: string,
  lockedUntil: string,
): Promise<boolean> {
  const result = await db
    .updateTable('job_leases')
    .set({ locked_by: owner, locked_until: lockedUntil, last_started_at: now })
    .where('name', '=', name)
    .where((eb) =>
      eb.or([
        eb('locked_until', 'is', null),
        eb('locked_until', '<', now),
        eb('locked_by', '=', owner),
        eb(sql`substr(locked_by, 1, ${ownerPrefix.length})`, '=', ownerPrefix),
      ]),
    )
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}
