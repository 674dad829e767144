import type { z } from 'zod'
import type { UpstreamBudget } from './upstream-budget.ts'

/**
 * The one HTTP client for upstreams (Discord, SWPC, APOD, the news feeds, YouTube, AzuraCast).
 * `upstreamRequest` sends one request with a deadline, reads the body within a size limit and
 * hands back every status with the body parsed when it is JSON and Retry-After in milliseconds;
 * `fetchJson` and `fetchXml` build on it for the plain GETs that only accept a 2xx, and check the
 * content type first, because gateways and CDNs answer HTML error pages, some with status 200.
 * `parseWith` checks a payload's shape with zod before anyone uses it. Every failure is an
 * `UpstreamError`; clients with their own failure kinds (Discord, YouTube) map it to those.
 * Every request goes through its upstream's budget (upstream-budget.ts), which may refuse it.
 * In tests, any request that is not to loopback fails (tests/support/strict-env.ts).
 */
export const SKY_USER_AGENT = 'AstroCosmosSite/1.0 (+https://astro.example.org)'
/** An answer larger than this is refused while it is read, before it fills the heap. */
export const MAX_UPSTREAM_BODY_BYTES = 5 * 1024 * 1024
/** The deadline of a request whose caller gives no signal of its own. */
export const UPSTREAM_TIMEOUT_MS = 10_000

export class UpstreamError extends Error {
  readonly status: number
  /** From a 429's or 503's Retry-After header, in milliseconds. */
  readonly retryAfterMs: number | null
  constructor(message: string, status = 0, retryAfterMs: number | null = null) {
    super(message)
    this.status = status
    this.retryAfterMs = retryAfterMs
  }
}

/** Retry-After in either of its forms (delay-seconds or an HTTP date), in milliseconds. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value?.trim()) return null
  const seconds = Number(value)
  if (Number.isFinite(seconds)) return seconds >= 0 ? seconds * 1000 : null
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}

/** Whole seconds to tell a visitor (the unit of our own Retry-After header), at least one. */
export function retryAfterSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000))
}

export interface UpstreamRequest {
  /** The upstream's budget: it may hold the call back, and shares identical GETs in flight. */
  budget: UpstreamBudget
  method?: 'GET' | 'POST'
  /** Lower-case names. `user-agent` defaults to SKY_USER_AGENT. */
  headers?: Record<string, string>
  body?: string
  /** The caller's deadline or cancellation; without one, UPSTREAM_TIMEOUT_MS. */
  signal?: AbortSignal
  /** `error` where a redirect must not be followed (it would carry credentials elsewhere). */
  redirect?: 'follow' | 'error'
}

export interface UpstreamAnswer {
  status: number
  ok: boolean
  headers: Headers
  contentType: string
  text: string
  /** The body parsed, when the upstream declared JSON and it parses; otherwise null. */
  json: unknown
  /** When the upstream asks to come back later (Retry-After), in milliseconds. */
  retryAfterMs: number | null
}

function failureMessage(error: unknown): string {
  if (error instanceof DOMException && error.name === 'TimeoutError') return 'timed out'
  if (error instanceof DOMException && error.name === 'AbortError') return 'aborted'
  return `request failed: ${error instanceof Error ? error.message : String(error)}`
}

/** The body as text, refused as soon as it passes MAX_UPSTREAM_BODY_BYTES. */
async function readCapped(res: Response): Promise<string> {
  if (!res.body) return ''
  const declared = Number(res.headers.get('content-length'))
  if (declared > MAX_UPSTREAM_BODY_BYTES) {
    await res.body.cancel()
    throw new UpstreamError('answered an oversized body', res.status)
  }
  const reader = res.body.getReader()
  const decoder = new TextDecoder()
  let size = 0
  let text = ''
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > MAX_UPSTREAM_BODY_BYTES) {
        await reader.cancel()
        throw new UpstreamError('answered an oversized body', res.status)
      }
      text += decoder.decode(value, { stream: true })
    }
  } catch (error) {
    if (error instanceof UpstreamError) throw error
    throw new UpstreamError(`body could not be read: ${failureMessage(error)}`, res.status)
  }
  return text + decoder.decode()
}

function declaredJson(contentType: string, text: string): unknown {
  if (!/json/i.test(contentType)) return null
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/**
 * One request, if its budget allows (UpstreamHeld otherwise). Whatever the status, the answer
 * comes back (a client may need a 4xx's body); a network failure, the deadline or an oversized
 * body throws UpstreamError.
 */
export function upstreamRequest(
  url: string | URL,
  request: UpstreamRequest,
): Promise<UpstreamAnswer> {
  const method = request.method ?? 'GET'
  // The headers are part of the key: the same path asked with two tokens is two questions.
  const key =
    method === 'GET' && request.body === undefined
      ? `${String(url)} ${JSON.stringify(request.headers ?? {})}`
      : null
  return request.budget.run(key, () => send(url, request))
}

async function send(url: string | URL, request: UpstreamRequest): Promise<UpstreamAnswer> {
  const signal = request.signal ?? AbortSignal.timeout(UPSTREAM_TIMEOUT_MS)
  let res: Response
  try {
    res = await fetch(url, {
      method: request.method ?? 'GET',
      headers: { 'user-agent': SKY_USER_AGENT, ...request.headers },
      body: request.body,
      redirect: request.redirect ?? 'follow',
      signal,
    })
  } catch (error) {
    throw new UpstreamError(failureMessage(error))
  }
  const contentType = res.headers.get('content-type') ?? ''
  const text = await readCapped(res)
  return {
    status: res.status,
    ok: res.ok,
    headers: res.headers,
    contentType,
    text,
    json: declaredJson(contentType, text),
    retryAfterMs: parseRetryAfter(res.headers.get('retry-after')),
  }
}

/** The answer when its status is 2xx; otherwise an UpstreamError carrying status and Retry-After. */
export function expectOk(answer: UpstreamAnswer): UpstreamAnswer {
  if (!answer.ok)
    throw new UpstreamError(`answered ${answer.status}`, answer.status, answer.retryAfterMs)
  return answer
}

function isHtml(answer: UpstreamAnswer): boolean {
  return /html/i.test(answer.contentType) || /^\s*(<!doctype html|<html[\s>])/i.test(answer.text)
}

/** A payload checked against its schema; a different shape is the upstream's failure. */
export function parseWith<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new UpstreamError('answered an unexpected shape')
  return parsed.data
}

/** Which budget a plain GET is charged to, and its deadline. */
export interface UpstreamCall {
  budget: UpstreamBudget
  signal: AbortSignal
}

export async function fetchJson(url: string | URL, call: UpstreamCall): Promise<unknown> {
  const answer = expectOk(
    await upstreamRequest(url, { ...call, headers: { accept: 'application/json' } }),
  )
  if (isHtml(answer)) throw new UpstreamError('answered HTML instead of JSON', answer.status)
  if (answer.json !== null) return answer.json
  try {
    return JSON.parse(answer.text)
  } catch {
    throw new UpstreamError('answered malformed JSON', answer.status)
  }
}

export async function fetchXml(url: string | URL, call: UpstreamCall): Promise<string> {
  const answer = expectOk(
    await upstreamRequest(url, {
      ...call,
      headers: {
        accept:
          'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1',
      },
    }),
  )
  if (isHtml(answer)) throw new UpstreamError('answered HTML instead of a feed', answer.status)
  return answer.text
}
