import type { ErrorHandler } from 'hono'
import type { AppEnv } from './env.ts'
import { DomainError } from '../shared/errors.ts'
import { ApiError, HTTP_MESSAGES, toApiError } from './errors.ts'
import type { Logger } from './logger.ts'

/** ApiErrors become their JSON envelope; anything else is logged and answered without internals. */
export function errorHandler(logger: Logger): ErrorHandler<AppEnv> {
  return (thrown, c) => {
    const err = thrown instanceof DomainError ? toApiError(thrown) : thrown
    if (err instanceof ApiError) {
      for (const [k, v] of Object.entries(err.headers)) c.header(k, v)
      return c.json(err.toBody(), err.status)
    }
    logger.error('unhandled error', {
      method: c.req.method,
      path: c.req.path,
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
    })
    if (c.req.path.startsWith('/_api/')) return c.json({ error: HTTP_MESSAGES.internal }, 500)
    return c.html(
      '<!doctype html><meta charset="utf-8"><title>Server error</title><h1>Something went wrong</h1>' +
        '<p>Please try again in a moment. <a href="/">Go home</a></p>',
      500,
    )
  }
}
