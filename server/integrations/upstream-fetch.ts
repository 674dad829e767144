/**
 * One GET to an upstream that checks what comes back before anyone parses it: the status, the
 * content type (gateways and CDNs answer HTML error pages, some with status 200), then the body.
 */
export const SKY_USER_AGENT = 'AstroCosmosSite/1.0 (+https://astro.example.org)'
const MAX_BODY_CHARS = 5_000_000

export class UpstreamError extends Error {
  readonly status: number
  /** From a 429's or 503's Retry-After header. */
  readonly retryAfterMs: number | null
  constructor(message: string, status = 0, retryAfterMs: number | null = null) {
    super(message)
    this.status = status
    this.retryAfterMs = retryAfterMs
  }
}

export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null
  const seconds = Number(value)
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? null : Math.max(0, at - now)
}

async function get(url: string, signal: AbortSignal, accept: string): Promise<Response> {
  let res: Response
  try {
    res = await fetch(url, {
      signal,
      redirect: 'follow',
      headers: { accept, 'user-agent': SKY_USER_AGENT },
    })
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    throw new UpstreamError(timedOut ? 'timed out' : `request failed: ${String(error)}`)
  }
  if (!res.ok) {
    await res.body?.cancel()
    throw new UpstreamError(
      `answered ${res.status}`,
      res.status,
      parseRetryAfter(res.headers.get('retry-after')),
    )
  }
  return res
}

async function readText(res: Response): Promise<string> {
  let text: string
  try {
    text = await res.text()
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError'
    throw new UpstreamError(timedOut ? 'timed out' : 'body could not be read', res.status)
  }
  if (text.length > MAX_BODY_CHARS) throw new UpstreamError('answered an oversized body')
  return text
}

function looksLikeHtml(text: string): boolean {
  return /^\s*(<!doctype html|<html[\s>])/i.test(text)
}

export async function fetchJson(url: string, signal: AbortSignal): Promise<unknown> {
  const res = await get(url, signal, 'application/json')
  const type = res.headers.get('content-type') ?? ''
  const text = await readText(res)
  if (/html/i.test(type) || looksLikeHtml(text))
    throw new UpstreamError('answered HTML instead of JSON', res.status)
  try {
    return JSON.parse(text)
  } catch {
    throw new UpstreamError('answered malformed JSON', res.status)
  }
}

export async function fetchXml(url: string, signal: AbortSignal): Promise<string> {
  const res = await get(
    url,
    signal,
    'application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.1',
  )
  const type = res.headers.get('content-type') ?? ''
  const text = await readText(res)
  if (/html/i.test(type) || looksLikeHtml(text))
    throw new UpstreamError('answered HTML instead of a feed', res.status)
  return text
}
