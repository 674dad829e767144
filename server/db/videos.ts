import { type Database, inTransaction } from './dialect.ts'
import type { NewVideoRow, VideoRow } from './schema.ts'

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

/** Which of these YouTube ids are stored already. */
export async function findStoredYoutubeIds(db: Database, ids: string[]): Promise<Set<string>> {
  const found = new Set<string>()
  // Chunked: SQLite allows a limited number of bound parameters per statement.
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom('videos')
      .select('youtube_id')
      .where('youtube_id', 'in', ids.slice(i, i + 500))
      .execute()
    for (const r of rows) found.add(r.youtube_id)
  }
  return found
}

export type VideoUpsert = Omit<NewVideoRow, 'id' | 'created_at' | 'updated_at' | 'live_state'> & {
  /** Left out when the source does not know (the channel feed). */
  live_state?: string
}

/**
 * Inserts new videos and refreshes stored ones, in one transaction: a sync either lands whole or
 * leaves the cache as it was. Fields the source did not give (null duration from the feed) keep
 * their stored value.
 */
export async function upsertVideos(
  db: Database,
  videos: VideoUpsert[],
  now: string,
): Promise<{ added: number; updated: number }> {
  if (videos.length === 0) return { added: 0, updated: 0 }
  return inTransaction(db, async (trx) => {
    const stored = await findStoredYoutubeIds(
      trx,
      videos.map((v) => v.youtube_id),
    )
    let added = 0
    let updated = 0
    for (const v of videos) {
      if (stored.has(v.youtube_id)) {
        await trx
          .updateTable('videos')
          .set((eb) => ({
            channel_id: v.channel_id,
            title: v.title,
            description: v.description,
            thumbnail_url: eb.fn.coalesce(eb.val(v.thumbnail_url ?? null), eb.ref('thumbnail_url')),
            view_count: eb.fn.coalesce(eb.val(v.view_count ?? null), eb.ref('view_count')),
            published_at: v.published_at,
            duration: eb.fn.coalesce(eb.val(v.duration ?? null), eb.ref('duration')),
            ...(v.live_state ? { live_state: v.live_state } : {}),
            updated_at: now,
          }))
          .where('youtube_id', '=', v.youtube_id)
          .execute()
        updated += 1
      } else {
        await trx
          .insertInto('videos')
          .values({ ...v, live_state: v.live_state ?? 'none', created_at: now, updated_at: now })
          .execute()
        stored.add(v.youtube_id)
        added += 1
      }
    }
    return { added, updated }
  })
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
