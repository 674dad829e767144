import type { z } from 'zod'

/** Who may call an endpoint: anyone, a signed-in member, or an admin (401 / 403 otherwise). */
export type Access = 'public' | 'member' | 'admin'
/** Where its input comes from: GET reads the query string, POST a JSON body or a multipart form. */
export type InputSource = 'query' | 'json' | 'multipart' | 'none'
/**
 * How a browser or proxy may keep a successful answer: `no-store` for anything private or
 * changing with every call, `no-cache` for shared data that must be checked each time (the
 * server's own cache answers fast). No policy sends no `Cache-Control`.
 */
export type CachePolicy = 'no-store' | 'no-cache'

/**
 * One /_api endpoint as both sides see it: the server mounts it (server/api/), the browser calls
 * it (app/lib/api.ts), and docs/api.md is generated from it.
 *
 * `input` loads the schema on demand: a page that only reads data then sends no zod (about
 * 22 KB compressed) to the browser; a form loads it with its own code. `response` is type only.
 */
export interface EndpointContract<
  S extends z.ZodType = z.ZodType,
  R = unknown,
  A extends Access = Access,
  Src extends InputSource = InputSource,
> {
  readonly method: 'GET' | 'POST'
  /** Below /_api. */
  readonly path: string
  readonly access: A
  /** Kept as written (`'multipart'`), so a call knows it sends a form. */
  readonly source: Src
  readonly input: () => Promise<S>
  /**
   * The status of a successful answer: 200 unless it creates something (201) or only accepts
   * work that happens after the answer (202).
   */
  readonly status?: 200 | 201 | 202
  readonly cache?: CachePolicy
  /** Never set: carries the response type. */
  readonly response?: R
}

/** What a call to the endpoint takes, as the browser writes it (before defaults and coercion). */
export type InputOf<E> = E extends EndpointContract<infer S> ? z.input<S> : never
/** What the server's handler receives, parsed. */
export type ParsedInputOf<E> = E extends EndpointContract<infer S> ? z.output<S> : never
/** What a successful call answers. */
export type ResponseOf<E> = E extends EndpointContract<z.ZodType, infer R> ? R : never

/**
 * Declares an endpoint answering `R`: `contract<FaqListResponse>()({ method, path, … })`. Two
 * steps, so that `R` is written while the schema's and the access's types are inferred.
 */
export function contract<R = { success: boolean }>() {
  return <S extends z.ZodType, A extends Access, Src extends InputSource>(
    entry: EndpointContract<S, R, A, Src>,
  ): EndpointContract<S, R, A, Src> => entry
}
