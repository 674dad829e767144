import * as API_PATHS from '../../contracts/api-paths.ts'
import type { NoInput } from '../../contracts/common.ts'
import type { EndpointContract } from '../../contracts/endpoint.ts'
import {
  type ApodResponse,
  type Freshness,
  type MoonPhaseResponse,
  type NewsResponse,
  SKY_FRESHNESS_MS,
  SKY_MESSAGES,
  type SolarWeatherResponse,
} from '../../contracts/sky.ts'
import { type ApiData, useApi } from './store.ts'

/**
 * What a sky page's loader hands the page: the data when the server had it in time, or the
 * message when it has none, or neither when the source was slow (the browser then asks itself).
 */
export interface SkyLoaderData<T> {
  initial: T | null
  error: string | null
}

interface SkyDataOptions<T> {
  entry: EndpointContract<typeof NoInput, T>
  fallbackMessage: string
  staleMs: number
  refetchOnFocus: boolean
  loaderData: SkyLoaderData<T>
}

/**
 * The loader's copy first, as old as the server's (it goes stale here when it would there); the
 * browser asks itself when the loader had none or its copy is already stale. The server already
 * falls back on its last good copy, so only a lost connection is worth another try.
 */
function useSkyData<T extends Freshness>(options: SkyDataOptions<T>) {
  const { initial } = options.loaderData
  return useApi(
    options.entry,
    {},
    {
      initial,
      initialAt: initial ? Date.parse(initial.fetchedAt) : undefined,
      staleMs: options.staleMs,
      refetchOnFocus: options.refetchOnFocus,
      retries: 1,
      retryServerErrors: false,
      fallbackMessage: options.fallbackMessage,
    },
  )
}

export function useMoonPhase(loaderData: SkyLoaderData<MoonPhaseResponse>) {
  return useSkyData({
    entry: API_PATHS.getMoonPhase,
    fallbackMessage: SKY_MESSAGES.moonFailed,
    staleMs: SKY_FRESHNESS_MS.moonPhase,
    refetchOnFocus: false,
    loaderData,
  })
}

export function useSolarWeather(loaderData: SkyLoaderData<SolarWeatherResponse>) {
  return useSkyData({
    entry: API_PATHS.getSolarWeather,
    fallbackMessage: SKY_MESSAGES.solarFallback,
    staleMs: SKY_FRESHNESS_MS.solarWeather,
    refetchOnFocus: false,
    loaderData,
  })
}

export function useApod(loaderData: SkyLoaderData<ApodResponse>) {
  return useSkyData({
    entry: API_PATHS.getApod,
    fallbackMessage: SKY_MESSAGES.apodFailed,
    staleMs: SKY_FRESHNESS_MS.apod,
    refetchOnFocus: true,
    loaderData,
  })
}

export function useCombinedNews(loaderData: SkyLoaderData<NewsResponse>) {
  return useSkyData({
    entry: API_PATHS.getCombinedNews,
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
export function skyView<T>(
  remote: Pick<ApiData<T>, 'data' | 'error'>,
  loaderError: string | null,
): SkyView<T> {
  if (remote.data !== undefined) return { status: 'ready', data: remote.data }
  if (remote.error) return { status: 'error', message: remote.error.message }
  if (loaderError) return { status: 'error', message: loaderError }
  return { status: 'loading' }
}
