import type { ApiRoute } from '../../contracts/api-paths.ts'
import type { ApiErrorBody } from '../../contracts/common-constants.ts'
import type { EndpointContract, InputOf, ResponseOf } from '../../contracts/endpoint.ts'

export class ApiRequestError extends Error {
  readonly status: number
  readonly details: ApiErrorBody['details']
  constructor(status: number, message: string, details?: ApiErrorBody['details']) {
    super(message)
    this.status = status
    this.details = details
  }
}

type Query = Record<string, string | number | boolean | null | undefined>

/**
 * Calls an /_api endpoint (named in contracts/api-paths.ts, or by its path) with the session
 * cookie and answers its response. On a non-OK answer the body's `error` field becomes the thrown
 * message, else `fallbackMessage`.
 */
export async function apiFetch<T>(
  endpoint: ApiRoute<T> | string,
  options: { method?: 'GET' | 'POST'; body?: unknown; query?: Query; signal?: AbortSignal } = {},
  fallbackMessage = 'Request failed',
): Promise<T> {
  const route = typeof endpoint === 'string' ? null : endpoint
  const url = new URL(`/_api${route ? route.path : endpoint}`, window.location.origin)
  for (const [k, v] of Object.entries(options.query ?? {})) {
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v))
  }
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData
  let res: Response
  try {
    res = await fetch(url, {
      method: options.method ?? route?.method ?? (options.body === undefined ? 'GET' : 'POST'),
      credentials: 'include',
      headers:
        options.body === undefined || isForm ? undefined : { 'Content-Type': 'application/json' },
      body:
        options.body === undefined
          ? undefined
          : isForm
            ? (options.body as FormData)
            : JSON.stringify(options.body),
      signal: options.signal,
    })
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiRequestError(0, fallbackMessage)
  }
  const body = (await res.json().catch(() => null)) as (ApiErrorBody & { success?: boolean }) | null
  if (!res.ok || body?.success === false) {
    throw new ApiRequestError(res.status, body?.error || fallbackMessage, body?.details)
  }
  return body as T
}

/**
 * What a call sends: the input its contract takes (query string for GET, JSON for POST), or a
 * form for an upload.
 */
export type CallInput<E extends EndpointContract> = E['source'] extends 'multipart'
  ? FormData
  : InputOf<E>

/**
 * Calls an endpoint by its contract (contracts/api-paths.ts): the input is checked against the
 * contract's schema type at compile time and the answer typed by it. A failed call throws an
 * `ApiRequestError` with the status, the server's message (or `fallbackMessage`) and its field
 * `details`.
 */
export function callApi<E extends EndpointContract>(
  entry: E,
  input: CallInput<E>,
  options: { signal?: AbortSignal; fallbackMessage?: string } = {},
): Promise<ResponseOf<E>> {
  const sendsQuery = entry.method === 'GET'
  const route: ApiRoute<ResponseOf<E>> = { method: entry.method, path: entry.path }
  return apiFetch(
    route,
    {
      method: entry.method,
      query: sendsQuery ? (input as Query) : undefined,
      body: sendsQuery ? undefined : input,
      signal: options.signal,
    },
    options.fallbackMessage,
  )
}
