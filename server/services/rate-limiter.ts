import { deleteRateLimit, hitRateLimit } from '../db/rate-limits.ts'
import type { Database } from '../db/dialect.ts'
import { RateLimited } from '../shared/errors.ts'
import type { Clock } from '../shared/clock.ts'

export interface RateRule {
  /** Names the counter; the key it counts for is appended. */
  name: string
  limit: number
  windowMs: number
  message: (retryAfterSeconds: number) => string
}

export function waitPhrase(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  return `${minutes} minute${minutes === 1 ? '' : 's'}`
}

export function createRateLimiter(db: Database, clock: Clock) {
  return {
    /** Counts a hit and throws 429 with Retry-After once the rule's limit is passed. */
    async hit(rule: RateRule, key: string): Promise<void> {
      const now = clock.now()
      const { count, resetAt } = await hitRateLimit(
        db,
        `${rule.name}:${key}`,
        now.toISOString(),
        new Date(now.getTime() + rule.windowMs).toISOString(),
      )
      if (count > rule.limit) {
        const retryAfter = Math.max(1, Math.ceil((Date.parse(resetAt) - now.getTime()) / 1000))
        throw new RateLimited(rule.message(retryAfter), retryAfter)
      }
    },
    async reset(rule: RateRule, key: string): Promise<void> {
      await deleteRateLimit(db, `${rule.name}:${key}`)
    },
  }
}

export type RateLimiter = ReturnType<typeof createRateLimiter>
