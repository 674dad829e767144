import {
  type ChannelStats,
  MEDIA_MESSAGES,
  type SyncResult,
  type Video,
  type VideoListResponse,
} from '../../contracts/media-constants.ts'
import { NOT_CONFIGURED, type NotConfigured } from '../../contracts/features.ts'
import type { VideoListQuery, VideoUpdateInput } from '../../contracts/media.ts'
import type { Config } from '../config.ts'
import { type Database, inTransaction } from '../db/dialect.ts'
import type { VideoRow } from '../db/schema.ts'
import {
  countVideos,
  deleteVideo,
  findVideo,
  latestVideoCreatedAt,
  listVideos,
  updateVideo,
  upsertVideos,
  type VideoUpsert,
} from '../db/videos.ts'
import type { Logger } from '../shared/logger.ts'
import { createCachedUpstream, type CachedUpstream } from '../integrations/cached-upstream.ts'
import {
  getChannelFeed,
  getPlaylistVideoIds,
  getVideoDetails,
  getYoutubeChannel,
  YoutubeError,
  type YoutubeSettings,
  type YoutubeVideo,
} from '../integrations/youtube.ts'
import type { UpstreamBudgets } from '../integrations/upstream-budget.ts'
import { retryAfterSeconds } from '../integrations/upstream-fetch.ts'
import { BadGateway, Forbidden, NotFound, Unavailable } from '../shared/errors.ts'
import type { Clock } from '../shared/clock.ts'
import type { ContentEvents } from '../shared/content-events.ts'
import { changesNothing } from '../shared/changes.ts'

/** Channel statistics change slowly and cost quota: kept for an hour. */
export const CHANNEL_STATS_TTL_MS = 60 * 60 * 1000

export function toVideo(row: VideoRow): Video {
  return {
    id: row.id,
    youtubeId: row.youtube_id,
    channelId: row.channel_id,
    title: row.title,
    description: row.description,
    thumbnailUrl: row.thumbnail_url,
    viewCount: row.view_count === null ? null : Number(row.view_count),
    publishedAt: row.published_at,
    duration: row.duration,
    isLive: row.live_state === 'live',
    liveState: (row.live_state as Video['liveState']) ?? 'none',
    createdAt: row.created_at,
  }
}

function toUpsert(v: YoutubeVideo): VideoUpsert {
  return {
    youtube_id: v.youtubeId,
    channel_id: v.channelId,
    title: v.title,
    description: v.description,
    thumbnail_url: v.thumbnailUrl,
    view_count: v.viewCount,
    published_at: v.publishedAt,
    duration: v.duration,
    live_state: v.liveState ?? undefined,
    scheduled_start_at: v.scheduledStartAt,
  }
}

/** YouTube's refusal as the message an admin can act on. */
function explain(error: unknown, channelId: string): Error {
  if (!(error instanceof YoutubeError))
    return error instanceof Error ? error : new Error(String(error))
  switch (error.kind) {
    case 'quota':
      return new Unavailable(MEDIA_MESSAGES.quotaExceeded)
    case 'key':
      return new BadGateway(MEDIA_MESSAGES.apiKeyInvalid)
    case 'not_found':
      return new NotFound(MEDIA_MESSAGES.channelNotFound(channelId))
    default:
      return new Unavailable(MEDIA_MESSAGES.youtubeUnavailable, {
        retryAfterSeconds: error.retryAfterMs !== null ? retryAfterSeconds(error.retryAfterMs) : 60,
      })
  }
}

export function createYoutubeService(deps: {
  db: Database
  clock: Clock
  logger: Logger
  config: Pick<Config, 'youtube' | 'youtubeChannelId'>
  upstreams: UpstreamBudgets
  events: ContentEvents
}) {
  const { db, clock, logger, config, upstreams, events } = deps
  const settings: YoutubeSettings = {
    apiUrl: config.youtube.apiUrl,
    apiKey: config.youtube.apiKey,
    feedUrl: config.youtube.feedUrl,
    budget: upstreams.of('youtube'),
  }
  const timeout = () => AbortSignal.timeout(config.youtube.timeoutMs)
  /** One sync per channel at a time: a second caller waits for the first one's result. */
  const syncsInFlight = new Map<string, Promise<SyncResult>>()

  /** The site's own channel's statistics, the only ones answered. */
  const ownChannel = config.youtubeChannelId
  const statsCache: CachedUpstream<ChannelStats> | undefined = ownChannel
    ? createCachedUpstream({
        name: `youtube-channel ${ownChannel}`,
        ttlMs: CHANNEL_STATS_TTL_MS,
        timeoutMs: config.youtube.timeoutMs,
        clock,
        logger,
        load: async (signal) => (await getYoutubeChannel(settings, ownChannel, signal)).stats,
      })
    : undefined

  async function runSync(channelId: string): Promise<SyncResult> {
    let videos: YoutubeVideo[]
    let source: SyncResult['source']
    try {
      if (settings.apiKey) {
        source = 'api'
        const channel = await getYoutubeChannel(settings, channelId, timeout())
        // Paging through a big channel takes a few calls: each gets its own timeout.
        const ids = await getPlaylistVideoIds(settings, channel.uploadsPlaylistId, timeout())
        videos = await getVideoDetails(settings, ids, timeout())
      } else {
        source = 'feed'
        videos = await getChannelFeed(settings, channelId, timeout())
      }
    } catch (error) {
      logger.error('youtube sync failed', {
        channelId,
        error: error instanceof Error ? error.message : String(error),
      })
      throw explain(error, channelId)
    }
    // Everything is fetched before anything is written, and written in one transaction.
    const now = clock.now().toISOString()
    const { added, updated, changed } = await inTransaction(db, (trx) =>
      upsertVideos(trx, videos.map(toUpsert), now),
    )
    if (added + changed > 0) events.changed('videos')
    if (channelId === ownChannel) statsCache?.reset('expire')
    const total = added + updated
    return {
      message: MEDIA_MESSAGES.syncResult(total, added, updated),
      added,
      updated,
      total,
      source,
    }
  }

  return {
    /** Reads the channel from YouTube and upserts every video by youtubeId. */
    sync(channelId: string): Promise<SyncResult> {
      let running = syncsInFlight.get(channelId)
      if (!running) {
        running = runSync(channelId).finally(() => syncsInFlight.delete(channelId))
        syncsInFlight.set(channelId, running)
      }
      return running
    },

    /** The configured channel, for the hourly job; null when none is configured. */
    async syncConfiguredChannel(): Promise<SyncResult | null> {
      if (!config.youtubeChannelId) return null
      return this.sync(config.youtubeChannelId)
    },

    async list(query: VideoListQuery): Promise<VideoListResponse> {
      const { rows, total } = await listVideos(
        db,
        { isLive: query.isLive, liveOrRecentLive: query.liveOrRecentLive },
        { limit: query.limit, offset: (query.page - 1) * query.limit },
      )
      return {
        videos: rows.map(toVideo),
        pagination: {
          page: query.page,
          totalPages: Math.max(1, Math.ceil(total / query.limit)),
          total,
        },
      }
    },

    async update(input: VideoUpdateInput): Promise<{ video: Video }> {
      const existing = await findVideo(db, input.id)
      if (!existing) throw new NotFound(MEDIA_MESSAGES.videoNotFound)
      const changes: { title?: string; description?: string | null } = {}
      if (input.title !== undefined) changes.title = input.title
      if (input.description !== undefined)
        changes.description = input.description?.trim() ? input.description.trim() : null
      if (changesNothing(existing, changes)) return { video: toVideo(existing) }
      const row = await updateVideo(db, input.id, {
        ...changes,
        updated_at: clock.now().toISOString(),
      })
      if (!row) throw new NotFound(MEDIA_MESSAGES.videoNotFound)
      events.changed('videos')
      return { video: toVideo(row) }
    },

    /** Removes the video from the cache only; the video on YouTube is untouched. */
    async remove(id: number): Promise<void> {
      if (!(await deleteVideo(db, id))) throw new NotFound(MEDIA_MESSAGES.videoNotFound)
      events.changed('videos')
    },

    async get(id: number): Promise<Video | null> {
      const row = await findVideo(db, id)
      return row ? toVideo(row) : null
    },

    /** Without a channel or an API key the site shows no statistics: not configured. */
    async channelStats(channelId?: string): Promise<ChannelStats | NotConfigured> {
      // The site's own channel only: each other id would be a call on the site's API quota.
      if (channelId !== undefined && channelId !== ownChannel)
        throw new Forbidden(MEDIA_MESSAGES.statsOtherChannel)
      if (!ownChannel || !statsCache || !settings.apiKey) return NOT_CONFIGURED
      try {
        return (await statsCache.get()).value
      } catch (error) {
        const cause = error instanceof Error ? error.cause : undefined
        throw explain(cause ?? error, ownChannel)
      }
    },

    count: () => countVideos(db),
    latestCreatedAt: () => latestVideoCreatedAt(db),
  }
}

export type YoutubeService = ReturnType<typeof createYoutubeService>
