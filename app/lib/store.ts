import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import type { EndpointContract, InputOf, ResponseOf } from '../../contracts/endpoint.ts'
import { ApiRequestError, type CallInput, callApi } from './api.ts'

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

/** What one mounted component asks of a key. */
export interface Watch {
  enabled: boolean
  staleMs: number
  pollMs?: number
  refetchOnFocus: boolean
  retries: number
  retryServerErrors?: boolean
  fallbackMessage?: string
}

interface Snapshot {
  data: unknown
  /** When `data` was answered; -Infinity without data. */
  at: number
  error: ApiRequestError | null
  isFetching: boolean
}

interface Entry {
  contract: EndpointContract
  input: unknown
  snap: Snapshot
  /** Set by invalidate: stale whatever its age. */
  invalid: boolean
  inFlight: Promise<void> | null
  controller: AbortController | null
  listeners: Set<() => void>
  watches: Set<Watch>
  poll: ReturnType<typeof setInterval> | undefined
  evict: ReturnType<typeof setTimeout> | undefined
}

const EVICT_AFTER_MS = 5 * 60_000
const RETRY_BASE_MS = 1000
const PENDING: Snapshot = { data: undefined, at: -Infinity, error: null, isFetching: false }

const entries = new Map<string, Entry>()

/** The key: entry.path + '?' + the input's fields sorted (undefined/'' dropped). */
export function keyOf(entry: EndpointContract, input: unknown): string {
  const fields =
    input && typeof input === 'object' && !(input instanceof FormData)
      ? Object.entries(input)
          .filter(([, v]) => v !== undefined && v !== '')
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([k, v]) => `${k}=${typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
      : []
  return `${entry.path}?${fields.join('&')}`
}

function entryFor(contract: EndpointContract, input: unknown, key = keyOf(contract, input)) {
  let e = entries.get(key)
  if (!e) {
    e = {
      contract,
      input,
      snap: PENDING,
      invalid: false,
      inFlight: null,
      controller: null,
      listeners: new Set(),
      watches: new Set(),
      poll: undefined,
      evict: undefined,
    }
    entries.set(key, e)
    // Created by a render that may never mount: dropped unless a component comes to use it.
    scheduleEviction(key, e)
  }
  return e
}

function scheduleEviction(key: string, e: Entry) {
  clearTimeout(e.evict)
  e.evict = setTimeout(() => {
    if (e.watches.size === 0 && entries.get(key) === e) entries.delete(key)
  }, EVICT_AFTER_MS)
}

function update(e: Entry, next: Partial<Snapshot>) {
  e.snap = { ...e.snap, ...next }
  for (const listener of e.listeners) listener()
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
export function watchApi(contract: EndpointContract, input: unknown, watch: Watch): () => void {
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

/** Put or change an answer without a request (after a login, a profile update). Subscribers re-render. */
export function setData<E extends EndpointContract>(
  entry: E,
  input: InputOf<E>,
  data: ResponseOf<E> | ((old: ResponseOf<E> | undefined) => ResponseOf<E> | undefined),
): void {
  const e = entryFor(entry, input)
  const next =
    typeof data === 'function'
      ? (data as (old: ResponseOf<E> | undefined) => ResponseOf<E> | undefined)(
          e.snap.data as ResponseOf<E> | undefined,
        )
      : data
  e.invalid = false
  update(e, { data: next, at: next === undefined ? -Infinity : Date.now(), error: null })
}

export function getData<E extends EndpointContract>(
  entry: E,
  input: InputOf<E>,
): ResponseOf<E> | undefined {
  return entries.get(keyOf(entry, input))?.snap.data as ResponseOf<E> | undefined
}

const seenAt = new WeakMap<object, number>()
/** When the loader's copy reached this tab: its age when the loader does not say. */
function firstSeen(copy: unknown, mountedAt: number) {
  if (typeof copy !== 'object' || copy === null) return mountedAt
  const at = seenAt.get(copy) ?? Date.now()
  seenAt.set(copy, at)
  return at
}

const noSubscription = () => () => {}
const pendingSnapshot = () => PENDING

/** Reads `entry` with `input` (null = disabled). Components with the same key share one request and one answer. */
export function useApi<E extends EndpointContract, T = ResponseOf<E>>(
  entry: E,
  input: InputOf<E> | null,
  options: ApiDataOptions<ResponseOf<E>, T> = {},
): ApiData<T> {
  const { initial, enabled = true, staleMs = 0, pollMs, refetchOnFocus = false } = options
  const { retries = 2, retryServerErrors, fallbackMessage, keepPrevious = false, select } = options
  const [mountedAt] = useState(Date.now)
  const key = input === null ? null : keyOf(entry, input)
  // The server keeps no entries: they would outlive the request and be shared between visitors.
  const e = key !== null && typeof window !== 'undefined' ? entryFor(entry, input, key) : null
  const initialAt =
    initial == null ? -Infinity : (options.initialAt ?? firstSeen(initial, mountedAt))
  if (e && initial != null && e.snap.at === -Infinity && e.listeners.size === 0) {
    // The first user of a key seeds it with the loader's copy before anyone subscribes.
    e.snap = { ...e.snap, data: initial, at: initialAt }
  }
  const serverSnap = useMemo<Snapshot>(
    () => (initial == null ? PENDING : { ...PENDING, data: initial, at: initialAt }),
    [initial, initialAt],
  )
  const subscribe = useCallback(
    (listener: () => void) => {
      if (!e) return () => {}
      e.listeners.add(listener)
      return () => e.listeners.delete(listener)
    },
    [e],
  )
  const stored = useSyncExternalStore(
    e ? subscribe : noSubscription,
    e ? () => e.snap : pendingSnapshot,
    () => serverSnap,
  )
  // A newer copy from the loader (a revalidation) wins over an older answer kept here.
  const snap =
    serverSnap.at > stored.at ? { ...stored, data: serverSnap.data, at: serverSnap.at } : stored

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
