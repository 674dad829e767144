import { XMLParser, XMLValidator } from 'fast-xml-parser'
import { z } from 'zod'
import type { LiveState } from '../../contracts/media-constants.ts'
import {
  type UpstreamAnswer,
  UpstreamError,
  fetchXml,
  parseWith,
  upstreamRequest,
} from './upstream-fetch.ts'
import type { UpstreamBudget } from './upstream-budget.ts'

/**
 * The YouTube Data API v3 (uploads playlist → video details) and, without an API key, the
 * channel's public Atom feed (latest 15 videos, no duration, no live state). Only the server
 * calls them; every answer is checked with a schema before use.
 */
export interface YoutubeSettings {
  apiUrl: string
  apiKey: string | undefined
  feedUrl: string
  budget: UpstreamBudget
}

/** One YouTube video as the sync stores it. */
export interface YoutubeVideo {
  youtubeId: string
  channelId: string
  title: string
  description: string | null
  thumbnailUrl: string | null
  viewCount: number | null
  publishedAt: string
  duration: string | null
  liveState: LiveState | null
  /** A scheduled stream's start; undefined when the source does not say (the channel feed). */
  scheduledStartAt?: string | null
}

/** YouTube's refusal, classified: the service turns each kind into its own message. */
export class YoutubeError extends Error {
  readonly kind: 'quota' | 'key' | 'not_found' | 'unavailable'
  readonly retryAfterMs: number | null
  constructor(kind: YoutubeError['kind'], message: string, retryAfterMs: number | null = null) {
    super(message)
    this.kind = kind
    this.retryAfterMs = retryAfterMs
  }
}

/** Paging stops here even if YouTube keeps sending tokens (10,000 videos). */
export const MAX_PLAYLIST_PAGES = 200
const BATCH = 50

const Thumbs = z
  .record(z.string(), z.object({ url: z.string() }).loose())
  .optional()
  .transform(
    (t) =>
      t?.maxres?.url ??
      t?.standard?.url ??
      t?.high?.url ??
      t?.medium?.url ??
      t?.default?.url ??
      null,
  )

const ChannelsResponse = z.object({
  items: z
    .array(
      z
        .object({
          id: z.string(),
          contentDetails: z
            .object({ relatedPlaylists: z.object({ uploads: z.string().min(1) }).loose() })
            .loose(),
          statistics: z
            .object({
              viewCount: z.coerce.number().default(0),
              subscriberCount: z.coerce.number().default(0),
              videoCount: z.coerce.number().default(0),
            })
            .loose()
            .optional(),
        })
        .loose(),
    )
    .default([]),
})

const PlaylistItemsResponse = z.object({
  nextPageToken: z.string().optional(),
  items: z
    .array(
      z
        .object({
          contentDetails: z
            .object({ videoId: z.string(), videoPublishedAt: z.string().optional() })
            .loose(),
          status: z.object({ privacyStatus: z.string() }).loose().optional(),
        })
        .loose(),
    )
    .default([]),
})

const VideosResponse = z.object({
  items: z
    .array(
      z
        .object({
          id: z.string(),
          snippet: z
            .object({
              publishedAt: z.string(),
              channelId: z.string(),
              title: z.string(),
              description: z.string().optional(),
              thumbnails: Thumbs,
              liveBroadcastContent: z.string().optional(),
            })
            .loose(),
          contentDetails: z.object({ duration: z.string().optional() }).loose().optional(),
          statistics: z.object({ viewCount: z.coerce.number().optional() }).loose().optional(),
          liveStreamingDetails: z
            .object({
              actualEndTime: z.string().optional(),
              scheduledStartTime: z.string().optional(),
            })
            .loose()
            .optional(),
        })
        .loose(),
    )
    .default([]),
})

const GoogleError = z.object({
  error: z
    .object({
      code: z.number().optional(),
      message: z.string().optional(),
      errors: z.array(z.object({ reason: z.string().optional() }).loose()).optional(),
      details: z.array(z.object({ reason: z.string().optional() }).loose()).optional(),
    })
    .loose(),
})

function utc(value: string): string {
  const t = Date.parse(value)
  return Number.isNaN(t) ? value : new Date(t).toISOString()
}

function liveStateOf(item: z.infer<typeof VideosResponse>['items'][number]): LiveState {
  const content = item.snippet.liveBroadcastContent
  if (content === 'live') return 'live'
  if (content === 'upcoming') return 'upcoming'
  if (item.liveStreamingDetails?.actualEndTime) return 'completed'
  return 'none'
}

async function apiGet(
  settings: YoutubeSettings,
  path: string,
  params: Record<string, string>,
  signal: AbortSignal,
): Promise<unknown> {
  const url = new URL(`${settings.apiUrl.replace(/\/$/, '')}${path}`)
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
  url.searchParams.set('key', settings.apiKey ?? '')
  let answer: UpstreamAnswer
  try {
    answer = await upstreamRequest(url, {
      budget: settings.budget,
      signal,
      headers: { accept: 'application/json' },
    })
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error
    throw new YoutubeError('unavailable', error.message, error.retryAfterMs)
  }
  if (!answer.ok) {
    const parsed = GoogleError.safeParse(answer.json)
    const reasons = parsed.success
      ? [
          ...(parsed.data.error.errors ?? []).map((e) => e.reason),
          ...(parsed.data.error.details ?? []).map((e) => e.reason),
        ]
      : []
    if (reasons.some((r) => r === 'quotaExceeded' || r === 'dailyLimitExceeded'))
      throw new YoutubeError('quota', 'quota exceeded')
    if (reasons.includes('API_KEY_INVALID') || reasons.includes('keyInvalid'))
      throw new YoutubeError('key', 'API key not valid')
    if (answer.status === 404) throw new YoutubeError('not_found', 'not found')
    if (answer.status === 400 || answer.status === 403)
      throw new YoutubeError('key', `refused (${answer.status})`)
    throw new YoutubeError('unavailable', `answered ${answer.status}`, answer.retryAfterMs)
  }
  if (answer.json === null)
    throw new YoutubeError('unavailable', 'answered something other than JSON')
  return answer.json
}

function parse<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  try {
    return parseWith(schema, body)
  } catch (error) {
    throw new YoutubeError('unavailable', (error as Error).message)
  }
}

export interface YoutubeChannel {
  uploadsPlaylistId: string
  stats: { subscriberCount: number; viewCount: number; videoCount: number }
}

export async function getYoutubeChannel(
  settings: YoutubeSettings,
  channelId: string,
  signal: AbortSignal,
): Promise<YoutubeChannel> {
  const body = parse(
    ChannelsResponse,
    await apiGet(
      settings,
      '/channels',
      { part: 'snippet,contentDetails,statistics', id: channelId },
      signal,
    ),
  )
  const item = body.items[0]
  if (!item) throw new YoutubeError('not_found', 'no such channel')
  return {
    uploadsPlaylistId: item.contentDetails.relatedPlaylists.uploads,
    stats: {
      subscriberCount: item.statistics?.subscriberCount ?? 0,
      viewCount: item.statistics?.viewCount ?? 0,
      videoCount: item.statistics?.videoCount ?? 0,
    },
  }
}

/** Every public video id of a playlist, newest first, page by page (50 a page). */
export async function getPlaylistVideoIds(
  settings: YoutubeSettings,
  playlistId: string,
  signal: AbortSignal,
): Promise<string[]> {
  const ids: string[] = []
  let pageToken: string | undefined
  for (let page = 0; page < MAX_PLAYLIST_PAGES; page++) {
    const params: Record<string, string> = {
      part: 'snippet,contentDetails,status',
      playlistId,
      maxResults: String(BATCH),
    }
    if (pageToken) params.pageToken = pageToken
    const body = parse(
      PlaylistItemsResponse,
      await apiGet(settings, '/playlistItems', params, signal),
    )
    for (const item of body.items) {
      // Private and deleted entries carry no publication date: skip them.
      if (item.status && item.status.privacyStatus === 'private') continue
      if (!item.contentDetails.videoPublishedAt) continue
      ids.push(item.contentDetails.videoId)
    }
    pageToken = body.nextPageToken
    if (!pageToken) break
  }
  return [...new Set(ids)]
}

/** Details (duration, views, live state) for any number of ids, 50 per call. */
export async function getVideoDetails(
  settings: YoutubeSettings,
  ids: string[],
  signal: AbortSignal,
): Promise<YoutubeVideo[]> {
  const out: YoutubeVideo[] = []
  for (let i = 0; i < ids.length; i += BATCH) {
    const body = parse(
      VideosResponse,
      await apiGet(
        settings,
        '/videos',
        {
          part: 'snippet,contentDetails,statistics,liveStreamingDetails',
          id: ids.slice(i, i + BATCH).join(','),
          maxResults: String(BATCH),
        },
        signal,
      ),
    )
    for (const item of body.items) {
      out.push({
        youtubeId: item.id,
        channelId: item.snippet.channelId,
        title: item.snippet.title,
        description: item.snippet.description?.trim() || null,
        thumbnailUrl: item.snippet.thumbnails,
        viewCount: item.statistics?.viewCount ?? null,
        publishedAt: utc(item.snippet.publishedAt),
        // P0D is what YouTube says while a stream is live or upcoming: no duration yet.
        duration:
          item.contentDetails?.duration && item.contentDetails.duration !== 'P0D'
            ? item.contentDetails.duration
            : null,
        liveState: liveStateOf(item),
        scheduledStartAt: item.liveStreamingDetails?.scheduledStartTime
          ? utc(item.liveStreamingDetails.scheduledStartTime)
          : null,
      })
    }
  }
  return out
}

const feedParser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => name === 'entry',
})

const FeedEntry = z
  .object({
    'yt:videoId': z.string().min(1),
    'yt:channelId': z.string().min(1),
    title: z.string(),
    published: z.string(),
    'media:group': z
      .object({
        'media:thumbnail': z.object({ '@_url': z.string() }).loose().optional(),
        'media:description': z.string().optional(),
        'media:community': z
          .object({
            'media:statistics': z.object({ '@_views': z.coerce.number() }).loose().optional(),
          })
          .loose()
          .optional(),
      })
      .loose()
      .optional(),
  })
  .loose()

/** The channel's public feed: the latest 15 videos, with no key and no quota. */
export async function getChannelFeed(
  settings: YoutubeSettings,
  channelId: string,
  signal: AbortSignal,
): Promise<YoutubeVideo[]> {
  const url = new URL(settings.feedUrl)
  url.searchParams.set('channel_id', channelId)
  let xml: string
  try {
    xml = await fetchXml(url.toString(), { budget: settings.budget, signal })
  } catch (error) {
    // The feed answers 404 now and then for channels that exist: never read that as "no channel".
    const status = error instanceof UpstreamError ? error.status : 0
    throw new YoutubeError(
      'unavailable',
      `feed ${status ? `answered ${status}` : 'failed'}`,
      error instanceof UpstreamError ? error.retryAfterMs : null,
    )
  }
  if (XMLValidator.validate(xml) !== true) throw new YoutubeError('unavailable', 'feed is not XML')
  const doc = feedParser.parse(xml) as { feed?: { entry?: unknown[] } }
  if (!doc.feed) throw new YoutubeError('unavailable', 'feed is not an Atom feed')
  const out: YoutubeVideo[] = []
  for (const raw of doc.feed.entry ?? []) {
    const parsed = FeedEntry.safeParse(raw)
    if (!parsed.success) continue
    const e = parsed.data
    const group = e['media:group']
    out.push({
      youtubeId: e['yt:videoId'],
      channelId: e['yt:channelId'],
      title: e.title,
      description: group?.['media:description']?.trim() || null,
      thumbnailUrl: group?.['media:thumbnail']?.['@_url'] ?? null,
      viewCount: group?.['media:community']?.['media:statistics']?.['@_views'] ?? null,
      publishedAt: utc(e.published),
      duration: null,
      liveState: null,
    })
  }
  return out
}
