import type { Logger } from '../shared/logger.ts'
import type { Clock } from '../shared/clock.ts'
import { UpstreamError } from './upstream-fetch.ts'

/** After a failed refresh the source is left alone this long (longer when it sent Retry-After). */
export const DEFAULT_FAILURE_BACKOFF_MS = 60_000
const MAX_BACKOFF_MS = 60 * 60 * 1000

export interface CachedValue<T> {
  value: T
  fetchedAt: Date
  /** Served past its freshness because the latest refresh failed. */
  stale: boolean
}

export interface CachedUpstream<T> {
  /**
   * The cached value while it is fresh; otherwise one refresh shared by every caller. When the
   * refresh fails the last good value is returned, marked stale; with none, the failure is thrown.
   */
  get(): Promise<CachedValue<T>>
  /** Drops the value (`clear`) or only makes it due for a refresh (`expire`), and forgets failures. */
  reset(mode: 'clear' | 'expire'): void
}

export interface CachedUpstreamOptions<T> {
  name: string
  ttlMs: number
  /** Fetches and validates. Throwing (network, status, content type, schema) keeps the old value. */
  load: (signal: AbortSignal) => Promise<T>
  timeoutMs: number
  clock: Clock
  logger: Logger
  failureBackoffMs?: number
}

/** Thrown by get() when a source has failed and there is no earlier copy to fall back on. */
export class NoDataError extends Error {
  /** Seconds until the next attempt. */
  readonly retryAfterSeconds: number
  constructor(name: string, retryAfterSeconds: number, cause: unknown) {
    super(`${name}: no data (${cause instanceof Error ? cause.message : String(cause)})`, { cause })
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/**
 * An in-memory copy of one upstream resource with a freshness period (ttl), a single refresh in
 * flight however many callers ask at once, and the last good value served with its real age when
 * the source fails. Only values that passed `load`'s validation are ever stored, so a bad parse
 * never replaces a good copy.
 */
export function createCachedUpstream<T>(options: CachedUpstreamOptions<T>): CachedUpstream<T> {
  const { name, ttlMs, load, timeoutMs, clock, logger } = options
  const backoffMs = options.failureBackoffMs ?? DEFAULT_FAILURE_BACKOFF_MS
  let entry: { value: T; fetchedAt: Date; expiresAt: number } | null = null
  let inFlight: Promise<void> | null = null
  let lastFailure: { error: unknown; retryAt: number } | null = null

  function refresh(): Promise<void> {
    inFlight ??= (async () => {
      try {
        const value = await load(AbortSignal.timeout(timeoutMs))
        const now = clock.now()
        entry = { value, fetchedAt: now, expiresAt: now.getTime() + ttlMs }
        lastFailure = null
      } catch (error) {
        const wait = Math.min(
          MAX_BACKOFF_MS,
          Math.max(
            backoffMs,
            error instanceof UpstreamError && error.retryAfterMs ? error.retryAfterMs : 0,
          ),
        )
        lastFailure = { error, retryAt: clock.now().getTime() + wait }
        logger.error('upstream refresh failed', {
          upstream: name,
          error: error instanceof Error ? error.message : String(error),
          hasStaleCopy: entry !== null,
        })
      } finally {
        inFlight = null
      }
    })()
    return inFlight
  }

  function stale(): CachedValue<T> {
    if (entry) return { value: entry.value, fetchedAt: entry.fetchedAt, stale: true }
    const retryAt = lastFailure?.retryAt ?? clock.now().getTime()
    throw new NoDataError(
      name,
      Math.max(1, Math.ceil((retryAt - clock.now().getTime()) / 1000)),
      lastFailure?.error,
    )
  }

  return {
    async get() {
      const fresh = () =>
        entry && clock.now().getTime() < entry.expiresAt
          ? { value: entry.value, fetchedAt: entry.fetchedAt, stale: false }
          : null
      const current = fresh()
      if (current) return current

      if (lastFailure) {
        const due = clock.now().getTime() >= lastFailure.retryAt
        // The source is known to be failing: with a copy in hand nobody waits for it. Once the
        // back-off is over, one attempt goes out in the background.
        if (entry) {
          if (due) void refresh()
          return stale()
        }
        if (due || inFlight) await refresh()
        return fresh() ?? stale()
      }

      await refresh()
      return fresh() ?? stale()
    },

    reset(mode) {
      lastFailure = null
      if (mode === 'clear') entry = null
      else if (entry) entry = { ...entry, expiresAt: clock.now().getTime() }
    },
  }
}
