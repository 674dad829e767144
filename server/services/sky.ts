import {
  type ApodResponse,
  type Freshness,
  type MoonPhaseResponse,
  type NewsResponse,
  SKY_FRESHNESS_MS,
  SKY_MESSAGES,
  type SolarWeatherResponse,
} from '../../contracts/sky.ts'
import type { Config } from '../config.ts'
import type { Logger } from '../shared/logger.ts'
import { getApodRecent } from '../integrations/apod.ts'
import {
  type CachedUpstream,
  type CachedValue,
  NoDataError,
  createCachedUpstream,
} from '../integrations/cached-upstream.ts'
import { feedSourceName, getFeedItems } from '../integrations/news-feeds.ts'
import {
  type KpForecastRow,
  type KpRow,
  getKpForecast,
  getKpObserved,
} from '../integrations/swpc.ts'
import type { UpstreamBudgets, UpstreamName } from '../integrations/upstream-budget.ts'
import type { Clock } from '../shared/clock.ts'
import { computeMoonPhase } from './moon-phase.ts'
import { mergeNews } from './news.ts'
import { buildSolarWeather } from './solar-weather.ts'
import { Unavailable } from '../shared/errors.ts'

export const SKY_SCOPES = ['moon-phase', 'solar-weather', 'apod', 'news'] as const
export type SkyScope = (typeof SKY_SCOPES)[number]

/**
 * Moon phase, solar weather, picture of the day and news, each cached with the spec's freshness.
 * A source that fails leaves its last good copy in service (marked stale, with its age); only a
 * source that never answered yields a 503 with the spec's message.
 */
export function createSkyService(deps: {
  config: Config
  clock: Clock
  logger: Logger
  upstreams: UpstreamBudgets
}) {
  const { config, clock, logger, upstreams } = deps
  const { sky } = config
  const common = { clock, logger, timeoutMs: sky.upstreamTimeoutMs }
  const swpc = upstreams.of('swpc')

  const moon = createCachedUpstream({
    ...common,
    name: 'moon-phase',
    ttlMs: SKY_FRESHNESS_MS.moonPhase,
    load: async () => computeMoonPhase(clock.now()),
  })
  const kpObserved = createCachedUpstream({
    ...common,
    name: 'swpc-kp-observed',
    ttlMs: SKY_FRESHNESS_MS.solarWeather,
    load: (signal) => getKpObserved(sky.swpcUrl, { budget: swpc, signal }),
  })
  const kpForecast = createCachedUpstream({
    ...common,
    name: 'swpc-kp-forecast',
    ttlMs: SKY_FRESHNESS_MS.solarWeather,
    load: (signal) => getKpForecast(sky.swpcUrl, { budget: swpc, signal }),
  })
  const apod = createCachedUpstream({
    ...common,
    name: 'nasa-apod',
    ttlMs: SKY_FRESHNESS_MS.apod,
    load: (signal) =>
      getApodRecent(
        {
          baseUrl: sky.nasaApiUrl,
          apiKey: sky.nasaApiKey,
          pageUrl: sky.apodPageUrl,
          budget: upstreams.of('nasa'),
        },
        clock.now(),
        signal,
      ),
  })
  const feeds = sky.newsFeeds.map(({ name, url }) => ({
    source: name ?? feedSourceName(url),
    cache: createCachedUpstream({
      ...common,
      name: `news-feed ${url}`,
      ttlMs: SKY_FRESHNESS_MS.news,
      load: (signal) =>
        getFeedItems(url, { budget: upstreams.of('news-feed', new URL(url).host), signal }, name),
    }),
  }))
  const upstreamsOf: Record<SkyScope, UpstreamName[]> = {
    'moon-phase': [],
    'solar-weather': ['swpc'],
    apod: ['nasa'],
    news: ['news-feed'],
  }
  const caches: Record<SkyScope, Array<CachedUpstream<unknown>>> = {
    'moon-phase': [moon],
    'solar-weather': [kpObserved, kpForecast],
    apod: [apod],
    news: feeds.map((f) => f.cache),
  }

  /** The oldest part decides the age; any stale part makes the whole answer stale. */
  function freshness(parts: Array<CachedValue<unknown>>): Freshness {
    const fetchedAt = new Date(Math.min(...parts.map((p) => p.fetchedAt.getTime())))
    return {
      fetchedAt: fetchedAt.toISOString(),
      ageSeconds: Math.max(0, Math.floor((clock.now().getTime() - fetchedAt.getTime()) / 1000)),
      stale: parts.some((p) => p.stale),
    }
  }

  function unavailable(error: unknown, message: string): Unavailable {
    const retryAfter = error instanceof NoDataError ? error.retryAfterSeconds : 60
    return new Unavailable(message, { retryAfterSeconds: retryAfter })
  }

  const settled = <T>(r: PromiseSettledResult<T>): T | null =>
    r.status === 'fulfilled' ? r.value : null

  return {
    async getMoonPhase(): Promise<MoonPhaseResponse> {
      try {
        const got = await moon.get()
        return { ...got.value, ...freshness([got]) }
      } catch (error) {
        throw unavailable(error, SKY_MESSAGES.moonFailed)
      }
    },

    async getSolarWeather(): Promise<SolarWeatherResponse> {
      const [observedResult, forecastResult] = await Promise.allSettled([
        kpObserved.get(),
        kpForecast.get(),
      ])
      const observed = settled(observedResult)
      const forecast = settled(forecastResult)
      const weather = buildSolarWeather(
        observed?.value ?? null,
        forecast?.value ?? null,
        clock.now(),
      )
      if (!weather) {
        const reason = observedResult.status === 'rejected' ? observedResult.reason : null
        throw unavailable(reason, SKY_MESSAGES.solarFailed)
      }
      const parts = [observed, forecast].filter((p) => p !== null)
      return { ...weather, ...freshness(parts) }
    },

    /**
     * The Kp rows as cached for the solar weather (the aurora alerts read the same copies): each
     * null when its product cannot be had.
     */
    async kpRows(): Promise<{ observed: KpRow[] | null; forecast: KpForecastRow[] | null }> {
      const [observed, forecast] = await Promise.allSettled([kpObserved.get(), kpForecast.get()])
      return {
        observed: settled(observed)?.value ?? null,
        forecast: settled(forecast)?.value ?? null,
      }
    },

    async getApod(): Promise<ApodResponse> {
      try {
        const got = await apod.get()
        return { items: got.value, ...freshness([got]) }
      } catch (error) {
        throw unavailable(error, SKY_MESSAGES.apodFailed)
      }
    },

    async getNews(): Promise<NewsResponse> {
      const results = await Promise.allSettled(feeds.map((f) => f.cache.get()))
      const parts = results.map(settled)
      const present = parts.filter((p) => p !== null)
      if (present.length === 0) {
        const first = results.find((r) => r.status === 'rejected')
        throw unavailable(
          first?.status === 'rejected' ? first.reason : null,
          SKY_MESSAGES.newsFailed,
        )
      }
      return {
        items: mergeNews(present.map((p) => p.value)),
        unavailableSources: feeds.filter((_, i) => parts[i] === null).map((f) => f.source),
        ...freshness(present),
      }
    },

    /**
     * Forgets the copies (`clear`) or makes them due for a refresh (`expire`), and the upstreams'
     * counted calls and back-offs: all, or one kind.
     */
    resetCaches(mode: 'clear' | 'expire', scope?: SkyScope): void {
      const chosen = scope ? [scope] : SKY_SCOPES
      for (const name of chosen) {
        for (const cache of caches[name]) cache.reset(mode)
        upstreams.reset(...upstreamsOf[name])
      }
    },
  }
}

export type SkyService = ReturnType<typeof createSkyService>
