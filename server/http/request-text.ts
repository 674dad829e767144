import type { Context, MiddlewareHandler } from 'hono'
import { TEXT_MESSAGES } from '../../contracts/text.ts'
import type { AppEnv } from './env.ts'
import { ApiError, HTTP_MESSAGES } from './errors.ts'

/**
 * Text a request carries must be text both engines store: PostgreSQL refuses NUL in a text column
 * (a 500 from deep inside a page's loader), and neither engine keeps a lone surrogate or a broken
 * UTF-8 sequence as it was sent. The address is checked here, before the page cache, the routes
 * and the pages' loaders see it; a body is checked as its endpoint reads it (server/http/api.ts).
 */
export const REQUEST_TEXT_MESSAGES = {
  brokenEncoding: HTTP_MESSAGES.badPath,
  nul: 'This address is not valid: it contains a NUL character (%00).',
} as const

/** What is wrong with the path or query string of `url`, or null when both decode to clean text. */
export function addressProblem(url: string): string | null {
  // NUL and broken sequences can only arrive percent-encoded: the HTTP parser refuses raw ones.
  if (!url.includes('%')) return null
  const pathStart = url.indexOf('/', url.indexOf('//') + 2)
  const queryStart = url.indexOf('?', pathStart)
  const path = queryStart === -1 ? url.slice(pathStart) : url.slice(pathStart, queryStart)
  const query = queryStart === -1 ? '' : url.slice(queryStart + 1)
  for (const part of [path, ...query.split('&')]) {
    if (!part.includes('%')) continue
    let text: string
    try {
      // decodeURIComponent throws on a bad escape and on bytes that are not UTF-8.
      text = decodeURIComponent(part.replaceAll('+', ' '))
    } catch {
      return REQUEST_TEXT_MESSAGES.brokenEncoding
    }
    if (text.includes('\0')) return REQUEST_TEXT_MESSAGES.nul
  }
  return null
}

/** Refuses a request whose address does not decode to clean text: JSON under /_api, text elsewhere. */
export function requestText(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const problem = addressProblem(c.req.url)
    if (!problem) return next()
    return isApi(c) ? c.json({ error: problem }, 400) : c.text(problem, 400)
  }
}

function isApi(c: Context): boolean {
  return c.req.path.startsWith('/_api/')
}

const utf8 = new TextDecoder('utf-8', { fatal: true })

/** A request body as text; bytes that are not UTF-8 are a 400, not silently replaced. */
export async function readBodyText(c: Context): Promise<string> {
  const bytes = await c.req.arrayBuffer()
  try {
    return utf8.decode(bytes)
  } catch {
    throw new ApiError(400, TEXT_MESSAGES.utf8)
  }
}

/**
 * Refuses a lone surrogate (JSON's `"\ud800"`) in any string or key of a parsed body: no engine
 * can store it, and each would put U+FFFD in its place.
 */
export function requireWellFormed(value: unknown): void {
  const at = findIllFormed(value, [])
  if (!at) return
  const field = at.length ? at.join('.') : '_'
  throw new ApiError(400, TEXT_MESSAGES.unicode, { details: { [field]: [TEXT_MESSAGES.unicode] } })
}

function findIllFormed(value: unknown, path: string[]): string[] | null {
  if (typeof value === 'string') return value.isWellFormed() ? null : path
  if (value === null || typeof value !== 'object' || value instanceof Blob) return null
  for (const [key, v] of Object.entries(value)) {
    if (!key.isWellFormed()) return path
    const found = findIllFormed(v, [...path, key])
    if (found) return found
  }
  return null
}
