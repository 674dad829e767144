import { keepPreviousData, useQuery } from '../../lib/query.ts'
import type { VideoListResponse } from '../../../contracts/media-constants.ts'
import * as API_PATHS from '../../../contracts/api-paths.ts'
import { apiFetch } from '../../lib/api.ts'

export interface VideoQuery {
  page: number
  limit: number
  liveOrRecentLive?: boolean
}

/**
 * A page of the channel's videos for /videos, newest first; the server's copy (SSR) is the first
 * answer, and the page shown stays while the next one loads. The admin's video changes refresh it
 * (app/components/admin/admin-api.ts).
 */
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
