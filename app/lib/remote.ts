import { useEffect, useEffectEvent, useRef, useState } from 'react'
import type * as ApiPaths from '../../contracts/api-paths.ts'
import type { apiFetch } from './api.ts'

/** Data the browser fetches for a component, as the component shows it. */
export interface Remote<T> {
  /** The last good answer (or the server's copy). */
  data: T | undefined
  /** No data yet, and no failure either. */
  isPending: boolean
  /** The last attempt failed; `data` keeps the last good answer, if any. */
  isError: boolean
  error: Error | null
  /** A request is under way. */
  isFetching: boolean
  /** Fetch now, fresh or not (a Try Again button). */
  refetch: () => void
}

export interface RemoteOptions<T> {
  /** The server's copy (the loader's): shown at once, fetched again only once stale. */
  initial?: T | null
  /** When the server's copy was made, if not just now. */
  initialAt?: number
  /** How long an answer stays fresh (default: for good). */
  staleMs?: number
  /** Fetch again this often while mounted. */
  pollMs?: number
  /** Fetch again, if stale, when the visitor comes back to the tab (always: when back online). */
  refetchOnFocus?: boolean
  /** Whether a failed attempt is worth one more try, a second later. */
  retry?: (error: unknown) => boolean
}

interface Entry<T> {
  data: T
  at: number
}

interface State<T> {
  key: string
  initial: T | null | undefined
  entry: Entry<T> | undefined
  error: Error | null
  isFetching: boolean
}

const RETRY_DELAY_MS = 1000

/** Answers fetched in this tab, by key: a component shown again starts from the last one. */
const answers = new Map<string, Entry<unknown>>()

function seed<T>(key: string, options: RemoteOptions<T>): State<T> {
  const { initial, initialAt } = options
  const entry =
    initial != null
      ? { data: initial, at: initialAt ?? Date.now() }
      : (answers.get(key) as Entry<T> | undefined)
  return { key, initial, entry, error: null, isFetching: false }
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        resolve()
      },
      { once: true },
    )
  })

/**
 * Data a component fetches in the browser: the server's copy first when the loader has one, else
 * this tab's last answer; fetched (again) when there is none or it is older than `staleMs`, and
 * on `pollMs` or the visitor's return when asked. The server render and hydration show the
 * server's copy or the pending state. A few lines where pages would otherwise load a query
 * library with their first load (ADR 012); the signed-in areas use TanStack Query (app/lib/query.ts).
 */
export function useRemote<T>(
  key: string,
  load: (signal: AbortSignal) => Promise<T>,
  options: RemoteOptions<T> = {},
): Remote<T> {
  const { initial, staleMs = Infinity, pollMs, refetchOnFocus = false } = options
  const [state, setState] = useState(() => seed(key, options))
  let current = state
  if (state.key !== key || state.initial !== initial) {
    // Another resource, or a new copy from the loader (a revalidation): start from that.
    const next = seed(key, options)
    current = { ...next, entry: next.entry ?? (state.key === key ? state.entry : undefined) }
    setState(current)
  }

  const fetchData = useEffectEvent(load)
  const shouldRetry = useEffectEvent((error: unknown) => options.retry?.(error) ?? false)
  const at = current.entry?.at ?? -Infinity
  const refreshNow = useRef<() => void>(undefined)

  useEffect(() => {
    const controller = new AbortController()
    const { signal } = controller
    const settle = (next: Partial<State<T>>) =>
      setState((s) => (s.key === key ? { ...s, ...next } : s))
    let busy = false
    const refresh = async () => {
      if (busy) return
      busy = true
      settle({ isFetching: true })
      for (let attempt = 0; !signal.aborted; attempt++) {
        try {
          const entry = { data: await fetchData(signal), at: Date.now() }
          answers.set(key, entry)
          settle({ entry, error: null, isFetching: false })
          break
        } catch (error) {
          if (signal.aborted) break
          if (attempt === 0 && shouldRetry(error)) {
            await sleep(RETRY_DELAY_MS, signal)
            continue
          }
          settle({
            error: error instanceof Error ? error : new Error(String(error)),
            isFetching: false,
          })
          break
        }
      }
      busy = false
    }
    refreshNow.current = () => void refresh()
    const isStale = () => Date.now() - at >= staleMs
    // In a task of its own: on a page's first load this effect runs with every other one of the
    // hydration, in one long task that blocks input; the request can start a moment later.
    const first = setTimeout(() => {
      if (isStale()) void refresh()
    })
    // A hidden tab does not poll; it catches up when the visitor comes back to it.
    const timer = pollMs
      ? setInterval(() => {
          if (document.visibilityState === 'visible') void refresh()
        }, pollMs)
      : undefined
    const onReturn = () => {
      if (document.visibilityState === 'visible' && isStale()) void refresh()
    }
    if (refetchOnFocus || pollMs) document.addEventListener('visibilitychange', onReturn)
    window.addEventListener('online', onReturn)
    return () => {
      controller.abort()
      clearTimeout(first)
      clearInterval(timer)
      document.removeEventListener('visibilitychange', onReturn)
      window.removeEventListener('online', onReturn)
    }
  }, [key, at, staleMs, pollMs, refetchOnFocus])

  const { entry, error, isFetching } = current
  return {
    data: entry?.data,
    isPending: !entry && !error,
    isError: !!error,
    error,
    isFetching,
    refetch: () => refreshNow.current?.(),
  }
}

/**
 * Calls an /_api endpoint (named by a function of the path table) with the API client loaded on
 * first use: pages whose data comes with the HTML load the client only once they fetch.
 */
export async function fetchApi<T>(
  route: (paths: typeof ApiPaths) => ApiPaths.ApiRoute<T>,
  options?: Parameters<typeof apiFetch>[1],
  fallbackMessage?: string,
): Promise<T> {
  const [api, paths] = await Promise.all([
    import('./api.ts'),
    import('../../contracts/api-paths.ts'),
  ])
  return api.apiFetch(route(paths), options, fallbackMessage)
}
