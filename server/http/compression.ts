import zlib from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from './env.ts'
import { bodyOf, readBody } from './response-body.ts'

/**
 * Compresses pages, JSON and feeds on the fly: brotli when the client takes it, else gzip.
 * Static assets are not touched here: they were compressed once at build time
 * (scripts/compress-assets.ts), and cached pages are stored compressed (server/http/page-cache.ts).
 */
const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|xml|rss\+xml|atom\+xml|manifest\+json)|image\/svg\+xml)/i
/** Below this, compression costs more than it saves. */
export const MIN_COMPRESS_BYTES = 1024
/**
 * Settings for content made per request: pages visitors share are compressed once, harder, by
 * server/http/page-cache.ts, and build-time assets at the maximum. What is compressed here is
 * compressed for one response, so CPU counts more than the last bytes. For a 71 KB post page
 * (its own stylesheet inlined, ADR 013) brotli quality 0 takes 0.13 ms for 19.8 KB, quality 1
 * 0.31 ms for 19.4 KB, quality 2 0.37 ms for 17.9 KB, gzip level 1 0.40 ms for 19.1 KB (ADR 011
 * chose quality 1 among 1, 2 and 4). A 256 KB window (the default is 4 MB) keeps each
 * compressor's memory small.
 */
const BROTLI_QUALITY = 0
const BROTLI_WINDOW_BITS = 18
const GZIP_LEVEL = 6
/**
 * Up to this size a body is compressed on the main thread, at once: a page takes a third of a
 * millisecond, and the thread pool's round trip costs more CPU than that saves, keeps every
 * request's buffers alive across it and grows a malloc arena per pool thread (ADR 011). Larger
 * bodies (a long feed, a big JSON list) go to the thread pool, so that none holds up the others.
 */
export const SYNC_COMPRESS_MAX_BYTES = 256 * 1024

export type Encoding = 'br' | 'gzip'

/** The encodings the client accepts, best first (q=0 means refused). */
export function acceptedEncodings(acceptEncoding: string | undefined): Encoding[] {
  if (!acceptEncoding) return []
  const accepted = new Map<string, number>()
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';')
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean)
    if (name) accepted.set(name.trim(), q === undefined ? 1 : Number(q))
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0
  return (['br', 'gzip'] as const).filter(ok)
}

function brotliOptions(bytes: Buffer): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [zlib.constants.BROTLI_PARAM_LGWIN]: BROTLI_WINDOW_BITS,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  }
}

/** The body in `encoding`: at once when it is small, else on the thread pool. */
export function compress(bytes: Buffer, encoding: Encoding): Buffer | Promise<Buffer> {
  if (bytes.length <= SYNC_COMPRESS_MAX_BYTES)
    return encoding === 'br'
      ? zlib.brotliCompressSync(bytes, brotliOptions(bytes))
      : zlib.gzipSync(bytes, { level: GZIP_LEVEL })
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, out: Buffer) => (error ? reject(error) : resolve(out))
    if (encoding === 'br') zlib.brotliCompress(bytes, brotliOptions(bytes), done)
    else zlib.gzip(bytes, { level: GZIP_LEVEL }, done)
  })
}

/**
 * Hono's `c.res` setter copies the previous response's headers over the new one's, which would
 * put back the uncompressed Content-Length and the old Vary; clear it first.
 */
function replaceResponse(c: Context<AppEnv>, res: Response) {
  c.res = undefined
  c.res = res
}

export function compression(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    const res = c.res
    if (c.req.method === 'HEAD' || !res.body || res.status === 204 || res.status === 304) return
    // A response that varies by Accept-Encoding already chose its encoding for this client (a
    // stored page, ADR 009): sent as it is, also when that is no encoding at all.
    if (
      res.headers.has('Content-Encoding') ||
      /accept-encoding/i.test(res.headers.get('Vary') ?? '')
    )
      return
    if (!COMPRESSIBLE.test(res.headers.get('Content-Type') ?? '')) return
    const length = Number(res.headers.get('Content-Length') ?? NaN)
    // A download of no stated length streams as it is made (a member's data, an export): read
    // whole to be compressed, it would be held in memory however large it grows.
    if (Number.isNaN(length) && /^attachment\b/i.test(res.headers.get('Content-Disposition') ?? ''))
      return
    if (length < MIN_COMPRESS_BYTES) return
    const encoding = acceptedEncodings(c.req.header('accept-encoding'))[0]
    const headers = new Headers(res.headers)
    headers.append('Vary', 'Accept-Encoding')
    // A strong ETag names the uncompressed bytes; the compressed ones differ.
    const etag = headers.get('ETag')
    if (encoding && etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`)
    const init = { status: res.status, statusText: res.statusText, headers }
    // Pages, JSON and feeds are compressed whole, once. A page could stream, chunk by chunk,
    // but the site's pages render only after their data is in (no deferred parts), so there is
    // little to gain, and a brotli stream flushed per chunk costs five times the CPU of one
    // pass over the finished page (6 ms against 0.8 for a post page). Small ones go out as they are.
    const bytes = await readBody(res)
    if (!encoding || bytes.length < MIN_COMPRESS_BYTES) {
      replaceResponse(c, new Response(bodyOf(bytes), init))
      return
    }
    const body = await compress(bytes, encoding)
    headers.set('Content-Encoding', encoding)
    headers.set('Content-Length', String(body.length))
    replaceResponse(c, new Response(bodyOf(body), init))
  }
}
