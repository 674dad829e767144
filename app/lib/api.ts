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
 * What a call sends: the input its contract takes (query string for GET, JSON for POST), or a
 * form for an upload.
 */
export type CallInput<E extends EndpointContract> = E['source'] extends 'multipart'
  ? FormData
  : InputOf<E>

export interface CallOptions {
  signal?: AbortSignal
  /** The thrown message when the answer carries none (or the request never got an answer). */
  fallbackMessage?: string
  /** How much of the body has gone, 0 to 1, as it goes (an upload's progress bar). */
  onUploadProgress?: (fraction: number) => void
}

interface Answer {
  status: number
  /** The JSON body, or null when there is none. */
  body: (ApiErrorBody & { success?: boolean }) | null
}

const aborted = () => new DOMException('The request was cancelled.', 'AbortError')

/** The same request as fetch's, over XMLHttpRequest, whose upload reports its progress. */
function sendWithProgress(
  method: string,
  url: URL,
  body: FormData,
  signal: AbortSignal | undefined,
  onProgress: (fraction: number) => void,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(aborted())
    const xhr = new XMLHttpRequest()
    xhr.open(method, url.href)
    xhr.withCredentials = true
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total)
    }
    xhr.onload = () => {
      let parsed: Answer['body'] = null
      try {
        parsed = JSON.parse(xhr.responseText) as Answer['body']
      } catch {
        parsed = null
      }
      resolve({ status: xhr.status, body: parsed })
    }
    xhr.onerror = () => reject(new TypeError('network'))
    xhr.onabort = () => reject(aborted())
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(body)
  })
}

async function send(
  method: string,
  url: URL,
  body: BodyInit | undefined,
  options: CallOptions,
): Promise<Answer> {
  if (options.onUploadProgress && body instanceof FormData) {
    return sendWithProgress(method, url, body, options.signal, options.onUploadProgress)
  }
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: typeof body === 'string' ? { 'Content-Type': 'application/json' } : undefined,
    body,
    signal: options.signal,
  })
  return { status: res.status, body: (await res.json().catch(() => null)) as Answer['body'] }
}

/**
 * Calls an endpoint by its contract (contracts/api-paths.ts), the one way the browser talks to
 * /_api: the input is checked against the contract's schema type at compile time and the answer
 * typed by it. GET (and a POST whose contract reads the query) sends the input as the query
 * string, POST as JSON (or the form of an upload),
 * with the session cookie. A failed call throws an `ApiRequestError` with the status (0 when no
 * answer came), the server's message (or `fallbackMessage`) and its field `details`; an aborted
 * one throws the AbortError.
 */
export async function callApi<E extends EndpointContract>(
  entry: E,
  input: CallInput<E>,
  options: CallOptions = {},
): Promise<ResponseOf<E>> {
  const fallback = options.fallbackMessage ?? 'Request failed'
  const url = new URL(`/_api${entry.path}`, window.location.origin)
  let body: BodyInit | undefined
  // A POST may take its input in the address too (the one-click unsubscribe's token).
  if (entry.method === 'GET' || entry.source === 'query') {
    for (const [k, v] of Object.entries((input ?? {}) as Query)) {
      if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v))
    }
  } else {
    body = input instanceof FormData ? input : JSON.stringify(input ?? {})
  }
  let answer: Answer
  try {
    answer = await send(entry.method, url, body, options)
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error
    throw new ApiRequestError(0, fallback)
  }
  const { status, body: answered } = answer
  if (status < 200 || status >= 300 || answered?.success === false) {
    throw new ApiRequestError(status, answered?.error || fallback, answered?.details)
  }
  return answered as ResponseOf<E>
}
