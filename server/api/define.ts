import type { z } from 'zod'
import type { ActivityNote } from '../../contracts/activity.ts'
import type { SessionUser } from '../../contracts/auth.ts'
import type {
  Access,
  CachePolicy,
  EndpointContract,
  InputSource,
} from '../../contracts/endpoint.ts'
import type { RequestMeta } from '../services/auth.ts'
import type { Services } from '../services/index.ts'

export type { Access, InputSource }

/** The session a handler starts: its token goes out in the session cookie until it expires. */
export interface IssuedSession {
  token: string
  expiresAt: Date
}

/**
 * What a handler knows of the request besides its input, with no HTTP in it: the caller, the
 * services, the session it came with, and the few things of the exchange some handlers change.
 */
export interface HandlerContext<A extends Access = Access> {
  user: A extends 'public' ? SessionUser | null : SessionUser
  services: Services
  meta: RequestMeta
  session: { id: string | null; token: string | null }
  /** Signs the browser in to a session just issued (its cookie goes with the answer). */
  setSession: (issued: IssuedSession) => void
  /** Signs the browser out (its session cookie is cleared). */
  clearSession: () => void
  /** The site's public origin as this request sees it (PUBLIC_URL's, else the request's). */
  publicOrigin: () => string
  /** The nonce this answer's Content-Security-Policy allows inline scripts by. */
  nonce: string
  /**
   * The OAuth state, also kept in a cookie so that a callback only completes in the browser that
   * started it.
   */
  oauthState: {
    write: (state: string) => void
    matches: (state: string) => boolean
    clear: () => void
  }
}

/**
 * What a handler may answer: the contract's response (sent as JSON with the contract's status
 * and cache policy), the same with extra headers (`withHeaders`), or a whole web `Response` for
 * what is not JSON (a PDF, a redirect, a page), sent with its own status and headers, the
 * contract's cache policy unless it has one, and the cookies the handler set through its context.
 */
export type HandlerResult<R> = R | WithHeaders<R> | Response

const WITH_HEADERS = Symbol('withHeaders')
export interface WithHeaders<R> {
  readonly [WITH_HEADERS]: true
  readonly body: R
  readonly headers: Record<string, string>
}

/** The response with headers of its own on top of the contract's (say, `Age` for cached data). */
export function withHeaders<R>(body: R, headers: Record<string, string>): WithHeaders<R> {
  return { [WITH_HEADERS]: true, body, headers }
}

export function isWithHeaders(value: unknown): value is WithHeaders<unknown> {
  return typeof value === 'object' && value !== null && WITH_HEADERS in value
}

/** Operational limits of an endpoint: the server's business, not the caller's. */
export interface EndpointLimits {
  /**
   * The most its body may weigh, from the largest input its schema accepts; by default
   * `BODY_LIMITS` for its access (server/http/api.ts). A body past it is refused with a 413
   * before it is read.
   */
  maxBodyBytes?: number
  /**
   * Work whose cost grows with the data or the input (lists, uploads, PDFs, syncs): refused with
   * a 503 while the server's memory is above its shedding threshold, so it never runs out.
   */
  heavy?: boolean
  /**
   * The handler can make the server call an upstream (Discord, YouTube, AzuraCast, the sky
   * sources): each client address gets UPSTREAM_RATE_LIMIT_PER_MINUTE requests a minute, then 429.
   */
  upstream?: boolean
  /**
   * A multipart form whose file streams to the handler as it arrives instead of being read whole
   * first (server/http/multipart-stream.ts); `maxBodyBytes` then bounds the whole form.
   */
  streamed?: StreamedUpload
  /**
   * Accepts state changes sent from other sites (server/http/security.ts): only for an endpoint
   * whose authority is a signed token in its address and that reads no cookie, such as the
   * RFC 8058 one-click unsubscribe a mail provider posts from its own servers.
   */
  crossSite?: true
  /**
   * The handler records its own audit entry, inside the transaction of its change (an import),
   * rather than through `audit` after it.
   */
  auditsItself?: true
}

export interface StreamedUpload {
  /** The most the text fields before the file may hold together. */
  fieldBytes: number
  /** The whole body must have arrived this long after it is first read. */
  deadlineMs: number
  /** The answer (413) to a body past `maxBodyBytes`. */
  tooLargeMessage: string
  /** The address's query parameters are part of the input (after the form's own fields). */
  withQuery?: true
  /** A part after the file; a body that ended before the form did. */
  messages: { 'after-file': string; truncated: string }
}

/** One mounted endpoint, as server/http/api.ts mounts every one of them. */
export interface Endpoint extends EndpointLimits {
  method: 'GET' | 'POST'
  path: string
  access: Access
  source: InputSource
  /** The input schema (loaded once, on the first call). */
  schema: () => Promise<z.ZodType>
  status: 200 | 201 | 202
  cache?: CachePolicy
  /** Whether a successful call leaves an entry in the audit log (its `audit`). */
  audited: boolean
  run: (input: unknown, ctx: HandlerContext) => Promise<unknown>
}

/**
 * Mounts a contract (contracts/api-paths.ts) with its handler: `(input, ctx) => result`, typed
 * from the contract — the parsed input, the caller as its access allows, and the response a
 * successful call answers. Access, input, status and caching are the contract's; the server
 * checks access before it reads the input, and answers the result with the contract's status and
 * cache policy.
 */
export function handle<S extends z.ZodType, R, A extends Access>(
  entry: EndpointContract<S, R, A>,
  {
    handler,
    audit,
    ...limits
  }: EndpointLimits & {
    handler: (
      input: z.output<S>,
      ctx: HandlerContext<A>,
    ) => Promise<HandlerResult<NoInfer<R>>> | HandlerResult<NoInfer<R>>
    /**
     * An admin change's entry in the audit log (server/services/activity.ts), from its input and
     * its answer: written once the handler has succeeded, so a refused call leaves none.
     */
    audit?: (input: z.output<S>, result: NoInfer<R>) => ActivityNote
  },
): Endpoint {
  let schema: Promise<z.ZodType> | undefined
  return {
    method: entry.method,
    path: entry.path,
    access: entry.access,
    source: entry.source,
    schema: () => (schema ??= entry.input()),
    status: entry.status ?? 200,
    cache: entry.cache,
    audited: audit !== undefined || limits.auditsItself === true,
    ...limits,
    async run(input, ctx) {
      // The table erases each endpoint's types; access was checked and the input parsed by its
      // own schema before this runs.
      const result = await handler(input as z.output<S>, ctx as HandlerContext<A>)
      if (audit && ctx.user)
        await recordActivity(ctx, () => audit(input as z.output<S>, bodyOf(result)))
      return result
    },
  }
}

function bodyOf<R>(result: HandlerResult<R>): R {
  return (isWithHeaders(result) ? result.body : result) as R
}

/**
 * The change has been made (and committed) by now: a failure to record it is logged, not answered
 * as a failure of the change, which the admin would then repeat.
 */
async function recordActivity(ctx: HandlerContext, noteOf: () => ActivityNote): Promise<void> {
  const admin = ctx.user
  if (!admin) return
  let note: ActivityNote | undefined
  try {
    // Writing the note is inside too: a summary that cannot be made fails the entry, not the change.
    note = noteOf()
    await ctx.services.activity.record(admin, note)
  } catch (error) {
    ctx.services.logger.error('activity record failed', {
      kind: note?.kind,
      action: note?.action,
      error: error instanceof Error ? error.message : String(error),
    })
  }
}
