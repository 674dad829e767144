import type * as ApiPaths from '../../contracts/api-paths.ts'
import {
  type ApodResponse,
  type Freshness,
  type MoonPhaseResponse,
  type NewsResponse,
  SKY_FRESHNESS_MS,
  SKY_MESSAGES,
  type SolarWeatherResponse,
} from '../../contracts/sky.ts'
import type { ApiRequestError } from './api.ts'
import { type Remote, fetchApi, useRemote } from './remote.ts'

/**
 * What a sky page's loader hands the page: the data when the server had it in time, or the
 * message when it has none, or neither when the source was slow (the browser then asks itself).
 */
export interface SkyLoaderData<T> {
  initial: T | null
  error: string | null
}

interface SkyDataOptions<T> {
  key: string
  route: (paths: typeof ApiPaths) => ApiPaths.ApiRoute<T>
  fallbackMessage: string
  staleMs: number
  refetchOnFocus: boolean
  loaderData: SkyLoaderData<T>
}

/** The server already falls back on its last good copy; only a lost connection is worth a retry. */
const connectionLost = (error: unknown) => (error as Partial<ApiRequestError> | null)?.status === 0

/**
 * The loader's copy first, as old as the server's (it goes stale here when it would there); the
 * browser asks itself when the loader had none or its copy is already stale.
 */
function useSkyData<T extends Freshness>(options: SkyDataOptions<T>): Remote<T> {
  const { initial } = options.loaderData
  const load = (signal: AbortSignal) => fetchApi(options.route, { signal }, options.fallbackMessage)
  return useRemote(options.key, load, {
    initial,
    initialAt: initial ? Date.parse(initial.fetchedAt) : undefined,
    staleMs: options.staleMs,
    refetchOnFocus: options.refetchOnFocus,
    retry: connectionLost,
  })
}

export function useMoonPhase(loaderData: SkyLoaderData<MoonPhaseResponse>) {
  return useSkyData({
    key: 'sky:moon-phase',
    route: (paths) => paths.getMoonPhase,
    fallbackMessage: SKY_MESSAGES.moonFailed,
    staleMs: SKY_FRESHNESS_MS.moonPhase,
    refetchOnFocus: false,
    loaderData,
  })
}

export function useSolarWeather(loaderData: SkyLoaderData<SolarWeatherResponse>) {
  return useSkyData({
    key: 'sky:solar-weather',
    route: (paths) => paths.getSolarWeather,
    fallbackMessage: SKY_MESSAGES.solarFallback,
    staleMs: SKY_FRESHNESS_MS.solarWeather,
    refetchOnFocus: false,
    loaderData,
  })
}

export function useApod(loaderData: SkyLoaderData<ApodResponse>) {
  return useSkyData({
    key: 'sky:apod',
    route: (paths) => paths.getApod,
    fallbackMessage: SKY_MESSAGES.apodFailed,
    staleMs: SKY_FRESHNESS_MS.apod,
    refetchOnFocus: true,
    loaderData,
  })
}

export function useCombinedNews(loaderData: SkyLoaderData<NewsResponse>) {
  return useSkyData({
    key: 'sky:news',
    route: (paths) => paths.getCombinedNews,
    fallbackMessage: SKY_MESSAGES.newsFailed,
    staleMs: SKY_FRESHNESS_MS.news,
    refetchOnFocus: true,
    loaderData,
  })
}

export type SkyView<T> =
  { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; data: T }

/**
 * Data first; then the browser's own error; then the error the server render showed (kept until
 * the browser's own attempt settles, so the page does not flash a skeleton); else loading.
 */
export function skyView<T>(remote: Remote<T>, loaderError: string | null): SkyView<T> {
  if (remote.data !== undefined) return { status: 'ready', data: remote.data }
  if (remote.error) return { status: 'error', message: remote.error.message }
  if (loaderError) return { status: 'error', message: loaderError }
  return { status: 'loading' }
}
