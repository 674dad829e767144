import { keepPreviousData, useQuery } from '../../lib/query.ts'
import type {
  ChannelStats,
  DiscordWidget,
  ImageListResponse,
  VideoListResponse,
} from '../../../contracts/media-constants.ts'
import * as API_PATHS from '../../../contracts/api-paths.ts'
import { apiFetch } from '../../lib/api.ts'

const FIVE_MINUTES = 5 * 60 * 1000

export interface VideoQuery {
  page: number
  limit: number
  liveOrRecentLive?: boolean
}

/** A page of the channel's videos, newest first; the server's copy (SSR) is the first answer. */
export function useVideos(q: VideoQuery, initial?: VideoListResponse | null) {
  return useQuery({
    queryKey: ['youtube', 'list', q],
    queryFn: ({ signal }) =>
      apiFetch<VideoListResponse>(
        API_PATHS.listVideos,
        { query: { ...q }, signal },
        'Failed to fetch',
      ),
    initialData: initial ?? undefined,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
    retry: 1,
  })
}

export function useHeaderImages(initial?: ImageListResponse | null) {
  return useQuery({
    queryKey: ['images', 'list'],
    queryFn: ({ signal }) =>
      apiFetch<ImageListResponse>(API_PATHS.listImages, { signal }, 'Failed to fetch images'),
    initialData: initial ?? undefined,
    staleTime: FIVE_MINUTES,
  })
}

export function useChannelStats() {
  return useQuery({
    queryKey: ['youtube', 'channel-stats'],
    queryFn: ({ signal }) =>
      apiFetch<ChannelStats>(API_PATHS.getChannelStats, { signal }, 'Could not load YouTube data.'),
    staleTime: FIVE_MINUTES,
    retry: false,
  })
}

/** The server caches the widget for 5 minutes; the page asks again no more often than that. */
export function useDiscordWidget() {
  return useQuery({
    queryKey: ['discord', 'widget'],
    queryFn: ({ signal }) =>
      apiFetch<DiscordWidget>(API_PATHS.getWidget, { signal }, 'Could not connect to Discord'),
    staleTime: FIVE_MINUTES,
    refetchInterval: FIVE_MINUTES,
    retry: false,
  })
}
