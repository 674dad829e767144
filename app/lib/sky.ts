import { type UseQueryResult, useQuery } from './query.ts'
import {
  type ApodResponse,
  type Freshness,
  type MoonPhaseResponse,
  type NewsResponse,
  SKY_FRESHNESS_MS,
  SKY_MESSAGES,
  type SolarWeatherResponse,
} from '../../contracts/sky.ts'
import * as API_PATHS from '../../contracts/api-paths.ts'
import type { ApiRoute } from '../../contracts/api-paths.ts'
import { ApiRequestError, apiFetch } from './api.ts'

/**
 * What a sky page's loader hands the page: the data when the server had it in time, or the
 * message when it has none, or neither when the source was slow (the browser then asks itself).
 */
export interface SkyLoaderData<T> {
  initial: T | null
  error: string | null
}

export const SKY_QUERY_KEYS = {
  moonPhase: ['sky', 'moon-phase'],
  solarWeather: ['sky', 'solar-weather'],
  apod: ['sky', 'apod'],
  news: ['sky', 'news'],
} as const

interface SkyQueryOptions<T> {
  queryKey: readonly string[]
  route: ApiRoute<T>
  fallbackMessage: string
  staleTime: number
  refetchOnWindowFocus: boolean
  loaderData: SkyLoaderData<T>
}

function useSkyQuery<T extends Freshness>(options: SkyQueryOptions<T>): UseQueryResult<T> {
  const { initial } = options.loaderData
  return useQuery({
    queryKey: options.queryKey,
    queryFn: ({ signal }) => apiFetch(options.route, { signal }, options.fallbackMessage),
    staleTime: options.staleTime,
    refetchOnWindowFocus: options.refetchOnWindowFocus,
    refetchOnMount: true,
    initialData: initial ?? undefined,
    // The copy is as old as the server's: it goes stale here when it would there.
    initialDataUpdatedAt: initial ? Date.parse(initial.fetchedAt) : undefined,
    // The server already falls back on its last good copy; only a lost connection is worth a retry.
    retry: (count, error) => count < 1 && error instanceof ApiRequestError && error.status === 0,
  })
}

export function useMoonPhase(loaderData: SkyLoaderData<MoonPhaseResponse>) {
  return useSkyQuery({
    queryKey: SKY_QUERY_KEYS.moonPhase,
    route: API_PATHS.getMoonPhase,
    fallbackMessage: SKY_MESSAGES.moonFailed,
    staleTime: SKY_FRESHNESS_MS.moonPhase,
    refetchOnWindowFocus: false,
    loaderData,
  })
}

export function useSolarWeather(loaderData: SkyLoaderData<SolarWeatherResponse>) {
  return useSkyQuery({
    queryKey: SKY_QUERY_KEYS.solarWeather,
    route: API_PATHS.getSolarWeather,
    fallbackMessage: SKY_MESSAGES.solarFallback,
    staleTime: SKY_FRESHNESS_MS.solarWeather,
    refetchOnWindowFocus: false,
    loaderData,
  })
}

export function useApod(loaderData: SkyLoaderData<ApodResponse>) {
  return useSkyQuery({
    queryKey: SKY_QUERY_KEYS.apod,
    route: API_PATHS.getApod,
    fallbackMessage: SKY_MESSAGES.apodFailed,
    staleTime: SKY_FRESHNESS_MS.apod,
    refetchOnWindowFocus: true,
    loaderData,
  })
}

export function useCombinedNews(loaderData: SkyLoaderData<NewsResponse>) {
  return useSkyQuery({
    queryKey: SKY_QUERY_KEYS.news,
    route: API_PATHS.getCombinedNews,
    fallbackMessage: SKY_MESSAGES.newsFailed,
    staleTime: SKY_FRESHNESS_MS.news,
    refetchOnWindowFocus: true,
    loaderData,
  })
}

export type SkyView<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T }

/**
 * Data first; then the query's own error; then the error the server render showed (kept until the
 * browser's own attempt settles, so the page does not flash a skeleton); else loading.
 */
export function skyView<T>(query: UseQueryResult<T>, loaderError: string | null): SkyView<T> {
  if (query.data !== undefined) return { status: 'ready', data: query.data }
  if (query.isError) return { status: 'error', message: query.error.message }
  if (loaderError) return { status: 'error', message: loaderError }
  return { status: 'loading' }
}
