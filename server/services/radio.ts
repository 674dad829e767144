import { NOT_CONFIGURED, type NotConfigured } from '../../contracts/features.ts'
import { RADIO_MESSAGES, type RadioNowPlaying, type RadioStation } from '../../contracts/radio.ts'
import type { Config } from '../config.ts'
import type { Logger } from '../shared/logger.ts'
import { createCachedUpstream, NoDataError } from '../integrations/cached-upstream.ts'
import {
  type AzuracastSettings,
  getAzuracastNowPlaying,
  getAzuracastStation,
} from '../integrations/azuracast.ts'
import type { UpstreamBudgets } from '../integrations/upstream-budget.ts'
import { Unavailable } from '../shared/errors.ts'
import type { Clock } from '../shared/clock.ts'

/** Spec: now playing is fresh for 10 s, the station for 5 minutes. */
export const NOW_PLAYING_TTL_MS = 10_000
export const STATION_TTL_MS = 5 * 60 * 1000
/**
 * How long a last good copy may stand in while AzuraCast fails: a song's length for now playing
 * (older than that it would name a song that has ended), a day for the station's name and URL.
 */
export const NOW_PLAYING_MAX_STALE_MS = 3 * 60 * 1000
export const STATION_MAX_STALE_MS = 24 * 60 * 60 * 1000

export function createRadioService(deps: {
  clock: Clock
  logger: Logger
  config: Pick<Config, 'radio'>
  upstreams: UpstreamBudgets
}) {
  const { clock, logger, config, upstreams } = deps
  const settings: AzuracastSettings | null = config.radio.azuracastUrl
    ? {
        baseUrl: config.radio.azuracastUrl,
        station: config.radio.station,
        budget: upstreams.of('azuracast'),
      }
    : null
  const common = { clock, logger, timeoutMs: config.radio.timeoutMs, failureBackoffMs: 15_000 }
  const station = settings
    ? createCachedUpstream<RadioStation>({
        ...common,
        name: 'azuracast-station',
        ttlMs: STATION_TTL_MS,
        load: (signal) => getAzuracastStation(settings, signal),
      })
    : null
  const nowPlaying = settings
    ? createCachedUpstream<RadioNowPlaying>({
        ...common,
        name: 'azuracast-nowplaying',
        ttlMs: NOW_PLAYING_TTL_MS,
        load: (signal) => getAzuracastNowPlaying(settings, signal, clock.now()),
      })
    : null

  /**
   * The cached value, or the spec's error once the last good copy is too old to be true; a site
   * without a station is told so, which is not a failure.
   */
  async function read<T>(
    cache: ReturnType<typeof createCachedUpstream<T>> | null,
    maxStaleMs: number,
    message: string,
  ): Promise<T | NotConfigured> {
    if (!cache) return NOT_CONFIGURED
    try {
      const got = await cache.get()
      if (got.stale && clock.now().getTime() - got.fetchedAt.getTime() > maxStaleMs)
        throw new Unavailable(message, { retryAfterSeconds: 15 })
      return got.value
    } catch (error) {
      if (error instanceof Unavailable) throw error
      throw new Unavailable(message, {
        retryAfterSeconds: error instanceof NoDataError ? error.retryAfterSeconds : 15,
      })
    }
  }

  return {
    configured: settings !== null,
    station: () => read(station, STATION_MAX_STALE_MS, RADIO_MESSAGES.stationFailed),
    nowPlaying: () => read(nowPlaying, NOW_PLAYING_MAX_STALE_MS, RADIO_MESSAGES.nowPlayingFailed),
    resetCaches() {
      station?.reset('clear')
      nowPlaying?.reset('clear')
      upstreams.reset('azuracast')
    },
  }
}

export type RadioService = ReturnType<typeof createRadioService>
