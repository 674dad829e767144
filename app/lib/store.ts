import { useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import type { EndpointContract, InputOf, ResponseOf } from '../../contracts/endpoint.ts'
import { ApiRequestError, type CallInput, callApi } from './api.ts'
import {
  type Entry,
  entries,
  entryFor,
  keyOf,
  scheduleEviction,
  type Snapshot,
  update,
  useStoreSnapshot,
  type Watch,
} from './store-core.ts'

export { getData, keyOf, setData, type Watch } from './store-core.ts'

const RETRY_BASE_MS = 1000

/** What a component sees of one endpoint + input. Same field names as TanStack Query's, on purpose. */
export interface ApiData<T> {
  /** The last good answer for this key; with keepPrevious, the previous key's while this one loads. */
  data: T | undefined
  /** No data yet and no error. */
  isPending: boolean
  isError: boolean
  error: ApiRequestError | null
  isFetching: boolean
  /** `data` is the previous key's (keepPrevious). */
  isPlaceholderData: boolean
  /** Fetch now, fresh or not (Try Again). */
  refetch: () => Promise<void>
}

export interface ApiDataOptions<R, T> {
  /** false: no request is made (cached data is still shown). */
  enabled?: boolean
  /** The loader's copy: shown at once (server render and hydration too). */
  initial?: R | null
  /** When that copy was made (default: now). */
  initialAt?: number
  /** An answer older than this is fetched again on mount/focus (default 0). */
  staleMs?: number
  /** Fetched again this often while mounted and the tab is visible. */
  pollMs?: number
  /** Fetched again, if stale, when the visitor comes back to the tab. */
  refetchOnFocus?: boolean
  /** Show the previous input's data while the new one loads (paging, search). */
  keepPrevious?: boolean
  /**
   * Only transient failures (status 0 or >= 500) are tried again, after 1 s, then 2 s, …; 4xx
   * and aborts fail at once (default 2).
   */
  retries?: number
  /**
   * false: only a lost connection (status 0) is tried again, not a 5xx — for endpoints whose
   * server already fell back on its last good copy before answering one (default true).
   */
  retryServerErrors?: boolean
  /** E.g. the radio's superjson decoding. */
  select?: (raw: R) => T
  /** Passed to callApi. */
  fallbackMessage?: string
}

const transient = (error: unknown, serverErrors = true) =>
  error instanceof ApiRequestError && (error.status === 0 || (serverErrors && error.status >= 500))

function wait(ms: number, signal: AbortSignal) {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true })
  })
}

/** The options of the key's users, combined: the most eager wins. */
function combined(e: Entry) {
  let staleMs = Infinity
  let pollMs = Infinity
  let retries = 2
  let retryServerErrors: boolean | undefined
  let fallbackMessage: string | undefined
  let onFocus = false
  let enabled = false
  for (const w of e.watches) {
    if (!w.enabled) continue
    enabled = true
    staleMs = Math.min(staleMs, w.staleMs)
    if (w.pollMs) pollMs = Math.min(pollMs, w.pollMs)
    onFocus ||= w.refetchOnFocus || !!w.pollMs
    retries = w.retries
    retryServerErrors = w.retryServerErrors
    fallbackMessage ??= w.fallbackMessage
  }
  return { enabled, staleMs, pollMs, onFocus, retries, retryServerErrors, fallbackMessage }
}

const isStale = (e: Entry, staleMs: number) => e.invalid || Date.now() - e.snap.at >= staleMs

/** One request per key at a time: a second caller shares the first one's. */
type Attempts = Pick<Watch, 'retries' | 'retryServerErrors' | 'fallbackMessage'>
function load(e: Entry, how: Attempts = combined(e)) {
  e.inFlight ??= (async () => {
    const controller = new AbortController()
    e.controller = controller
    const { signal } = controller
    update(e, { isFetching: true })
    for (let attempt = 0; ; attempt++) {
      try {
        const data = await callApi(e.contract, e.input as CallInput<EndpointContract>, {
          signal,
          fallbackMessage: how.fallbackMessage,
        })
        e.invalid = false
        update(e, { data, at: Date.now(), error: null, isFetching: false })
        return
      } catch (error) {
        if (signal.aborted) break
        if (transient(error, how.retryServerErrors) && attempt < how.retries) {
          await wait(RETRY_BASE_MS * 2 ** attempt, signal)
          if (signal.aborted) break
          continue
        }
        const failure =
          error instanceof ApiRequestError
            ? error
            : new ApiRequestError(0, error instanceof Error ? error.message : String(error))
        update(e, { error: failure, isFetching: false })
        return
      }
    }
    update(e, { isFetching: false })
  })().finally(() => {
    e.inFlight = null
    e.controller = null
  })
  return e.inFlight
}

/** Fetches the key again now, after the request under way if there is one (its answer may be older). */
const reload = (e: Entry) => (e.inFlight ? e.inFlight.then(() => load(e)) : load(e))

function restartPolling(e: Entry) {
  clearInterval(e.poll)
  e.poll = undefined
  const { pollMs } = combined(e)
  if (pollMs === Infinity) return
  // A hidden tab does not poll; it catches up when the visitor comes back to it.
  e.poll = setInterval(() => {
    if (document.visibilityState === 'visible') void load(e)
  }, pollMs)
}

let listening = false
function listenToTheTab() {
  if (listening) return
  listening = true
  const refresh = (focusOnly: boolean) => {
    for (const e of entries.values()) {
      const { enabled, staleMs, onFocus } = combined(e)
      if (enabled && (onFocus || !focusOnly) && isStale(e, staleMs)) void load(e)
    }
  }
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') refresh(true)
  })
  window.addEventListener('online', () => refresh(false))
}

/**
 * One component's use of a key while it is mounted (useApi calls it from an effect): fetches
 * when stale, polls, refetches on the visitor's return as the watch asks. Answers the release.
 */
function watchApi(contract: EndpointContract, input: unknown, watch: Watch): () => void {
  const key = keyOf(contract, input)
  const e = entryFor(contract, input, key)
  clearTimeout(e.evict)
  e.watches.add(watch)
  restartPolling(e)
  listenToTheTab()
  // In a task of its own: on a page's first load this runs with every other effect of the
  // hydration, in one long task that blocks input; the request can start a moment later.
  const first = setTimeout(() => {
    if (watch.enabled && isStale(e, watch.staleMs)) void load(e, watch)
  })
  return () => {
    clearTimeout(first)
    e.watches.delete(watch)
    restartPolling(e)
    if (e.watches.size > 0) return
    e.controller?.abort()
    scheduleEviction(key, e)
  }
}

/** Every key starting with one of the prefixes (a contract = its path) goes stale; mounted ones refetch now. Resolves when they settled. */
export async function invalidate(...prefixes: (EndpointContract | string)[]): Promise<void> {
  const paths = prefixes.map((p) => (typeof p === 'string' ? p : p.path))
  const settling: Promise<void>[] = []
  for (const [key, e] of entries) {
    if (!paths.some((p) => key.startsWith(p))) continue
    e.invalid = true
    if (combined(e).enabled) settling.push(reload(e))
  }
  await Promise.all(settling)
}

/** Reads `entry` with `input` (null = disabled). Components with the same key share one request and one answer. */
export function useApi<E extends EndpointContract, T = ResponseOf<E>>(
  entry: E,
  input: InputOf<E> | null,
  options: ApiDataOptions<ResponseOf<E>, T> = {},
): ApiData<T> {
  const { initial, enabled = true, staleMs = 0, pollMs, refetchOnFocus = false } = options
  const { retries = 2, retryServerErrors, fallbackMessage, keepPrevious = false, select } = options
  const {
    entry: e,
    key,
    snap,
    serverSnap,
  } = useStoreSnapshot(entry, input, initial, options.initialAt)
  const watch: Watch = {
    enabled,
    staleMs,
    pollMs,
    refetchOnFocus,
    retries,
    retryServerErrors,
    fallbackMessage,
  }
  const watchKey = Object.values(watch).map(String).join()
  useEffect(() => {
    if (!e) return
    if (serverSnap.at > e.snap.at) update(e, { data: serverSnap.data, at: serverSnap.at })
    return watchApi(e.contract, e.input, watch)
    // `watch` is a new object each render; its fields are what matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [e, serverSnap, watchKey])

  const raw = snap.data as ResponseOf<E> | undefined
  const selected = useMemo(() => {
    if (raw === undefined || !select) return { data: raw as T | undefined, error: null }
    try {
      return { data: select(raw), error: null }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      return { data: undefined, error: new ApiRequestError(0, fallbackMessage ?? message) }
    }
    // `select` is written inline by callers; the answer it reads is what changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [raw])

  const [previous, setPrevious] = useState<{ key: string | null; data: T | undefined }>({
    key,
    data: undefined,
  })
  if (selected.data !== undefined && (previous.key !== key || previous.data !== selected.data)) {
    setPrevious({ key, data: selected.data })
  }
  const error = snap.error ?? selected.error
  const placeholder =
    keepPrevious && selected.data === undefined && !error && previous.data !== undefined
  const data = placeholder ? previous.data : selected.data
  return {
    data,
    isPending: data === undefined && !error,
    isError: !!error,
    error,
    isFetching: snap.isFetching,
    isPlaceholderData: placeholder,
    refetch: () =>
      e ? load(e, { retries, retryServerErrors, fallbackMessage }) : Promise.resolve(),
  }
}

/**
 * Several inputs of one endpoint at once, by the same rules as useApi for each (a gallery's
 * pages, whose number grows with Load More): one answer per input, in their order.
 */
export function useApiPages<E extends EndpointContract>(
  entry: E,
  inputs: InputOf<E>[],
  options: Pick<
    ApiDataOptions<ResponseOf<E>, ResponseOf<E>>,
    'staleMs' | 'retries' | 'fallbackMessage'
  > = {},
): ApiData<ResponseOf<E>>[] {
  const { staleMs = 0, retries = 2, fallbackMessage } = options
  const keys = inputs.map((input) => keyOf(entry, input)).join('\n')
  const es = useMemo(
    () => (typeof window === 'undefined' ? [] : inputs.map((input) => entryFor(entry, input))),
    // The keys say which inputs these are.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [entry, keys],
  )
  const store = useMemo(() => pagesOf(es), [es])
  const snaps = useSyncExternalStore(store.subscribe, store.get, () => EMPTY)
  useEffect(() => {
    const releases = es.map((e) =>
      watchApi(e.contract, e.input, {
        enabled: true,
        staleMs,
        refetchOnFocus: false,
        retries,
        fallbackMessage,
      }),
    )
    return () => releases.forEach((release) => release())
  }, [es, staleMs, retries, fallbackMessage])
  return snaps.map((snap, i) => ({
    data: snap.data as ResponseOf<E> | undefined,
    isPending: snap.data === undefined && !snap.error,
    isError: !!snap.error,
    error: snap.error,
    isFetching: snap.isFetching,
    isPlaceholderData: false,
    refetch: () => load(es[i]!, { retries, fallbackMessage }),
  }))
}
const EMPTY: Snapshot[] = []

/** The snapshots of several entries as one external store for useSyncExternalStore. */
function pagesOf(es: Entry[]) {
  let last: Snapshot[] = []
  return {
    subscribe: (listener: () => void) => {
      for (const e of es) e.listeners.add(listener)
      return () => es.forEach((e) => e.listeners.delete(listener))
    },
    // The same array while no page changed, as useSyncExternalStore requires.
    get: () => {
      const next = es.map((e) => e.snap)
      if (next.length !== last.length || next.some((s, i) => s !== last[i])) last = next
      return last
    },
  }
}
