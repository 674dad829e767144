import type { Context, Hono } from 'hono'
import { type z } from 'zod'
import {
  type Endpoint,
  type HandlerContext,
  isWithHeaders,
  type StreamedUpload,
} from '../api/define.ts'
import type { Services } from '../services/index.ts'
import { findControlCharacter, TEXT_MESSAGES } from '../../contracts/text.ts'
import { isAdmin } from '../../contracts/common-constants.ts'
import { Unavailable } from '../shared/errors.ts'
import { type BodyGate, BUSY_MESSAGE } from './body-gate.ts'
import type { MemoryGuard } from './memory-guard.ts'
import { limitRequestBody, TOO_LARGE } from './body-limit.ts'
import type { AppEnv } from './env.ts'
import {
  clearOauthStateCookie,
  clearSessionCookie,
  oauthStateCookieMatches,
  writeOauthStateCookie,
  writeSessionCookie,
} from './cookies.ts'
import { ApiError, HTTP_MESSAGES } from './errors.ts'
import { publicOrigin } from './origin.ts'
import { applyInputMessages } from '../../contracts/input-messages.ts'
import { readStreamedForm, StreamedFormError } from './multipart-stream.ts'
import { readBodyText, requireWellFormed } from './request-text.ts'

/**
 * The most a body may weigh when its endpoint does not say (`maxBodyBytes`), by who may call it.
 * Public and member calls carry a lookup, a sign-in or a short form; only admins send long
 * texts, and their endpoints say how long; only uploads are large.
 */
export const BODY_LIMITS = {
  public: 8 * 1024,
  member: 8 * 1024,
  admin: 64 * 1024,
  upload: 6 * 1024 * 1024,
} as const

export function bodyLimitOf(ep: Endpoint): number {
  if (ep.maxBodyBytes !== undefined) return ep.maxBodyBytes
  if (ep.source === 'multipart') return BODY_LIMITS.upload
  return BODY_LIMITS[ep.access]
}

export const BODY_TIMEOUT_MESSAGE = 'The request body took too long to arrive.'

export interface ApiLimits {
  /** JSON bodies being read share this budget, per client too. */
  gate: BodyGate
  /** Uploads (multipart) have one of their own: a few at once, one per client. */
  uploadGate: BodyGate
  /** Heavy endpoints are refused while it says so. */
  memory: MemoryGuard
  bodyReadTimeoutMs: number
}

/** Mounts every endpoint of the table the same way: authorize → parse → call → respond. */
export function mountApi(
  app: Hono<AppEnv>,
  routes: Endpoint[],
  services: Services,
  { gate, uploadGate, memory, bodyReadTimeoutMs }: ApiLimits,
): void {
  applyInputMessages()
  const methodsByPath = new Map<string, Set<string>>()
  for (const ep of routes) {
    const path = `/_api${ep.path}`
    methodsByPath.set(path, (methodsByPath.get(path) ?? new Set()).add(ep.method))
    const maxSize = bodyLimitOf(ep)
    app.on(ep.method, path, async (c) => {
      const user = authorize(c, ep)
      if (ep.heavy && memory.shedding())
        throw new Unavailable(BUSY_MESSAGE, { retryAfterSeconds: 2 })
      if (ep.streamed) {
        const { streamed } = ep
        const result = await runStreamed(c, ep, streamed, maxSize, uploadGate, (input) =>
          ep.run(input, handlerContext(c, user, services)),
        )
        return respond(c, ep, result)
      }
      const hasBody = ep.source === 'json' || ep.source === 'multipart'
      const declared = Number(c.req.header('content-length') ?? NaN)
      let input: unknown
      if (hasBody) {
        // Counted as the parser reads it, inside the byte budget, and stopped at the limit.
        const body = limitRequestBody(c, maxSize, bodyReadTimeoutMs)
        if (body === TOO_LARGE) throw new ApiError(413, HTTP_MESSAGES.tooLarge)
        try {
          const bodies = ep.source === 'multipart' ? uploadGate : gate
          input = await bodies.run(
            Number.isFinite(declared) ? declared : maxSize,
            c.get('ip'),
            () => parseInput(c, ep),
          )
        } catch (error) {
          // The parser's own error (bad JSON, a broken form) is not what happened.
          if (body?.exceeded) throw new ApiError(413, HTTP_MESSAGES.tooLarge)
          // What is left of a trickled body is not worth reading: the connection ends.
          if (body?.timedOut)
            throw new ApiError(408, BODY_TIMEOUT_MESSAGE, { headers: { Connection: 'close' } })
          throw error
        }
      } else {
        input = await parseInput(c, ep)
      }
      // An endpoint that can reach an upstream counts each parsed call against the caller's share.
      if (ep.upstream) services.upstreamLimit.hit(ep.path, c.get('ip'))
      const result = await ep.run(input, handlerContext(c, user, services))
      return respond(c, ep, result)
    })
  }
  for (const [path, methods] of methodsByPath) {
    app.all(path, (c) => {
      c.header('Allow', [...methods].join(', '))
      return c.json({ error: HTTP_MESSAGES.methodNotAllowed }, 405)
    })
  }
}

function respond(c: Context<AppEnv>, ep: Endpoint, result: unknown): Response {
  if (ep.cache && !(result instanceof Response && result.headers.has('Cache-Control')))
    c.header('Cache-Control', ep.cache)
  // Merged with what was set on the context: the cache policy and any cookie.
  if (result instanceof Response) return c.newResponse(result.body, result)
  let body = result
  if (isWithHeaders(result)) {
    for (const [name, value] of Object.entries(result.headers)) c.header(name, value)
    body = result.body
  }
  c.status(ep.status)
  return c.json(body ?? { success: true })
}

/**
 * What a streamed upload holds in memory at once, whatever its size: the form's text fields and
 * what its storage buffers (a part of an object-store upload).
 */
export const STREAMED_UPLOAD_RESERVATION = 6 * 1024 * 1024

/**
 * A form whose file streams to its handler: the text fields are parsed first, then the handler
 * runs while the file's bytes still arrive, inside the upload budget for what it holds at once
 * (not for the file's size). The body's limit and deadline are the endpoint's own.
 */
async function runStreamed(
  c: Context<AppEnv>,
  ep: Endpoint,
  streamed: StreamedUpload,
  maxSize: number,
  uploads: BodyGate,
  run: (input: unknown) => Promise<unknown>,
): Promise<unknown> {
  const tooLarge = () => new ApiError(413, streamed.tooLargeMessage)
  const body = limitRequestBody(c, maxSize, streamed.deadlineMs)
  if (body === TOO_LARGE) throw tooLarge()
  const type = c.req.header('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data'))
    throw new ApiError(415, HTTP_MESSAGES.multipartRequired)
  return uploads.run(STREAMED_UPLOAD_RESERVATION, c.get('ip'), async () => {
    try {
      const stream = c.req.raw.body
      const form = stream
        ? await readStreamedForm(stream, type, { fieldBytes: streamed.fieldBytes })
        : { fields: {}, file: null }
      const fields = streamed.withQuery ? withQuery(c.req.queries(), form.fields) : form.fields
      const raw = form.file ? { ...fields, [form.file.field]: form.file } : fields
      return await run(await validateInput(ep, raw))
    } catch (error) {
      if (body?.exceeded) throw tooLarge()
      if (body?.timedOut)
        throw new ApiError(408, BODY_TIMEOUT_MESSAGE, { headers: { Connection: 'close' } })
      if (error instanceof StreamedFormError)
        throw new ApiError(400, streamed.messages[error.reason])
      throw error
    }
  })
}

/** The request as a handler may know it: plain values, and the cookies as what they mean. */
function handlerContext(
  c: Context<AppEnv>,
  user: HandlerContext['user'],
  services: Services,
): HandlerContext {
  const secure = () => services.config.secureCookies
  return {
    user,
    services,
    meta: { ip: c.get('ip'), userAgent: c.req.header('user-agent') ?? null },
    session: { id: c.get('sessionId'), token: c.get('sessionToken') },
    setSession: (issued) => writeSessionCookie(c, secure(), issued.token, issued.expiresAt),
    clearSession: () => clearSessionCookie(c, secure()),
    publicOrigin: () => publicOrigin(services.config, c.req.url),
    nonce: c.get('nonce'),
    oauthState: {
      write: (state) => writeOauthStateCookie(c, secure(), state),
      matches: (state) => oauthStateCookieMatches(c, secure(), state),
      clear: () => clearOauthStateCookie(c, secure()),
    },
  }
}

// Access is checked before the input is read: a caller without the right never learns the schema.
function authorize(c: Context<AppEnv>, ep: Endpoint) {
  const user = c.get('user')
  if (ep.access === 'public') return user
  if (!user) throw new ApiError(401, HTTP_MESSAGES.notAuthenticated)
  if (ep.access === 'admin' && !isAdmin(user)) throw new ApiError(403, HTTP_MESSAGES.forbidden)
  return user
}

async function parseInput(c: Context<AppEnv>, ep: Endpoint): Promise<unknown> {
  let raw: unknown
  switch (ep.source) {
    case 'none':
      raw = {}
      break
    case 'query':
      raw = c.req.query()
      break
    case 'json':
      raw = await readJson(c)
      break
    case 'multipart':
      raw = await readMultipart(c)
      break
  }
  return validateInput(ep, raw)
}

async function validateInput(ep: Endpoint, raw: unknown): Promise<unknown> {
  requireWellFormed(raw)
  const parsed = (await ep.schema()).safeParse(raw)
  if (!parsed.success) throw validationError(parsed.error)
  // No endpoint takes control characters in anything but prose, which its schema has cleaned:
  // they break feeds and logs, and PostgreSQL refuses NUL in text outright.
  const at = findControlCharacter(parsed.data)
  if (at) {
    const field = at.length ? at.join('.') : '_'
    throw new ApiError(400, TEXT_MESSAGES.control, {
      details: { [field]: [TEXT_MESSAGES.control] },
    })
  }
  return parsed.data
}

async function readJson(c: Context<AppEnv>): Promise<unknown> {
  const text = await readBodyText(c)
  if (text.trim() === '') return {}
  const type = c.req.header('content-type') ?? ''
  if (!/^application\/([a-z.+-]*\+)?json\b/i.test(type))
    throw new ApiError(415, HTTP_MESSAGES.jsonRequired)
  try {
    return JSON.parse(text)
  } catch {
    throw new ApiError(400, HTTP_MESSAGES.invalidJson)
  }
}

async function readMultipart(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const type = c.req.header('content-type') ?? ''
  if (!type.toLowerCase().startsWith('multipart/form-data'))
    throw new ApiError(415, HTTP_MESSAGES.multipartRequired)
  try {
    const form = await c.req.formData()
    const out: Record<string, unknown> = {}
    for (const [key, value] of form.entries()) {
      const prev = out[key]
      out[key] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value]
    }
    return out
  } catch {
    throw new ApiError(400, 'Request body must be a valid multipart form.')
  }
}

/** 400 with the first message of the first failing field as `error` and every field's first message in `details`. */
export function validationError(error: z.ZodError): ApiError {
  const details: Record<string, string[]> = {}
  for (const issue of error.issues) {
    const field = issue.path.length ? issue.path.join('.') : '_'
    details[field] ??= [issue.message]
  }
  const first = error.issues[0]?.message ?? 'Invalid input.'
  return new ApiError(400, first, { details })
}

/**
 * A form's fields with the address's query parameters: a name given more than once, in either or
 * both, is a list, which a field of one value refuses (`?dryRun=1` with a form field
 * `dryRun=0` was an import, the form's word silently taken over the address's).
 */
function withQuery(
  query: Record<string, string[]>,
  fields: Record<string, string | string[]>,
): Record<string, string | string[]> {
  const all: Record<string, string | string[]> = {}
  for (const [name, values] of Object.entries(query))
    all[name] = values.length === 1 ? values[0]! : values
  for (const [name, value] of Object.entries(fields)) {
    const before = all[name]
    all[name] = before === undefined ? value : [before, value].flat()
  }
  return all
}
