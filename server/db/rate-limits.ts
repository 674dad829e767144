import { sql } from 'kysely'
import type { Database } from './dialect.ts'

/**
 * Counts one hit in a fixed window, atomically, in one statement that both engines understand,
 * so that several app processes share the same counters.
 */
export async function hitRateLimit(
  db: Database,
  key: string,
  now: string,
  resetAt: string,
): Promise<{ count: number; resetAt: string }> {
  const row = await db
    .insertInto('rate_limits')
    .values({ key, count: 1, reset_at: resetAt })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet({
        count: sql<number>`case when rate_limits.reset_at <= ${now} then 1 else rate_limits.count + 1 end`,
        reset_at: sql<string>`case when rate_limits.reset_at <= ${now} then ${resetAt} else rate_limits.reset_at end`,
      }),
    )
    .returning(['count', 'reset_at'])
    .executeTakeFirstOrThrow()
  return { count: Number(row.count), resetAt: row.reset_at }
}

export async function deleteRateLimit(db: Database, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute()
}

export async function deleteExpiredRateLimits(db: Database, now: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('reset_at', '<=', now).execute()
}
