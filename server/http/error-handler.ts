import type { ErrorHandler } from 'hono'
import type { AppEnv } from './env.ts'
import { DomainError } from '../shared/errors.ts'
import { ApiError, HTTP_MESSAGES, toApiError } from './errors.ts'
import type { Logger } from '../shared/logger.ts'

/** ApiErrors become their JSON envelope; anything else is logged and answered without internals. */
export function errorHandler(logger: Logger): ErrorHandler<AppEnv> {
  return (thrown, c) => {
    const err = thrown instanceof DomainError ? toApiError(thrown) : thrown
    if (err instanceof ApiError) {
      for (const [k, v] of Object.entries(err.headers)) c.header(k, v)
      return c.json(err.toBody(), err.status)
    }
    if (isAbortedRequest(thrown, c.req.raw.signal)) {
      // The client went away mid-body: nothing is wrong with the server, one line is enough.
      logger.info('request aborted', { method: c.req.method, path: c.req.path })
      return c.json({ error: 'The request was interrupted.' }, 400)
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

function isAbortedRequest(error: unknown, signal: AbortSignal): boolean {
  if (signal.aborted) return true
  const e = error as { name?: string; code?: string; message?: string } | null
  return (
    e?.name === 'AbortError' ||
    e?.code === 'ECONNRESET' ||
    e?.code === 'ERR_STREAM_PREMATURE_CLOSE' ||
    e?.message === 'aborted'
  )
}
