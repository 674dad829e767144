import { readFileSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import type { FakeHandler } from './server.ts'

/**
 * A fake YouTube (Data API v3 channels / playlistItems / videos, and the channel Atom feed) and
 * the community side of Discord (guild widget, gallery channel messages read by a bot), written
 * from the sample payloads in fixtures/youtube and fixtures/discord-community. The channel has
 * `videoCount` uploads, so a sync pages through several playlist pages and video batches.
 *
 * Failure modes are switched with `POST /__media/mode` ({youtube?, feed?, widget?, gallery?}).
 */
export const FAKE_YOUTUBE = {
  channelId: 'UCk4vQe7Lm2Rn8Tx3Zp9Ws6A',
  apiKey: 'fake-youtube-api-key',
} as const
export const FAKE_COMMUNITY = {
  guildId: '1198374650298347520',
  galleryChannelId: '1201450098712231996',
  botToken: 'fake-discord-bot-token',
} as const

export type YoutubeMode = 'ok' | 'quota' | 'bad_key' | 'html' | 'slow'
export type FeedMode = 'ok' | 'not_found'
export type WidgetMode = 'ok' | 'disabled' | 'down'
export type GalleryMode = 'ok' | 'missing_access' | 'missing_permissions' | 'rate_limited' | 'down'
export interface MediaModes {
  youtube: YoutubeMode
  feed: FeedMode
  widget: WidgetMode
  gallery: GalleryMode
}

function fixtureJson(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')) as Record<
    string,
    unknown
  >
}
function fixtureText(name: string): string {
  return readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8')
}

const CHANNELS = fixtureJson('youtube/channels.json')
const PLAYLIST = fixtureJson('youtube/playlist-items.json')
const VIDEOS = fixtureJson('youtube/videos.json') as { items: Array<Record<string, unknown>> }
const FEED = fixtureText('youtube/feed.xml')
const QUOTA = fixtureJson('youtube/error-403-quota.json')
const BAD_KEY = fixtureJson('youtube/error-400-key.json')
const WIDGET = fixtureJson('discord-community/widget.json')
const MESSAGES = JSON.parse(fixtureText('discord-community/channel-messages.json')) as Array<
  Record<string, unknown>
>
const MISSING_ACCESS = fixtureJson('discord-community/error-403-missing-access.json')
const MISSING_PERMISSIONS = fixtureJson('discord-community/error-403-missing-permissions.json')
const WIDGET_DISABLED = fixtureJson('discord-community/error-403-widget-disabled.json')

const TOPICS = [
  'Saturn at opposition',
  'Orion Nebula in narrowband',
  'Perseids from a dark site',
  'Choosing your first telescope',
  'Aurora forecast explained',
  'Collimating a Newtonian',
  'The Moon through a 6-inch Dobsonian',
  'Jupiter and the Great Red Spot',
  'Andromeda with a small refractor',
  'Planetary imaging basics',
]

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers })
  res.end(JSON.stringify(body))
}

/** An 11-character YouTube id that is the same for the same index. */
function videoId(i: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
  let n = i * 2654435761 + 12345
  let out = ''
  for (let k = 0; k < 11; k++) {
    out += alphabet[n % 64]
    n = Math.floor(n / 64) + k * 7 + i
  }
  return out
}

export function createFakeMedia(options: { videoCount?: number } = {}) {
  const modes: MediaModes = { youtube: 'ok', feed: 'ok', widget: 'ok', gallery: 'ok' }
  const calls: Array<{ path: string; query: string }> = []
  let videoCount = options.videoCount ?? 120
  /** The title change a second sync should pick up. */
  let titleSuffix = ''

  /** Video i of the channel (0 = newest): the four fixture videos first, then generated ones. */
  function video(i: number): Record<string, unknown> {
    const base = VIDEOS.items[i % VIDEOS.items.length]!
    const snippet = base.snippet as Record<string, unknown>
    if (i < VIDEOS.items.length)
      return { ...base, snippet: { ...snippet, title: `${String(snippet.title)}${titleSuffix}` } }
    const id = videoId(i)
    // Older than the four fixture videos (the newest is 2026-06-18), one every 36 hours.
    const published = new Date(
      Date.parse('2026-06-10T18:00:00Z') - i * 36 * 3600 * 1000,
    ).toISOString()
    const thumbs = Object.fromEntries(
      ['default', 'medium', 'high'].map((k) => [
        k,
        {
          url: `https://i.ytimg.com/vi/${id}/${k === 'default' ? 'default' : k === 'medium' ? 'mqdefault' : 'hqdefault'}.jpg`,
        },
      ]),
    )
    return {
      kind: 'youtube#video',
      id,
      snippet: {
        ...snippet,
        publishedAt: published,
        title: `${TOPICS[i % TOPICS.length]} (part ${Math.floor(i / TOPICS.length) + 1})${titleSuffix}`,
        description: `Episode ${videoCount - i} of the channel.`,
        thumbnails: thumbs,
        liveBroadcastContent: 'none',
      },
      contentDetails: { duration: `PT${5 + (i % 50)}M${i % 60}S` },
      statistics: { viewCount: String(1000 + i * 37) },
    }
  }

  function youtubeFailure(res: ServerResponse): boolean {
    switch (modes.youtube) {
      case 'quota':
        json(res, 403, QUOTA)
        return true
      case 'bad_key':
        json(res, 400, BAD_KEY)
        return true
      case 'html':
        res
          .writeHead(200, { 'content-type': 'text/html' })
          .end('<!doctype html><title>Error</title>')
        return true
      default:
        return false
    }
  }

  const record =
    (handler: FakeHandler): FakeHandler =>
    async (req, res, url) => {
      calls.push({ path: url.pathname, query: url.search })
      if (modes.youtube === 'slow' && url.pathname.includes('/youtube/'))
        await new Promise((r) => setTimeout(r, 3000))
      return handler(req, res, url)
    }

  const channels = record((_req, res, url) => {
    if (youtubeFailure(res)) return
    if (url.searchParams.get('key') !== FAKE_YOUTUBE.apiKey) return json(res, 400, BAD_KEY)
    if (url.searchParams.get('id') !== FAKE_YOUTUBE.channelId)
      return json(res, 200, {
        ...CHANNELS,
        items: [],
        pageInfo: { totalResults: 0, resultsPerPage: 5 },
      })
    const item = (CHANNELS.items as Array<Record<string, unknown>>)[0]!
    json(res, 200, {
      ...CHANNELS,
      items: [
        { ...item, statistics: { ...(item.statistics as object), videoCount: String(videoCount) } },
      ],
    })
  })

  const playlistItems = record((_req, res, url) => {
    if (youtubeFailure(res)) return
    if (url.searchParams.get('key') !== FAKE_YOUTUBE.apiKey) return json(res, 400, BAD_KEY)
    if (url.searchParams.get('playlistId') !== `UU${FAKE_YOUTUBE.channelId.slice(2)}`)
      return json(res, 404, {
        error: {
          code: 404,
          message: 'playlist not found',
          errors: [{ reason: 'playlistNotFound' }],
        },
      })
    const size = Math.min(50, Number(url.searchParams.get('maxResults') ?? 5))
    const start = Number(url.searchParams.get('pageToken')?.replace('page-', '') ?? 0)
    const template = (PLAYLIST.items as Array<Record<string, unknown>>)[0]!
    const items = []
    for (let i = start; i < Math.min(videoCount, start + size); i++) {
      const v = video(i)
      const sn = v.snippet as Record<string, unknown>
      items.push({
        ...template,
        snippet: {
          ...(template.snippet as object),
          title: sn.title,
          position: i,
          resourceId: { kind: 'youtube#video', videoId: v.id },
        },
        contentDetails: { videoId: v.id, videoPublishedAt: sn.publishedAt },
        status: { privacyStatus: 'public' },
      })
    }
    // A private entry on the first page, as real uploads playlists sometimes carry.
    if (start === 0)
      items.push({
        ...template,
        snippet: { title: 'Private video' },
        contentDetails: { videoId: 'privateVid01' },
        status: { privacyStatus: 'private' },
      })
    const next = start + size < videoCount ? `page-${start + size}` : undefined
    json(res, 200, {
      ...PLAYLIST,
      items,
      nextPageToken: next,
      pageInfo: { totalResults: videoCount, resultsPerPage: size },
    })
  })

  const videos = record((_req, res, url) => {
    if (youtubeFailure(res)) return
    if (url.searchParams.get('key') !== FAKE_YOUTUBE.apiKey) return json(res, 400, BAD_KEY)
    const ids = (url.searchParams.get('id') ?? '').split(',').filter(Boolean)
    if (ids.length > 50)
      return json(res, 400, {
        error: { code: 400, message: 'too many ids', errors: [{ reason: 'invalidParameter' }] },
      })
    const byId = new Map<string, Record<string, unknown>>()
    for (let i = 0; i < videoCount; i++) {
      const v = video(i)
      byId.set(String(v.id), v)
    }
    json(res, 200, {
      kind: 'youtube#videoListResponse',
      items: ids.map((id) => byId.get(id)).filter(Boolean),
    })
  })

  const feed = record((_req, res, url) => {
    if (modes.feed === 'not_found') {
      res
        .writeHead(404, { 'content-type': 'text/html' })
        .end('<!doctype html><title>Error 404 (Not Found)!!1</title>')
      return
    }
    if (url.searchParams.get('channel_id') !== FAKE_YOUTUBE.channelId) {
      res
        .writeHead(404, { 'content-type': 'text/html' })
        .end('<!doctype html><title>Error 404 (Not Found)!!1</title>')
      return
    }
    res.writeHead(200, { 'content-type': 'application/atom+xml; charset=UTF-8' }).end(FEED)
  })

  const widget = record((_req, res) => {
    if (modes.widget === 'disabled') return json(res, 403, WIDGET_DISABLED)
    if (modes.widget === 'down') {
      res
        .writeHead(502, { 'content-type': 'text/html' })
        .end('<html><body>Bad gateway</body></html>')
      return
    }
    json(res, 200, WIDGET)
  })

  /** `count` messages (60 unless a test asks), newest first, most with an image; ids count down. */
  const buildGallery = (count: number) =>
    Array.from({ length: count }, (_, i) => {
      const base = MESSAGES[i % MESSAGES.length]!
      const id = (1385002712060837969n - BigInt(i) * 4194304000n).toString()
      const attachments: Array<Record<string, unknown>> =
        i % 7 === 6
          ? []
          : (base.attachments as Array<Record<string, unknown>>).map((a, k) => ({
              ...a,
              // Every fourth picture is portrait, so a layout meets more than one shape.
              ...(i % 4 === 1 ? { width: a.height, height: a.width } : {}),
              id: (BigInt(id) - BigInt(k + 1)).toString(),
              // Some attachments come without content_type: the file name decides.
              ...(i % 5 === 4 ? { content_type: undefined } : {}),
            }))
      if (i % 11 === 10)
        attachments.push({
          id: `${id.slice(0, -2)}99`,
          filename: 'notes.txt',
          content_type: 'text/plain',
          proxy_url: 'https://media.discordapp.net/notes.txt',
          url: 'https://cdn.discordapp.com/notes.txt',
          size: 10,
        })
      return {
        ...base,
        id,
        timestamp: new Date(Date.parse('2026-06-18T20:41:17Z') - i * 3600_000).toISOString(),
        attachments,
      }
    })
  let galleryMessages = buildGallery(60)
  /** What a rate-limited gallery sends as Retry-After (Discord also puts the seconds in the body). */
  let galleryRetryAfter = '2'
  const isGalleryImage = (a: { content_type?: string; filename: string }) =>
    a.content_type
      ? a.content_type.startsWith('image/')
      : /\.(jpe?g|png|gif|webp)$/i.test(a.filename)

  const channelMessages = record((req, res, url) => {
    if (req.headers.authorization !== `Bot ${FAKE_COMMUNITY.botToken}`)
      return json(res, 401, { message: '401: Unauthorized', code: 0 })
    if (modes.gallery === 'missing_access') return json(res, 403, MISSING_ACCESS)
    if (modes.gallery === 'missing_permissions') return json(res, 403, MISSING_PERMISSIONS)
    if (modes.gallery === 'rate_limited') {
      const seconds = Number(galleryRetryAfter)
      return json(
        res,
        429,
        {
          message: 'You are being rate limited.',
          ...(Number.isFinite(seconds) ? { retry_after: seconds === 2 ? 1.742 : seconds } : {}),
          global: false,
        },
        { 'retry-after': galleryRetryAfter },
      )
    }
    if (modes.gallery === 'down') {
      res.writeHead(503, { 'content-type': 'text/html' }).end('<html>unavailable</html>')
      return
    }
    const limit = Math.min(100, Math.max(1, Number(url.searchParams.get('limit') ?? 50)))
    const before = url.searchParams.get('before')
    const start = before
      ? galleryMessages.findIndex((m) => BigInt(String(m.id)) < BigInt(before))
      : 0
    json(res, 200, start < 0 ? [] : galleryMessages.slice(start, start + limit))
  })

  const mode: FakeHandler = async (req, res) => {
    let body = ''
    for await (const chunk of req) body += String(chunk)
    try {
      Object.assign(modes, JSON.parse(body || '{}') as Partial<MediaModes>)
      json(res, 200, modes)
    } catch {
      json(res, 400, { error: 'invalid JSON' })
    }
  }

  const routes: Record<string, FakeHandler> = {
    '/youtube/v3/channels': channels,
    '/youtube/v3/playlistItems': playlistItems,
    '/youtube/v3/videos': videos,
    '/youtube/feeds/videos.xml': feed,
    [`/discord/api/guilds/${FAKE_COMMUNITY.guildId}/widget.json`]: widget,
    [`/discord/api/v10/channels/${FAKE_COMMUNITY.galleryChannelId}/messages`]: channelMessages,
    '/__media/mode': mode,
  }

  return {
    routes,
    modes,
    calls,
    setModes(next: Partial<MediaModes>) {
      Object.assign(modes, next)
    },
    setVideoCount(n: number) {
      videoCount = n
    },
    setTitleSuffix(suffix: string) {
      titleSuffix = suffix
    },
    /** Image attachments in the gallery channel, for tests to compare against. */
    get galleryImageCount() {
      return galleryMessages.reduce(
        (n, m) =>
          n +
          (m.attachments as unknown as Array<{ content_type?: string; filename: string }>).filter(
            isGalleryImage,
          ).length,
        0,
      )
    },
    /** The channel's message ids, newest first. */
    get galleryMessageIds(): string[] {
      return galleryMessages.map((m) => String(m.id))
    },
    /** The image ids Discord itself would list for `limit` messages before `before`. */
    galleryImageIds(before: string | undefined, limit: number): string[] {
      return galleryMessages
        .filter((m) => before === undefined || BigInt(String(m.id)) < BigInt(before))
        .slice(0, limit)
        .flatMap((m) =>
          (
            m.attachments as unknown as Array<{
              id: string
              content_type?: string
              filename: string
            }>
          )
            .filter(isGalleryImage)
            .map((a) => a.id),
        )
    },
    setGalleryMessageCount(count: number) {
      galleryMessages = buildGallery(count)
    },
    /** Seconds or an HTTP date. */
    setGalleryRetryAfter(value: string) {
      galleryRetryAfter = value
    },
  }
}

/** Environment that points the app at the fake (its base URL) with a key and a bot token. */
export function mediaFakeEnv(
  baseUrl: string,
  options: { apiKey?: boolean } = {},
): Record<string, string> {
  return {
    YOUTUBE_CHANNEL_ID: FAKE_YOUTUBE.channelId,
    YOUTUBE_API_URL: `${baseUrl}/youtube/v3`,
    ...(options.apiKey === false ? {} : { YOUTUBE_API_KEY: FAKE_YOUTUBE.apiKey }),
    YOUTUBE_FEED_URL: `${baseUrl}/youtube/feeds/videos.xml`,
    DISCORD_GUILD_ID: FAKE_COMMUNITY.guildId,
    DISCORD_API_URL: `${baseUrl}/discord/api`,
    DISCORD_BOT_TOKEN: FAKE_COMMUNITY.botToken,
    DISCORD_GALLERY_CHANNEL_ID: FAKE_COMMUNITY.galleryChannelId,
    MEDIA_UPSTREAM_TIMEOUT_MS: '2000',
  }
}

export type FakeMedia = ReturnType<typeof createFakeMedia>
