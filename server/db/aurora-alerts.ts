import { sql } from 'kysely'
import type { Database, Trx } from './dialect.ts'
import type { AuroraAlertRow, AuroraAlertsTable } from './schema.ts'

export async function findAuroraAlert(
  db: Database,
  userId: number,
): Promise<AuroraAlertRow | undefined> {
  return db.selectFrom('aurora_alerts').selectAll().where('user_id', '=', userId).executeTakeFirst()
}

/** A member's settings, replacing what they had; when they were last alerted is kept. */
export async function saveAuroraAlert(
  db: Database,
  row: Omit<AuroraAlertsTable, 'last_alert_at'>,
): Promise<void> {
  const { user_id: _, ...changes } = row
  await db
    .insertInto('aurora_alerts')
    .values({ ...row, last_alert_at: null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
    .execute()
}

/** A member the check may alert: their place, threshold and newsletter subscription. */
export interface AuroraCandidate {
  user_id: number
  lat: number
  lon: number
  place_name: string
  threshold: number
  subscription_id: number
}

/**
 * One page (by user id) of the members the check may alert now: on, not alerted since
 * `alertedBefore`, a threshold the coming Kp reaches, and a confirmed subscription that takes
 * sky alerts. The filtering is in SQL, so a quiet night reads no rows and a storm reads pages.
 */
export async function auroraCandidates(
  db: Database,
  opts: { afterUserId: number; maxKp: number; alertedBefore: string; limit: number },
): Promise<AuroraCandidate[]> {
  const threshold = sql<number>`coalesce(a.threshold, a.default_threshold)`
  return db
    .selectFrom('aurora_alerts as a')
    .innerJoin('newsletter_subscriptions as s', 's.user_id', 'a.user_id')
    .select([
      'a.user_id',
      'a.lat',
      'a.lon',
      'a.place_name',
      threshold.as('threshold'),
      's.id as subscription_id',
    ])
    .where('a.enabled', '=', 1)
    .where('a.user_id', '>', opts.afterUserId)
    .where(threshold, '<=', opts.maxKp)
    .where((eb) =>
      eb.or([eb('a.last_alert_at', 'is', null), eb('a.last_alert_at', '<=', opts.alertedBefore)]),
    )
    .where('s.confirmed_at', 'is not', null)
    .where('s.unsubscribed_at', 'is', null)
    .where('s.alerts', '=', 1)
    .orderBy('a.user_id')
    .limit(opts.limit)
    .execute()
}

/**
 * Marks a member alerted at `now`, unless another run did since `alertedBefore`: true when this
 * call won (one conditional UPDATE, so two checks cannot both alert the member).
 */
export async function claimAuroraAlert(
  trx: Trx,
  userId: number,
  now: string,
  alertedBefore: string,
): Promise<boolean> {
  const result = await trx
    .updateTable('aurora_alerts')
    .set({ last_alert_at: now })
    .where('user_id', '=', userId)
    .where('enabled', '=', 1)
    .where((eb) =>
      eb.or([eb('last_alert_at', 'is', null), eb('last_alert_at', '<=', alertedBefore)]),
    )
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** The storm the creator's Discord channel was last told of. */
export async function lastDiscordPost(
  db: Database,
): Promise<{ id: number; posted_at: string; window_end: string } | undefined> {
  return db
    .selectFrom('aurora_discord_posts')
    .select(['id', 'posted_at', 'window_end'])
    .orderBy('posted_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst()
}

/** The storm goes on: its end moves later (no new message). */
export async function extendDiscordPost(db: Database, id: number, windowEnd: string) {
  await db
    .updateTable('aurora_discord_posts')
    .set({ window_end: windowEnd })
    .where('id', '=', id)
    .where('window_end', '<', windowEnd)
    .execute()
}

export async function recordDiscordPost(
  db: Database,
  row: { posted_at: string; kp: number; window_start: string; window_end: string },
): Promise<void> {
  await db.insertInto('aurora_discord_posts').values(row).execute()
}
