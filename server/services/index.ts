import type { Config } from '../config.ts'
import type { Database } from '../db/dialect.ts'
import type { Logger } from '../http/logger.ts'
import { createAuthService } from './auth.ts'
import { type Clock, systemClock } from './clock.ts'
import { createRateLimiter } from './rate-limiter.ts'

/** Everything the HTTP layer and the page loaders may call. Built once at start-up. */
export function createServices(deps: {
  config: Config
  db: Database
  logger: Logger
  clock?: Clock
}) {
  const { config, db, logger } = deps
  const clock = deps.clock ?? systemClock
  const rateLimiter = createRateLimiter(db, clock)
  return {
    config,
    db,
    logger,
    clock,
    rateLimiter,
    auth: createAuthService({ db, clock, secret: config.sessionSecret, rateLimiter }),
  }
}

export type Services = ReturnType<typeof createServices>
