import { Readable } from 'node:stream'
import type { Handler } from 'hono'
import type { Storage, StoredObjectInfo } from '../storage/storage.ts'
import { keyOfUrl } from '../storage/storage.ts'
import type { AppEnv } from './env.ts'

/** Uploads are immutable under their key (a new image gets a new key): a day in any cache. */
export const UPLOADS_CACHE_CONTROL = 'public, max-age=86400'

/** Types served as themselves; anything else is sent as a download, never rendered by the site. */
const INLINE_TYPES = new Set(['image/webp', 'image/png', 'image/jpeg', 'image/gif'])

/**
 * GET/HEAD /uploads/{key}: the object streamed from the storage (disk or an object store), with
 * its type and length, so every node serves every upload and nothing is held in memory. A HEAD,
 * or a GET that names the object's current ETag (answered 304), asks the storage for the headers
 * only: an object store sends no bytes that would be thrown away.
 */
/** The response headers for an object: its type (or a download), length, ETag and date. */
function headersOf(info: StoredObjectInfo): Headers {
  const headers = new Headers({
    'Cache-Control': UPLOADS_CACHE_CONTROL,
    'X-Content-Type-Options': 'nosniff',
  })
  const type = info.contentType.split(';')[0]!.trim().toLowerCase()
  if (INLINE_TYPES.has(type)) headers.set('Content-Type', type)
  else {
    headers.set('Content-Type', 'application/octet-stream')
    headers.set('Content-Disposition', 'attachment')
  }
  if (info.contentLength !== null) headers.set('Content-Length', String(info.contentLength))
  if (info.etag) headers.set('ETag', info.etag)
  if (info.lastModified) headers.set('Last-Modified', info.lastModified.toUTCString())
  return headers
}

export function serveUploads(storage: Storage): Handler<AppEnv> {
  return async (c) => {
    const key = keyOfUrl(c.req.path)
    const ifNoneMatch = c.req.header('if-none-match')
    const notFound = () => c.text('Not found', 404, { 'Cache-Control': 'no-store' })
    if (!key) return notFound()
    if (c.req.method === 'HEAD' || ifNoneMatch !== undefined) {
      const info = await storage.stat(key)
      if (!info) return notFound()
      const headers = headersOf(info)
      if (info.etag !== null && ifNoneMatch === info.etag) {
        headers.delete('Content-Length')
        return new Response(null, { status: 304, headers })
      }
      if (c.req.method === 'HEAD') return new Response(null, { headers })
      // A GET whose ETag is out of date: now the bytes, with their own headers.
    }
    const object = await storage.open(key)
    if (!object) return notFound()
    return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, {
      headers: headersOf(object),
    })
  }
}
