import { useQuery } from '@tanstack/react-query'
import {
  NOW_PLAYING_REFETCH_MS,
  NOW_PLAYING_STALE_MS,
  RADIO_MESSAGES,
  type RadioNowPlaying,
  type RadioStation,
  STATION_STALE_MS,
} from '../../../contracts/radio.ts'
import { deserializeSuperjson } from '../../lib/superjson-lite.ts'

export const radioKeys = {
  station: ['radio', 'station'] as const,
  nowPlaying: ['radio', 'nowplaying'] as const,
}

async function fetchRadio<T>(path: string, fallback: string): Promise<T> {
  let res: Response
  try {
    res = await fetch(`/_api/radio/${path}`, { credentials: 'same-origin' })
  } catch {
    throw new Error(fallback)
  }
  const body = (await res.json().catch(() => null)) as { json?: unknown; error?: string } | null
  if (!res.ok || !body || !('json' in body)) throw new Error(body?.error || fallback)
  return deserializeSuperjson<T>(body as { json: unknown })
}

/** Spec: polled every 15 s, stale after 10 s. */
export function useNowPlaying() {
  return useQuery({
    queryKey: radioKeys.nowPlaying,
    queryFn: () => fetchRadio<RadioNowPlaying>('nowplaying', RADIO_MESSAGES.nowPlayingFailed),
    refetchInterval: NOW_PLAYING_REFETCH_MS,
    staleTime: NOW_PLAYING_STALE_MS,
    retry: 1,
  })
}

/** Spec: stale after 5 minutes, not refetched on window focus. */
export function useStation() {
  return useQuery({
    queryKey: radioKeys.station,
    queryFn: () => fetchRadio<RadioStation>('station', RADIO_MESSAGES.stationFailed),
    staleTime: STATION_STALE_MS,
    refetchOnWindowFocus: false,
    retry: 1,
  })
}
