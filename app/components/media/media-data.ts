import * as API_PATHS from '../../../contracts/api-paths.ts'
import { isNotConfigured, type NotConfigured } from '../../../contracts/features.ts'
import {
  type ImageListResponse,
  MEDIA_MESSAGES,
  type VideoListResponse,
} from '../../../contracts/media-constants.ts'
import { useApi } from '../../lib/store.ts'
import type { CardVideo } from './video-card.tsx'

/** A page of videos as the cards show them: the loader leaves the descriptions out. */
export interface CardVideoList extends Omit<VideoListResponse, 'videos'> {
  videos: CardVideo[]
}

export const forCards = (list: VideoListResponse): CardVideoList => ({
  ...list,
  videos: list.videos.map(({ description: _, ...video }) => video),
})

export interface VideoQuery {
  page: number
  limit: number
  liveOrRecentLive?: boolean
}

const FIVE_MINUTES = 5 * 60 * 1000

/** The answer of a feature the page knows is set up; the site's settings changed meanwhile else. */
function configuredAnswer<T>(body: T | NotConfigured, message: string): T {
  if (isNotConfigured(body)) throw new Error(message)
  return body
}
const asCards = (list: VideoListResponse): CardVideoList => list

/**
 * A page of the channel's videos, newest first, for /videos and the home page alike (one key per
 * query): the loader's copy first, fresh for a minute, and the page shown stays while the next
 * one loads. The admin's video changes refresh it.
 */
export function useVideos(q: VideoQuery, initial: CardVideoList | null) {
  const { page, limit, liveOrRecentLive } = q
  const input = { page, limit, liveOrRecentLive: liveOrRecentLive ? ('true' as const) : undefined }
  return useApi(API_PATHS.listVideos, input, {
    // The loader's copy leaves out the descriptions, which no card shows: readers see cards.
    initial: initial as VideoListResponse | null,
    staleMs: 60_000,
    keepPrevious: true,
    retries: 1,
    select: asCards,
    fallbackMessage: 'Failed to fetch',
  })
}

export function useHeaderImages(initial: ImageListResponse | null) {
  return useApi(
    API_PATHS.listImages,
    {},
    { initial, staleMs: Infinity, retries: 1, fallbackMessage: 'Failed to fetch images' },
  )
}

export function useChannelStats() {
  return useApi(
    API_PATHS.getChannelStats,
    {},
    {
      staleMs: FIVE_MINUTES,
      retries: 0,
      select: (raw) => configuredAnswer(raw, MEDIA_MESSAGES.youtubeFailed),
      fallbackMessage: MEDIA_MESSAGES.youtubeFailed,
    },
  )
}

/** The server caches the widget for 5 minutes; the page asks again no more often than that. */
export function useDiscordWidget() {
  return useApi(
    API_PATHS.getWidget,
    {},
    {
      staleMs: FIVE_MINUTES,
      pollMs: FIVE_MINUTES,
      retries: 0,
      select: (raw) => configuredAnswer(raw, MEDIA_MESSAGES.widgetFailed),
      fallbackMessage: MEDIA_MESSAGES.widgetFailed,
    },
  )
}
