import { useCallback, useEffect, useMemo, useState, useSyncExternalStore } from 'react'
import type { EndpointContract, InputOf, ResponseOf } from '../../contracts/endpoint.ts'
import type { ApiRequestError } from './api.ts'

/**
 * The data store's answers and their keys, without the requests (app/lib/store.ts makes those):
 * what the root of every page needs to read the session, which it never fetches. It imports no
 * API client, so a page that fetches nothing carries only this.
 */

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

export interface Snapshot {
  data: unknown
  /** When `data` was answered; -Infinity without data. */
  at: number
  error: ApiRequestError | null
  isFetching: boolean
}

export interface Entry {
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
export const PENDING: Snapshot = { data: undefined, at: -Infinity, error: null, isFetching: false }

export const entries = new Map<string, Entry>()

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

export function entryFor(contract: EndpointContract, input: unknown, key = keyOf(contract, input)) {
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

export function scheduleEviction(key: string, e: Entry) {
  clearTimeout(e.evict)
  e.evict = setTimeout(() => {
    if (e.watches.size === 0 && entries.get(key) === e) entries.delete(key)
  }, EVICT_AFTER_MS)
}

export function update(e: Entry, next: Partial<Snapshot>) {
  e.snap = { ...e.snap, ...next }
  for (const listener of e.listeners) listener()
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

/**
 * A component's view of a key: the loader's copy (`initial`) seeds it and is what the server
 * render and hydration show; after that, whatever the store holds, unless the loader brings a
 * newer copy (a revalidation). `entry` is null on the server or for no input.
 */
export function useStoreSnapshot<R>(
  contract: EndpointContract,
  input: unknown,
  initial: R | null | undefined,
  initialAtOption?: number,
) {
  const [mountedAt] = useState(Date.now)
  const key = input === null ? null : keyOf(contract, input)
  // The server keeps no entries: they would outlive the request and be shared between visitors.
  const e = key !== null && typeof window !== 'undefined' ? entryFor(contract, input, key) : null
  const initialAt = initial == null ? -Infinity : (initialAtOption ?? firstSeen(initial, mountedAt))
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

  return { entry: e, key, snap, serverSnap }
}

const HOLD: Watch = { enabled: false, staleMs: Infinity, refetchOnFocus: false, retries: 0 }

/**
 * The stored answer for a key that is never fetched, only written with `setData` (the session):
 * seeded from the loader's copy, kept while the component is mounted.
 */
export function useStoredData<E extends EndpointContract>(
  contract: E,
  input: InputOf<E>,
  initial: ResponseOf<E> | null,
): ResponseOf<E> | undefined {
  const { entry: e, key, snap, serverSnap } = useStoreSnapshot(contract, input, initial)
  useEffect(() => {
    if (!e || key === null) return
    if (serverSnap.at > e.snap.at) update(e, { data: serverSnap.data, at: serverSnap.at })
    clearTimeout(e.evict)
    e.watches.add(HOLD)
    return () => {
      e.watches.delete(HOLD)
      if (e.watches.size === 0) scheduleEviction(key, e)
    }
  }, [e, key, serverSnap])
  return snap.data as ResponseOf<E> | undefined
}
