import { isIPv6 } from 'node:net'
import { RateLimited } from '../shared/errors.ts'
import type { Clock } from '../shared/clock.ts'
import { waitPhrase } from './rate-limiter.ts'

/**
 * A per-address limit for the public endpoints that can make the server call an upstream, kept
 * in memory rather than in the rate_limits table (services/rate-limiter.ts): these endpoints are
 * answered from memory and polled by every visitor (the radio every 15 s), so a database write
 * per request would turn the very flood this limit is for into a flood of writes; and what it
 * protects, the upstream budgets (integrations/upstream-budget.ts), is itself per process.
 *
 * Each (endpoint, address) has a one-minute window. The map is bounded: past `maxEntries` the
 * address seen least recently is forgotten, so a flood of addresses costs a fixed amount of memory.
 */
export const ADDRESS_WINDOW_MS = 60_000
/** About 2 MB at most. */
export const ADDRESS_MAX_ENTRIES = 10_000

export const upstreamRateMessage = (seconds: number) =>
  `Too many requests from this network. Please try again in ${waitPhrase(seconds)}.`

/**
 * Who is counted: an IPv4 address (also written as ::ffff:a.b.c.d), or an IPv6 address's /64,
 * since one host is usually given a whole /64 and could otherwise count as billions of clients.
 */
export function addressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip)
  if (mapped) return mapped[1]!
  if (!isIPv6(ip)) return ip
  const [head = '', tail = ''] = ip.toLowerCase().split('::')
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`
}

export function createAddressRateLimit(options: {
  clock: Clock
  /** Requests a minute per endpoint and address. */
  limit: number
  maxEntries?: number
}) {
  const { clock, limit } = options
  const maxEntries = options.maxEntries ?? ADDRESS_MAX_ENTRIES
  // A Map keeps insertion order: re-inserting on every hit makes its first key the least recent.
  const windows = new Map<string, { start: number; count: number }>()

  return {
    /** Counts one request to `endpoint` from `ip`; past the limit, 429 with Retry-After. */
    hit(endpoint: string, ip: string): void {
      const now = clock.now().getTime()
      const key = `${endpoint} ${addressKey(ip)}`
      let window = windows.get(key)
      windows.delete(key)
      if (!window || now >= window.start + ADDRESS_WINDOW_MS) window = { start: now, count: 0 }
      window.count += 1
      windows.set(key, window)
      if (windows.size > maxEntries) windows.delete(windows.keys().next().value!)
      if (window.count > limit) {
        const seconds = Math.max(1, Math.ceil((window.start + ADDRESS_WINDOW_MS - now) / 1000))
        throw new RateLimited(upstreamRateMessage(seconds), seconds)
      }
    },
    /** Windows held now (never more than maxEntries). */
    get size(): number {
      return windows.size
    },
    reset(): void {
      windows.clear()
    },
  }
}

export type AddressRateLimit = ReturnType<typeof createAddressRateLimit>
