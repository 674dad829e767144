import type { Context } from 'hono'

/** A request whose declared length is already over the limit: refuse it without reading. */
export const TOO_LARGE = 'too-large'

export interface LimitedBody {
  /** True once the handler read past the limit (its read failed). */
  readonly exceeded: boolean
  /** True once the body took longer than its deadline to arrive (its read failed). */
  readonly timedOut: boolean
}

class BodyTooLargeError extends Error {
  constructor(maxSize: number) {
    super(`The request body is larger than ${maxSize} bytes.`)
  }
}

class BodyTimeoutError extends Error {
  constructor(ms: number) {
    super(`The request body did not arrive within ${ms} ms.`)
  }
}

/**
 * Limits the request body to `maxSize` bytes without reading any of it. A declared
 * Content-Length over the limit is answered at once (`TOO_LARGE`). A body without one (chunked) is
 * replaced by a stream that pulls from the connection only as the handler reads, counting, and
 * fails the read that passes the limit. So a request refused before its body is read (no access,
 * a full queue) costs no memory for that body, and one being read holds what the handler holds.
 *
 * Hono's `bodyLimit` reads a chunked body whole, up to its limit, before the handler runs: 6 MB
 * per request under /_api, before the caller's access was checked (ADR 007).
 *
 * With `deadlineMs`, the whole body must have arrived that long after the handler first reads
 * it: a client that sends a byte now and then fails its read (`timedOut`) instead of holding its
 * share of the body budget for as long as the connection lasts (ADR 016).
 */
export function limitRequestBody(
  c: Context,
  maxSize: number,
  deadlineMs?: number,
): LimitedBody | typeof TOO_LARGE | null {
  const raw = c.req.raw
  if (!raw.body) return null
  const declared = raw.headers.get('content-length')
  // With both, Transfer-Encoding frames the body (Node's parser refuses the ambiguous ones).
  const framed = declared !== null && !raw.headers.has('transfer-encoding')
  if (framed && Number(declared) > maxSize) return TOO_LARGE
  const state = { exceeded: false, timedOut: false }
  // Node stops a declared length at its end: only the deadline is left to watch.
  if (framed && deadlineMs === undefined) return state
  const source = raw.body.getReader()
  let size = 0
  let deadline: ReturnType<typeof setTimeout> | undefined
  const counted = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (deadlineMs !== undefined && deadline === undefined) {
          deadline = setTimeout(() => {
            state.timedOut = true
            controller.error(new BodyTimeoutError(deadlineMs))
          }, deadlineMs)
          deadline.unref()
        }
        const { done, value } = await source.read()
        if (state.timedOut) return
        if (done) {
          clearTimeout(deadline)
          return controller.close()
        }
        size += value.byteLength
        if (size > maxSize) {
          clearTimeout(deadline)
          state.exceeded = true
          controller.error(new BodyTooLargeError(maxSize))
          return
        }
        controller.enqueue(value)
      },
      // The rest of the body is left unread, not cancelled: cancelling the connection's stream
      // would end the connection before the answer is sent (the server reads off what is left
      // once it has answered), and a body made by undici (FormData, in tests) would be enqueued
      // into after it was cancelled.
    },
    // Nothing is read ahead: each read of the handler's is one read from the connection.
    { highWaterMark: 0 },
  )
  c.req.raw = new Request(raw, { body: counted, duplex: 'half' } as RequestInit)
  return state
}
