import { createHash } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import zlib from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'
import type { ContentEvents, ContentTopic } from '../shared/content-events.ts'
import {
  type PageCaching,
  RESERVED_PAGE_SLUGS,
  SITE_PAGES,
  SLUG_PAGES,
} from '../../contracts/site-paths.ts'
import { acceptedEncodings, type Encoding } from './compression.ts'
import type { AppEnv } from './env.ts'
import { bodyOf, readBody } from './response-body.ts'
import { readThemeCookie } from '../../contracts/theme.ts'

/**
 * The visitor page cache (ADR 009). A visitor without a session cookie who asks for a public page
 * gets the bytes rendered for the previous such visitor: already compressed, with an ETag, and
 * with a Content-Security-Policy that allows exactly the inline scripts in those bytes (their
 * hashes), so a cached copy never repeats a nonce.
 *
 * A page is kept until the content behind it changes (its topics are announced on
 * services.events, by this node or another one), until a scheduled post or page is due, or for
 * its route's maximum age, whichever comes first. Signed-in visitors, other methods, other
 * statuses and responses that set a cookie are never stored.
 */

export interface CacheRule extends PageCaching {
  /** Matches the path. */
  pattern: RegExp
}

/** No page is kept longer than this, whatever its topics. */
export const DEFAULT_MAX_AGE_MS = 10 * 60_000

const exactly = (path: string) => new RegExp(`^${path.replace(/[.]/g, '\\.')}$`)

/**
 * The site's own pages that are kept, as contracts/site-paths.ts declares them, then the
 * server's own feeds.
 */
export const CACHE_RULES: readonly CacheRule[] = [
  ...SITE_PAGES.flatMap((page) =>
    'cache' in page ? [{ ...page.cache, pattern: exactly(page.path) }] : [],
  ),
  { pattern: exactly('/rss.xml'), topics: ['posts'] },
  { pattern: exactly('/sitemap.xml'), topics: ['posts', 'pages'] },
]

/** The addresses with a slug (contracts/site-paths.ts), in their order: the slug is captured. */
const SLUG_RULES = SLUG_PAGES.map((page) => ({
  ...page.cache,
  pattern: new RegExp(`^${page.path.replace(':slug', `(${page.slug})`)}$`),
  notReserved: 'notReserved' in page,
}))

/**
 * The rule for a path, or none: the site's other pages (forms, member and admin pages, and those
 * that show what an upstream says now: the radio, the sky, the Discord gallery) are not cached.
 * A content page's slug is never one of the site's own first segments.
 */
export function ruleFor(path: string): CacheRule | undefined {
  const rule = CACHE_RULES.find((r) => r.pattern.test(path))
  if (rule) return rule
  for (const { notReserved, ...slugRule } of SLUG_RULES) {
    const slug = slugRule.pattern.exec(path)?.[1]
    if (slug === undefined) continue
    return notReserved && RESERVED_PAGE_SLUGS.has(slug) ? undefined : slugRule
  }
  return undefined
}

/**
 * One encoding of a stored page and the headers it goes out with, made once: a hit hands both to
 * Node as they are, without building, joining or formatting anything per request.
 */
interface Encoded {
  body: Buffer
  headers: [string, string][]
}

interface Entry {
  key: string
  topics: readonly ContentTopic[]
  expiresAt: number
  etag: string
  /**
   * The headers of every answer from this entry, without an encoding or a length: the page's own
   * (type, language, policy …), the security headers and the cache's; a 304's whole head.
   */
  common: [string, string][]
  br: Encoded
  /**
   * Made from the brotli copy the first time a client without brotli asks, then kept with the
   * entry (in its size, so in the budget), so that no later hit decompresses or compresses.
   */
  gzip: Encoded | null
  identity: Encoded | null
  size: number
}

export interface PageCacheOptions {
  events: ContentEvents
  /**
   * The bytes all entries may take together (their brotli, gzip and uncompressed copies); 0 turns
   * the cache off.
   */
  maxBytes: number
  now?: () => number
  /** The next instant a scheduled post or page becomes visible (ISO), or null. */
  nextScheduledPublication: () => Promise<string | null>
  /** The Content-Security-Policy of a page whose inline scripts have these hashes. */
  policyFor: (scriptHashes: string[]) => string
  /** Headers every response carries (the security headers), sent with each stored page. */
  fixedHeaders: readonly [string, string][]
  /** The cookie whose presence means a signed-in (or signing-in) visitor. */
  sessionCookie: string
  /**
   * True when pages are rendered with the origin the request names (no PUBLIC_URL): the Host
   * header is then part of the key, so a request with a forged Host cannot put its links in the
   * copy everyone else gets.
   */
  keyByHost: boolean
}

/** Cookies that change the markup for everyone who has them (the theme class on <html>). */
function variantOf(cookie: string | undefined): string {
  return readThemeCookie(cookie) ?? ''
}

/**
 * The key of a request's copy, and its rule; undefined when the request is not for a cacheable
 * page. The same for the fast path (Node's raw URL) and the middleware (Hono's raw URL).
 */
export function cacheKey(
  rawUrl: string,
  host: string | undefined,
  cookie: string | undefined,
): { key: string; rule: CacheRule } | undefined {
  const q = rawUrl.indexOf('?')
  const path = q === -1 ? rawUrl : rawUrl.slice(0, q)
  const rule = ruleFor(path)
  if (!rule) return undefined
  let target = path
  if (q !== -1) {
    const query = new URLSearchParams(rawUrl.slice(q + 1))
    if (rule.uncachedWith?.some((name) => query.has(name))) return undefined
    const kept = (rule.params ?? [])
      .filter((name) => query.has(name))
      .map((name) => `${name}=${encodeURIComponent(query.get(name) ?? '')}`)
    if (kept.length) target += `?${kept.join('&')}`
  }
  return { key: `${host ?? ''}|${target}|${variantOf(cookie)}`, rule }
}

const INLINE_SCRIPT = /<script\b(?![^>]*\bsrc\s*=)[^>]*>([\s\S]*?)<\/script>/gi

/** The CSP hash source of every inline script in a page, in order, without repeats. */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>()
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const body = match[1] ?? ''
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

/**
 * Compressed once per change and sent many times: worth a better quality than on the fly
 * (server/http/compression.ts). With brotli's default 4 MB window, quality 9 builds a 32 MB hash
 * table for every page it compresses: a post page took 16 ms and raised the process's resident
 * size by 31 MB for a moment. A 64 KB window selects a smaller match finder: 3 ms, 3 MB, and
 * 1-2 % more bytes (20.8 KB against 20.5 for a post page).
 */
const PAGE_BROTLI_PARAMS = {
  [zlib.constants.BROTLI_PARAM_QUALITY]: 9,
  [zlib.constants.BROTLI_PARAM_LGWIN]: 16,
}

function brotli(bytes: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zlib.brotliCompress(
      bytes,
      { params: { ...PAGE_BROTLI_PARAMS, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } },
      (error, out) => (error ? reject(error) : resolve(out)),
    ),
  )
}

/** Headers the cached copy keeps (the rest are per request or set again on the way out). */
const KEPT_HEADERS = new Set(['content-type', 'content-language', 'link', 'x-robots-tag'])

export interface PageCache {
  middleware: MiddlewareHandler<AppEnv>
  serveNode(req: IncomingMessage, res: ServerResponse): boolean
  /**
   * Entries and bytes held, for tests and the bench; `recodings`: the times a stored page was
   * decompressed (and compressed again) for a client that does not take brotli.
   */
  stats(): { entries: number; bytes: number; hits: number; misses: number; recodings: number }
  clear(): void
}

/** The headers of one encoding of a page: the common ones, its encoding and its length. */
function encoded(common: [string, string][], encoding: Encoding | null, body: Buffer): Encoded {
  const headers: [string, string][] = [...common]
  if (encoding) headers.push(['Content-Encoding', encoding])
  headers.push(['Content-Length', String(body.length)])
  return { body, headers }
}

/** What a hit reads from the request. */
interface Asked {
  host?: string
  cookie?: string
  acceptEncoding?: string
  ifNoneMatch?: string
}

/** In the order of `found` below. */
const ASKED = ['host', 'cookie', 'accept-encoding', 'if-none-match']

/**
 * The four headers a hit reads, from Node's raw list: `req.headers` builds an object of every
 * header the client sent, lower-cased, which for a browser's request costs about 5 µs, a tenth
 * of a whole hit. A request that repeats one of them takes `req.headers`, and Node's rules for
 * joining repeats.
 */
function askedOf(req: IncomingMessage): Asked {
  const raw = req.rawHeaders
  const found: (string | undefined)[] = [undefined, undefined, undefined, undefined]
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!
    for (let slot = 0; slot < ASKED.length; slot++) {
      if (ASKED[slot]!.length !== name.length || ASKED[slot] !== name.toLowerCase()) continue
      if (found[slot] !== undefined) {
        const h = req.headers
        return {
          host: h.host,
          cookie: h.cookie,
          acceptEncoding: h['accept-encoding'],
          ifNoneMatch: h['if-none-match'],
        }
      }
      found[slot] = raw[i + 1]
      break
    }
  }
  return { host: found[0], cookie: found[1], acceptEncoding: found[2], ifNoneMatch: found[3] }
}

/** Longer Accept-Encoding values are parsed each time rather than remembered. */
const MEMO_MAX_LENGTH = 256
const MEMO_MAX_ENTRIES = 64

export function createPageCache(options: PageCacheOptions): PageCache {
  const now = options.now ?? Date.now
  // A Map keeps insertion order: re-inserting on a hit makes it a least-recently-used list.
  const entries = new Map<string, Entry>()
  /** The entry last put at the end of that list: hitting it again needs no move. */
  let newest: Entry | undefined
  let bytes = 0
  let hits = 0
  let misses = 0
  let recodings = 0
  /** Bumped per topic on every change: a render that began before a change is not stored. */
  const generations = new Map<ContentTopic, number>()
  /** Renders under way, so concurrent visitors of one uncached page wait for one render. */
  const pending = new Map<string, Promise<Entry | null>>()
  let schedule: { at: number } | null = null
  const sessionCookie = new RegExp(`(?:^|;\\s*)${options.sessionCookie}=`)
  const hasSession = (cookie: string | undefined) => !!cookie && sessionCookie.test(cookie)
  /** Clients send a handful of distinct Accept-Encoding values: each is parsed once. */
  const encodingMemo = new Map<string, Encoding | null>()

  const drop = (entry: Entry) => {
    entries.delete(entry.key)
    bytes -= entry.size
  }
  options.events.subscribe((topics) => {
    for (const topic of topics) generations.set(topic, (generations.get(topic) ?? 0) + 1)
    if (topics.includes('posts') || topics.includes('pages')) schedule = null
    for (const entry of entries.values())
      if (entry.topics.some((t) => topics.includes(t))) drop(entry)
  })

  const generationOf = (topics: readonly ContentTopic[]) =>
    topics.map((t) => generations.get(t) ?? 0).join(',')

  async function scheduledAt(): Promise<number> {
    if (schedule && schedule.at > now()) return schedule.at
    // A change announced while the query runs makes its answer old: use it, do not keep it.
    const before = generationOf(['posts', 'pages'])
    const next = await options.nextScheduledPublication()
    const at = next ? Date.parse(next) : Infinity
    if (generationOf(['posts', 'pages']) === before) schedule = { at }
    return at
  }

  /** Least recently used out until the entries fit, never `keep` (the entry just grown). */
  function evict(keep: Entry) {
    for (const oldest of entries.values()) {
      if (bytes <= options.maxBytes) break
      if (oldest !== keep) drop(oldest)
    }
  }

  /** No entry may take more than a quarter of the budget, whatever copies it holds. */
  const fits = (size: number) => size <= options.maxBytes / 4

  function store(entry: Entry) {
    if (!fits(entry.size)) return
    const old = entries.get(entry.key)
    if (old) drop(old)
    entries.set(entry.key, entry)
    newest = entry
    bytes += entry.size
    evict(entry)
  }

  function encodingOf(acceptEncoding: string | undefined): Encoding | null {
    if (acceptEncoding === undefined) return null
    const known = encodingMemo.get(acceptEncoding)
    if (known !== undefined) return known
    const encoding = acceptedEncodings(acceptEncoding)[0] ?? null
    if (acceptEncoding.length <= MEMO_MAX_LENGTH) {
      if (encodingMemo.size >= MEMO_MAX_ENTRIES) encodingMemo.clear()
      encodingMemo.set(acceptEncoding, encoding)
    }
    return encoding
  }

  /**
   * The page in `encoding`: brotli as stored; the others made from it on first demand and kept
   * while the entry is (unless that would take the entry past its share of the budget).
   */
  function copyIn(entry: Entry, encoding: Encoding | null): Encoded {
    if (encoding === 'br') return entry.br
    const kept = encoding === 'gzip' ? entry.gzip : entry.identity
    if (kept) return kept
    recodings++
    const plain = entry.identity?.body ?? zlib.brotliDecompressSync(entry.br.body)
    const copy = encoded(
      entry.common,
      encoding,
      encoding === 'gzip' ? zlib.gzipSync(plain, { level: 6 }) : plain,
    )
    if (entries.get(entry.key) === entry && fits(entry.size + copy.body.length)) {
      if (encoding === 'gzip') entry.gzip = copy
      else entry.identity = copy
      entry.size += copy.body.length
      bytes += copy.body.length
      evict(entry)
    }
    return copy
  }

  /** The copy to send, or null when the client has this one already (a 304). */
  function choose(
    entry: Entry,
    acceptEncoding: string | undefined,
    ifNoneMatch: string | undefined,
  ): Encoded | null {
    if (
      ifNoneMatch !== undefined &&
      (ifNoneMatch === entry.etag || ifNoneMatch.split(',').some((t) => t.trim() === entry.etag))
    )
      return null
    return copyIn(entry, encodingOf(acceptEncoding))
  }

  /** Hono copies the previous response's headers onto a new one; start from none. */
  function send(c: Context<AppEnv>, entry: Entry) {
    const copy = choose(entry, c.req.header('accept-encoding'), c.req.header('if-none-match'))
    const body = copy && c.req.method !== 'HEAD' ? bodyOf(copy.body) : null
    c.res = undefined
    c.res = copy
      ? new Response(body, { status: 200, headers: copy.headers })
      : new Response(null, { status: 304, headers: entry.common })
  }

  /** The key and rule of a request that may be answered from the cache. */
  function keyOf(
    method: string,
    rawUrl: string,
    host: string | undefined,
    cookie: string | undefined,
  ): { key: string; rule: CacheRule } | undefined {
    if (options.maxBytes <= 0 || (method !== 'GET' && method !== 'HEAD')) return undefined
    if (hasSession(cookie)) return undefined
    return cacheKey(rawUrl, options.keyByHost ? host : undefined, cookie)
  }

  /** The stored page for this key, if there is a fresh one (and it is one that may be). */
  function lookup(key: string): Entry | undefined {
    const cached = entries.get(key)
    if (!cached) return undefined
    if (cached.expiresAt <= now()) {
      drop(cached)
      return undefined
    }
    hits++
    if (cached !== newest) {
      entries.delete(key)
      entries.set(key, cached)
      newest = cached
    }
    return cached
  }

  /**
   * The same answer straight on Node's request and response, before the web framework builds a
   * Request: what most visitors' requests cost. False when the request is not for a stored page.
   */
  function serveNode(req: IncomingMessage, res: ServerResponse): boolean {
    // An absolute URL in the request line (rare) goes the long way, keyed by its own host.
    if (!req.url?.startsWith('/')) return false
    const asked = askedOf(req)
    const method = req.method ?? 'GET'
    const target = keyOf(method, req.url, asked.host, asked.cookie)
    const entry = target && lookup(target.key)
    if (!entry) return false
    const copy = choose(entry, asked.acceptEncoding, asked.ifNoneMatch)
    if (copy) {
      writeHead(res, 200, copy.headers)
      res.end(method === 'HEAD' ? undefined : copy.body)
    } else {
      writeHead(res, 304, entry.common)
      res.end()
    }
    return true
  }

  async function render(
    c: Context<AppEnv>,
    next: () => Promise<void>,
    key: string,
    rule: CacheRule,
  ): Promise<Entry | null> {
    const generation = generationOf(rule.topics)
    const started = now()
    await next()
    const res = c.res
    const type = res.headers.get('content-type') ?? ''
    const storable =
      c.req.method === 'GET' &&
      res.status === 200 &&
      !res.headers.has('set-cookie') &&
      !res.headers.has('content-encoding') &&
      !/private|no-store/.test(res.headers.get('cache-control') ?? '') &&
      /^(text\/html|application\/(rss\+)?xml|text\/xml)/.test(type) &&
      !c.get('user') &&
      res.body !== null
    if (!storable) return null
    const raw = await readBody(res)
    const isHtml = type.startsWith('text/html')
    const headers: [string, string][] = []
    res.headers.forEach((value, name) => {
      if (KEPT_HEADERS.has(name)) headers.push([name, value])
    })
    if (isHtml)
      headers.push([
        'content-security-policy',
        options.policyFor(inlineScriptHashes(raw.toString())),
      ])
    const br = await brotli(raw)
    const expiresAt = Math.min(
      started + (rule.maxAgeMs ?? DEFAULT_MAX_AGE_MS),
      rule.topics.includes('posts') || rule.topics.includes('pages')
        ? await scheduledAt()
        : Infinity,
    )
    const etag = `W/"${createHash('sha1').update(raw).digest('base64url').slice(0, 22)}"`
    const common: [string, string][] = [
      ...options.fixedHeaders,
      ...headers,
      // One weak validator for every encoding: they are the same page (RFC 9110, 8.8.1).
      ['ETag', etag],
      ['Vary', 'Cookie, Accept-Encoding'],
      // Browsers keep the copy but ask again each time; an unchanged page costs a 304.
      ['Cache-Control', 'no-cache'],
    ]
    const entry: Entry = {
      key,
      topics: rule.topics,
      expiresAt,
      etag,
      common,
      br: encoded(common, 'br', br),
      gzip: null,
      identity: null,
      size: br.length + key.length * 2 + 512,
    }
    // Content changed while this page was being made: send it, but do not keep it.
    if (generationOf(rule.topics) === generation && expiresAt > now()) store(entry)
    return entry
  }

  const middleware: MiddlewareHandler<AppEnv> = async (c, next) => {
    // The host of the URL the page is rendered for, not the Host header: a request line with an
    // absolute URL (`GET http://elsewhere.example/faqs`) names its own host, which HTTP says wins
    // over the header, and its links must not be kept under the header's host.
    const url = c.req.url
    const authority = url.indexOf('//') + 2
    const pathStart = url.indexOf('/', authority)
    const target = keyOf(
      c.req.method,
      url.slice(pathStart),
      url.slice(authority, pathStart),
      c.req.header('cookie'),
    )
    if (!target) return next()
    const { key, rule } = target

    const cached = lookup(key)
    if (cached) {
      send(c, cached)
      return
    }
    misses++
    const waiting = pending.get(key)
    if (waiting) {
      const entry = await waiting
      if (entry) {
        send(c, entry)
        return
      }
      return next()
    }
    // What a HEAD makes has no body to keep (React Router sends none), so a HEAD renders for
    // itself: were it the render others wait for, each of them would then render again.
    if (c.req.method !== 'GET') return next()
    let settle!: (entry: Entry | null) => void
    pending.set(key, new Promise<Entry | null>((resolve) => (settle = resolve)))
    try {
      const entry = await render(c, next, key, rule)
      settle(entry)
      if (entry) send(c, entry)
    } catch (error) {
      settle(null)
      throw error
    } finally {
      pending.delete(key)
    }
  }

  return {
    middleware,
    serveNode,
    stats: () => ({ entries: entries.size, bytes, hits, misses, recodings }),
    clear: () => {
      entries.clear()
      newest = undefined
      bytes = 0
    },
  }
}

/**
 * The headers as they are, the fast way; but a header the server set already (`Connection: close`
 * while it drains) makes Node merge, and its merge refuses a list of pairs: the process died of it.
 */
function writeHead(res: ServerResponse, status: number, headers: [string, string][]) {
  if (res.getHeaderNames().length === 0) {
    res.writeHead(status, headers)
    return
  }
  for (const [name, value] of headers) res.setHeader(name, value)
  res.writeHead(status)
}
