import { useEffect, useSyncExternalStore } from 'react'
import {
  NOW_PLAYING_REFETCH_MS,
  NOW_PLAYING_STALE_MS,
  RADIO_MESSAGES,
  type RadioNowPlaying,
  type RadioStation,
  STATION_STALE_MS,
} from '../../../contracts/radio.ts'
import { deserializeSuperjson } from '../../lib/superjson-lite.ts'

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

export interface Remote<T> {
  data: T | undefined
  /** No answer yet (nor a failure). */
  isPending: boolean
  /** The last attempt, and its one retry, failed; `data` keeps the last good answer. */
  isError: boolean
}

const RETRY_DELAY_MS = 1000
const PENDING: Remote<never> = { data: undefined, isPending: true, isError: false }

/**
 * One radio endpoint shared by every component that shows it (the mini player on every page,
 * /music): fetched when the first of them mounts and the answer is older than `staleMs`, retried
 * once, and polled every `pollMs` while any is mounted. The mini player is on every page, so this
 * small store replaces a query library in the first load (ADR 010).
 */
function remoteStore<T>(path: string, fallback: string, staleMs: number, pollMs?: number) {
  let state: Remote<T> = PENDING
  let users = 0
  let fetchedAt = 0
  let inFlight: Promise<void> | null = null
  let timer: ReturnType<typeof setInterval> | undefined
  const listeners = new Set<() => void>()

  const set = (next: Remote<T>) => {
    state = next
    for (const listener of listeners) listener()
  }

  function load(): Promise<void> {
    inFlight ??= (async () => {
      for (let attempt = 0; ; attempt++) {
        try {
          const data = await fetchRadio<T>(path, fallback)
          fetchedAt = Date.now()
          set({ data, isPending: false, isError: false })
          return
        } catch {
          if (attempt >= 1) {
            set({ data: state.data, isPending: false, isError: true })
            return
          }
          await new Promise((r) => setTimeout(r, RETRY_DELAY_MS))
        }
      }
    })().finally(() => {
      inFlight = null
    })
    return inFlight
  }

  function subscribe(listener: () => void) {
    listeners.add(listener)
    return () => listeners.delete(listener)
  }

  /** Called by each mounted user; the first one starts the polling, the last one stops it. */
  function retain(): () => void {
    const first = users++ === 0
    const isStale = () => Date.now() - fetchedAt > staleMs
    if (isStale()) void load()
    const loadIfStale = () => {
      if (document.visibilityState === 'visible' && isStale()) void load()
    }
    // A hidden tab does not poll; it catches up when the visitor comes back to it.
    if (first && pollMs) {
      timer = setInterval(() => {
        if (document.visibilityState === 'visible') void load()
      }, pollMs)
      document.addEventListener('visibilitychange', loadIfStale)
    }
    return () => {
      if (--users === 0) {
        clearInterval(timer)
        document.removeEventListener('visibilitychange', loadIfStale)
      }
    }
  }

  return { subscribe, get: () => state, retain }
}

const nowPlayingStore = remoteStore<RadioNowPlaying>(
  'nowplaying',
  RADIO_MESSAGES.nowPlayingFailed,
  NOW_PLAYING_STALE_MS,
  NOW_PLAYING_REFETCH_MS,
)
const stationStore = remoteStore<RadioStation>(
  'station',
  RADIO_MESSAGES.stationFailed,
  STATION_STALE_MS,
)

function useRemote<T>(store: ReturnType<typeof remoteStore<T>>): Remote<T> {
  useEffect(() => store.retain(), [store])
  // The server render and hydration show the pending state; the browser fetches after that.
  return useSyncExternalStore(store.subscribe, store.get, () => PENDING)
}

/** Spec: polled every 15 s, stale after 10 s, retried once. */
export function useNowPlaying(): Remote<RadioNowPlaying> {
  return useRemote(nowPlayingStore)
}

/** Spec: stale after 5 minutes, not refetched on window focus. */
export function useStation(): Remote<RadioStation> {
  return useRemote(stationStore)
}
