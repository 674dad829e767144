import type { Database, Trx } from './dialect.ts'
import type { NewVideoRow, VideoRow } from './schema.ts'
import { changesNothing } from '../shared/changes.ts'

export interface VideoFilter {
  /** Only videos on air now. */
  isLive?: boolean
  /** Videos on air now or finished live streams. */
  liveOrRecentLive?: boolean
}

function filtered(db: Database, filter: VideoFilter) {
  let query = db.selectFrom('videos')
  if (filter.isLive) query = query.where('live_state', '=', 'live')
  if (filter.liveOrRecentLive) query = query.where('live_state', 'in', ['live', 'completed'])
  return query
}

/** Newest first by publication, then by id so pages never overlap. */
export async function listVideos(
  db: Database,
  filter: VideoFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: VideoRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .selectAll()
      .orderBy('published_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

export async function countVideos(db: Database): Promise<number> {
  const row = await db
    .selectFrom('videos')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function findVideo(db: Database, id: number): Promise<VideoRow | undefined> {
  return db.selectFrom('videos').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The stored rows among these YouTube ids, by YouTube id. */
async function findStoredVideos(db: Database, ids: string[]): Promise<Map<string, VideoRow>> {
  const found = new Map<string, VideoRow>()
  // Chunked: SQLite allows a limited number of bound parameters per statement.
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('videos')
      .selectAll()
      .where('youtube_id', 'in', ids.slice(i, i + 500))
      .execute()
    for (const r of rows) found.set(r.youtube_id, r)
  }
  return found
}

export type VideoUpsert = Omit<
  NewVideoRow,
  'id' | 'created_at' | 'updated_at' | 'live_state' | 'scheduled_start_at'
> & {
  /** Both left out when the source does not know (the channel feed). */
  live_state?: string
  scheduled_start_at?: string | null
}

/** The stored row with what the source says now; what the source did not give keeps its value. */
function refreshed(stored: VideoRow, v: VideoUpsert) {
  return {
    channel_id: v.channel_id,
    title: v.title,
    description: v.description,
    thumbnail_url: v.thumbnail_url ?? stored.thumbnail_url,
    view_count: v.view_count ?? stored.view_count,
    published_at: v.published_at,
    duration: v.duration ?? stored.duration,
    live_state: v.live_state ?? stored.live_state,
    scheduled_start_at:
      v.scheduled_start_at === undefined ? stored.scheduled_start_at : v.scheduled_start_at,
  }
}

/**
 * Inserts new videos and refreshes stored ones, in the caller's transaction: a sync either lands
 * whole or leaves the cache as it was. `changed` counts the stored rows whose
 * values really differ (a sync that finds nothing new changes nothing).
 */
export async function upsertVideos(
  trx: Trx,
  videos: VideoUpsert[],
  now: string,
): Promise<{ added: number; updated: number; changed: number }> {
  const stored = await findStoredVideos(
    trx,
    videos.map((v) => v.youtube_id),
  )
  let added = 0
  let updated = 0
  let changed = 0
  for (const v of videos) {
    const row = stored.get(v.youtube_id)
    if (row) {
      const next = refreshed(row, v)
      // PostgreSQL answers a bigint as text: compare the view counts as text on both engines.
      const views = (n: number | string | null) => (n === null ? null : String(n))
      const asStored = { ...row, view_count: views(row.view_count) }
      if (!changesNothing(asStored, { ...next, view_count: views(next.view_count) })) changed += 1
      await trx
        .updateTable('videos')
        .set({ ...next, updated_at: now })
        .where('youtube_id', '=', v.youtube_id)
        .execute()
      updated += 1
    } else {
      const inserted = await trx
        .insertInto('videos')
        .values({ ...v, live_state: v.live_state ?? 'none', created_at: now, updated_at: now })
        .returningAll()
        .executeTakeFirstOrThrow()
      stored.set(v.youtube_id, inserted)
      added += 1
    }
  }
  return { added, updated, changed }
}

export async function updateVideo(
  db: Database,
  id: number,
  changes: { title?: string; description?: string | null; updated_at: string },
): Promise<VideoRow | undefined> {
  return db
    .updateTable('videos')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

export async function deleteVideo(db: Database, id: number): Promise<boolean> {
  const result = await db.deleteFrom('videos').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** When the newest row was first stored: the browser-side sync trigger reads it. */
export async function latestVideoCreatedAt(db: Database): Promise<string | null> {
  const row = await db
    .selectFrom('videos')
    .select((eb) => eb.fn.max('created_at').as('latest'))
    .executeTakeFirst()
  return row?.latest ?? null
}

/** Scheduled live streams starting between `from` and `to` (ISO UTC), soonest first. */
export async function listUpcomingStreams(
  db: Database,
  from: string,
  to: string,
): Promise<VideoRow[]> {
  return db
    .selectFrom('videos')
    .selectAll()
    .where('live_state', '=', 'upcoming')
    .where('scheduled_start_at', '>=', from)
    .where('scheduled_start_at', '<=', to)
    .orderBy('scheduled_start_at')
    .orderBy('id')
    .execute()
}
