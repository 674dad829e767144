import { Readable } from 'node:stream'
import type { Handler } from 'hono'
import type { Storage } from '../storage/storage.ts'
import { keyOfUrl } from '../storage/storage.ts'
import type { AppEnv } from './env.ts'

/** Uploads are immutable under their key (a new image gets a new key): a day in any cache. */
export const UPLOADS_CACHE_CONTROL = 'public, max-age=86400'

/** Types served as themselves; anything else is sent as a download, never rendered by the site. */
const INLINE_TYPES = new Set(['image/webp', 'image/png', 'image/jpeg', 'image/gif'])

/**
 * GET/HEAD /uploads/{key}: the object streamed from the storage (disk or an object store), with
 * its type and length, so every node serves every upload and nothing is held in memory.
 */
export function serveUploads(storage: Storage): Handler<AppEnv> {
  return async (c) => {
    const key = keyOfUrl(c.req.path)
    const object = key ? await storage.open(key) : null
    if (!object) return c.text('Not found', 404, { 'Cache-Control': 'no-store' })

    const headers = new Headers({
      'Cache-Control': UPLOADS_CACHE_CONTROL,
      'X-Content-Type-Options': 'nosniff',
    })
    const type = object.contentType.split(';')[0]!.trim().toLowerCase()
    if (INLINE_TYPES.has(type)) headers.set('Content-Type', type)
    else {
      headers.set('Content-Type', 'application/octet-stream')
      headers.set('Content-Disposition', 'attachment')
    }
    if (object.contentLength !== null) headers.set('Content-Length', String(object.contentLength))
    if (object.etag) headers.set('ETag', object.etag)
    if (object.lastModified) headers.set('Last-Modified', object.lastModified.toUTCString())

    const notModified = object.etag !== null && c.req.header('if-none-match') === object.etag
    if (notModified || c.req.method === 'HEAD') {
      object.body.destroy()
      if (notModified) headers.delete('Content-Length')
      return new Response(null, { status: notModified ? 304 : 200, headers })
    }
    return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, { headers })
  }
}
