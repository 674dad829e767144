import type { Context } from 'hono'
import type { z } from 'zod'
import type { SessionUser } from '../../contracts/auth.ts'
import type { RequestMeta } from '../services/auth.ts'
import type { Services } from '../services/index.ts'
import type { AppEnv } from '../http/env.ts'

export type Access = 'public' | 'member' | 'admin'
export type InputSource = 'query' | 'json' | 'multipart' | 'none'

export interface HandlerArgs<I, A extends Access> {
  input: I
  user: A extends 'public' ? SessionUser | null : SessionUser
  services: Services
  meta: RequestMeta
  c: Context<AppEnv>
}

export interface Endpoint<S extends z.ZodType = z.ZodType, A extends Access = Access, R = unknown> {
  method: 'GET' | 'POST'
  path: string
  access: A
  /** Where the input comes from: GET reads the query string, POST a JSON body (or a multipart form). */
  source: InputSource
  input: S
  /**
   * The most its body may weigh, from the largest input its schema accepts; by default
   * `DEFAULT_BODY_LIMITS` for its access (server/http/api.ts). A body past it is refused with a
   * 413 before it is read.
   */
  maxBodyBytes?: number
  /**
   * Work whose cost grows with the data or the input (lists, uploads, PDFs, syncs): refused with
   * a 503 while the server's memory is above its shedding threshold, so it never runs out.
   */
  heavy?: boolean
  /** Type only, from the endpoint's ApiRoute (contracts/api-paths.ts): what the handler answers. */
  response?: R
  /**
   * The handler can make the server call an upstream (Discord, YouTube, AzuraCast, the sky
   * sources): each client address gets UPSTREAM_RATE_LIMIT_PER_MINUTE requests a minute, then 429.
   */
  upstream?: boolean
  /** A plain value is sent as JSON with status 200; a Response is sent as it is. */
  handler: (
    args: HandlerArgs<z.output<S>, A>,
  ) => Promise<NoInfer<R> | Response> | NoInfer<R> | Response
}

/**
 * Keeps each endpoint's handler typed by its own schema, access and response (`...API_PATHS.name`
 * brings the method, the path and the response type), then erases it for the table.
 */
export function endpoint<S extends z.ZodType, A extends Access, R = unknown>(
  def: Endpoint<S, A, R>,
): Endpoint {
  if (!def.upstream) return def as unknown as Endpoint
  const { handler } = def
  const limited: Endpoint<S, A, R> = {
    ...def,
    handler: (args) => {
      args.services.upstreamLimit.hit(def.path, args.meta.ip)
      return handler(args)
    },
  }
  return limited as unknown as Endpoint
}
