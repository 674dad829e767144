import {
  type ChannelStats,
  type DiscordWidget,
  type ImageListResponse,
  MEDIA_MESSAGES,
  type VideoListResponse,
} from '../../../contracts/media-constants.ts'
import { configuredAnswer } from '../../../contracts/features.ts'
import { fetchApi, useRemote } from '../../lib/remote.ts'
import type { VideoQuery } from './media-queries.ts'
import type { CardVideo } from './video-card.tsx'

/** A page of videos as the cards show them: the loader leaves the descriptions out. */
export interface CardVideoList extends Omit<VideoListResponse, 'videos'> {
  videos: CardVideo[]
}

export const forCards = (list: VideoListResponse): CardVideoList => ({
  ...list,
  videos: list.videos.map(({ description: _, ...video }) => video),
})

const FIVE_MINUTES = 5 * 60 * 1000
const once = () => true

/**
 * The home page's data, without a query library (ADR 012). What the database holds comes with the
 * page (its loader); the browser asks only when the server could not read it. What comes from
 * Discord and YouTube's statistics is always fetched by the browser.
 */
export function useHomeVideos(q: VideoQuery, initial: CardVideoList | null) {
  return useRemote<CardVideoList>(
    `youtube:list:${JSON.stringify(q)}`,
    (signal) =>
      fetchApi((paths) => paths.listVideos, { query: { ...q }, signal }, 'Failed to fetch'),
    { initial, retry: once },
  )
}

export function useHeaderImages(initial: ImageListResponse | null) {
  return useRemote(
    'images:list',
    (signal) => fetchApi((paths) => paths.listImages, { signal }, 'Failed to fetch images'),
    { initial, retry: once },
  )
}

export function useChannelStats() {
  return useRemote<ChannelStats>(
    'youtube:channel-stats',
    async (signal) =>
      configuredAnswer(
        await fetchApi((paths) => paths.getChannelStats, { signal }, MEDIA_MESSAGES.youtubeFailed),
        MEDIA_MESSAGES.youtubeFailed,
      ),
    { staleMs: FIVE_MINUTES },
  )
}

/** The server caches the widget for 5 minutes; the page asks again no more often than that. */
export function useDiscordWidget() {
  return useRemote<DiscordWidget>(
    'discord:widget',
    async (signal) =>
      configuredAnswer(
        await fetchApi((paths) => paths.getWidget, { signal }, MEDIA_MESSAGES.widgetFailed),
        MEDIA_MESSAGES.widgetFailed,
      ),
    { staleMs: FIVE_MINUTES, pollMs: FIVE_MINUTES },
  )
}
