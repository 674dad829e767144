import type { Clock } from '../shared/clock.ts'
import type { Logger } from '../shared/logger.ts'
import { parseRetryAfter, type UpstreamAnswer, UpstreamError } from './upstream-fetch.ts'

/**
 * What visitors may cost each upstream, whatever they ask: one budget per upstream for the whole
 * process, through which every client in server/integrations sends its requests
 * (`upstreamRequest` takes it). Three rules:
 *
 * - at most UPSTREAM_CALLS_PER_MINUTE calls a minute; past it, no call until the minute is over;
 * - when the upstream answers 429 (or 503) with Retry-After, in seconds or as an HTTP date, nobody
 *   calls it again until then (a 429 without one: DEFAULT_429_BACKOFF_MS);
 * - identical GETs in flight at once are one call, its answer shared (single flight).
 *
 * A refused call throws UpstreamHeld (an UpstreamError with retryAfterMs): the caller serves its
 * cached copy or answers 503 with Retry-After. The counts are per process: with several nodes each
 * has its own budget, and each honours the Retry-After it was given.
 */
export const UPSTREAM_CALLS_PER_MINUTE = {
  /** The gallery channel read with the bot token: at most a chain of 10 pages a minute. */
  'discord-bot': 30,
  /** The server widget, kept for five minutes. */
  'discord-widget': 10,
  /** Sign-in, linking and membership checks: three calls a sign-in, already limited per address. */
  'discord-oauth': 300,
  /** A sync of a large channel pages through up to 400 calls; visitors only reach the statistics. */
  youtube: 600,
  /** Now playing is kept for 10 s, the station for 5 minutes. */
  azuracast: 60,
  swpc: 30,
  /** api.nasa.gov's DEMO_KEY allows 30 calls an hour. */
  nasa: 10,
  /** Per feed host. */
  'news-feed': 20,
  /** The creator's alerts channel: one message per storm, at most one in six hours. */
  'discord-webhook': 5,
} as const satisfies Record<string, number>

export type UpstreamName = keyof typeof UPSTREAM_CALLS_PER_MINUTE

const MINUTE_MS = 60_000
/** A 429 without Retry-After still means "too many": wait this long. */
export const DEFAULT_429_BACKOFF_MS = 10_000
/** However long an upstream asks for, it is tried again after an hour at the latest. */
export const MAX_BACKOFF_MS = 60 * 60 * 1000

/** A call the budget did not make. */
export class UpstreamHeld extends UpstreamError {
  /** `backoff`: the upstream asked us to wait; `budget`: this minute's calls are spent. */
  readonly reason: 'backoff' | 'budget'
  constructor(upstream: string, reason: 'backoff' | 'budget', status: number, waitMs: number) {
    super(
      reason === 'backoff'
        ? `${upstream}: held back, the upstream asked to wait (answered ${status})`
        : `${upstream}: held back, this minute's calls are spent`,
      status,
      waitMs,
    )
    this.reason = reason
  }
}

export interface UpstreamBudget {
  readonly name: string
  /**
   * Makes `call` if the budget allows, or throws UpstreamHeld. Calls with the same non-null `key`
   * while one is in flight share its answer and cost nothing.
   */
  run(key: string | null, call: () => Promise<UpstreamAnswer>): Promise<UpstreamAnswer>
}

export interface BudgetPolicy {
  callsPerMinute: number
  /**
   * Whether a 429 holds everyone back. Discord scopes some limits to one user's token: those
   * concern that user alone.
   */
  sharedLimit?: (answer: UpstreamAnswer) => boolean
}

function createBudget(
  name: string,
  policy: BudgetPolicy,
  deps: { clock: Clock; logger: Logger },
): UpstreamBudget & { reset(): void } {
  const { clock, logger } = deps
  let windowStart = Number.NEGATIVE_INFINITY
  let calls = 0
  let held: { until: number; status: number } | null = null
  const inFlight = new Map<string, Promise<UpstreamAnswer>>()

  function admit(): void {
    const now = clock.now().getTime()
    if (held && now < held.until)
      throw new UpstreamHeld(name, 'backoff', held.status, held.until - now)
    held = null
    if (now >= windowStart + MINUTE_MS) {
      windowStart = now
      calls = 0
    }
    if (calls >= policy.callsPerMinute)
      throw new UpstreamHeld(name, 'budget', 0, windowStart + MINUTE_MS - now)
    calls += 1
  }

  /** Notes a request to wait; the answer's Retry-After is read with our clock (an HTTP date is a moment). */
  function observe(answer: UpstreamAnswer): UpstreamAnswer {
    const now = clock.now().getTime()
    const asked = parseRetryAfter(answer.headers.get('retry-after'), now)
    const read = asked === answer.retryAfterMs ? answer : { ...answer, retryAfterMs: asked }
    if (answer.status !== 429 && answer.status !== 503) return read
    if (answer.status === 429 && policy.sharedLimit && !policy.sharedLimit(answer)) return read
    const wait = asked ?? (answer.status === 429 ? DEFAULT_429_BACKOFF_MS : null)
    if (wait === null || wait <= 0) return read
    const until = now + Math.min(wait, MAX_BACKOFF_MS)
    if (!held || held.until < until) {
      held = { until, status: answer.status }
      logger.error('upstream asked to wait', {
        upstream: name,
        status: answer.status,
        seconds: Math.ceil((until - now) / 1000),
      })
    }
    return read
  }

  return {
    name,
    run(key, call) {
      const shared = key === null ? undefined : inFlight.get(key)
      if (shared) return shared
      try {
        admit()
      } catch (error) {
        return Promise.reject(error as Error)
      }
      const pending = (async () => {
        try {
          return observe(await call())
        } finally {
          if (key !== null) inFlight.delete(key)
        }
      })()
      if (key !== null) inFlight.set(key, pending)
      return pending
    },
    reset() {
      windowStart = Number.NEGATIVE_INFINITY
      calls = 0
      held = null
    },
  }
}

/** Discord's 429s scoped to one user's token (X-RateLimit-Scope: user) concern that user alone. */
function discordSharedLimit(answer: UpstreamAnswer): boolean {
  return answer.headers.get('x-ratelimit-scope') !== 'user'
}

/** The process's budgets, one per upstream (and per host for news feeds), made on first use. */
export function createUpstreamBudgets(deps: {
  clock: Clock
  logger: Logger
  /** Tests lower a budget to reach it quickly. */
  callsPerMinute?: Partial<Record<UpstreamName, number>>
}) {
  const budgets = new Map<string, ReturnType<typeof createBudget>>()
  return {
    of(name: UpstreamName, host?: string): UpstreamBudget {
      const id = host ? `${name} ${host}` : name
      let budget = budgets.get(id)
      if (!budget) {
        budget = createBudget(
          id,
          {
            callsPerMinute: deps.callsPerMinute?.[name] ?? UPSTREAM_CALLS_PER_MINUTE[name],
            sharedLimit: name === 'discord-oauth' ? discordSharedLimit : undefined,
          },
          deps,
        )
        budgets.set(id, budget)
      }
      return budget
    },
    /** Forgets the calls counted and any back-off of the named upstreams (every host's). */
    reset(...names: UpstreamName[]): void {
      for (const [id, budget] of budgets)
        if (names.some((n) => id === n || id.startsWith(`${n} `))) budget.reset()
    },
  }
}

export type UpstreamBudgets = ReturnType<typeof createUpstreamBudgets>
