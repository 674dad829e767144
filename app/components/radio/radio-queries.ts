import * as API_PATHS from '../../../contracts/api-paths.ts'
import { isNotConfigured, type NotConfigured } from '../../../contracts/features.ts'
import {
  NOW_PLAYING_REFETCH_MS,
  NOW_PLAYING_STALE_MS,
  RADIO_MESSAGES,
  type RadioNowPlaying,
  type RadioStation,
  STATION_STALE_MS,
} from '../../../contracts/radio.ts'
import { useApi } from '../../lib/store.ts'
import { deserializeSuperjson } from '../../lib/superjson-lite.ts'

/** The radio answers in superjson; a site without a station answers that it has none. */
const decode =
  <T>(message: string) =>
  (raw: API_PATHS.Superjson<T> | NotConfigured): T => {
    if (isNotConfigured(raw)) throw new Error(message)
    return deserializeSuperjson<T>(raw)
  }
const decodeNowPlaying = decode<RadioNowPlaying>(RADIO_MESSAGES.nowPlayingFailed)
const decodeStation = decode<RadioStation>(RADIO_MESSAGES.stationFailed)

/**
 * Spec: polled every 15 s, stale after 10 s, retried once. The mini player on every page and
 * /music share one request and one answer.
 */
export function useNowPlaying() {
  return useApi(
    API_PATHS.getNowPlaying,
    {},
    {
      staleMs: NOW_PLAYING_STALE_MS,
      pollMs: NOW_PLAYING_REFETCH_MS,
      retries: 1,
      select: decodeNowPlaying,
      fallbackMessage: RADIO_MESSAGES.nowPlayingFailed,
    },
  )
}

/** Spec: stale after 5 minutes, not refetched on window focus. */
export function useStation() {
  return useApi(
    API_PATHS.getStation,
    {},
    {
      staleMs: STATION_STALE_MS,
      retries: 1,
      select: decodeStation,
      fallbackMessage: RADIO_MESSAGES.stationFailed,
    },
  )
}
