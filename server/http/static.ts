import { createReadStream, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import type { MiddlewareHandler } from 'hono'
import { acceptedEncodings } from './compression.ts'
import type { AppEnv } from './env.ts'

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml',
  '.map': 'application/json',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
}

/** Every file under dir as a URL path ("/assets/app-x1y2.js") with its size. */
function listFiles(dir: string): Map<string, number> {
  const out = new Map<string, number>()
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue
    const full = path.join(entry.parentPath, entry.name)
    out.set('/' + path.relative(dir, full).split(path.sep).join('/'), statSync(full).size)
  }
  return out
}

/**
 * The client build, listed once at start (a page request then costs no file-system lookup).
 * A file compressed at build time is sent as its `.br` or `.gz` twin to clients that take it.
 * Hashed files under /assets never change: cached for a year.
 */
export function serveBuild(dir: string): MiddlewareHandler<AppEnv> {
  const files = listFiles(dir)
  return async (c, next) => {
    const urlPath = c.req.path
    const size = files.get(urlPath)
    if (size === undefined || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next()
    const headers: Record<string, string> = {
      'Content-Type': TYPES[path.extname(urlPath)] ?? 'application/octet-stream',
      'Cache-Control': urlPath.startsWith('/assets/')
        ? 'public, max-age=31536000, immutable'
        : 'public, max-age=3600',
    }
    let file = urlPath
    let length = size
    const variants = (['br', 'gzip'] as const).filter((e) =>
      files.has(`${urlPath}.${e === 'br' ? 'br' : 'gz'}`),
    )
    if (variants.length) {
      headers.Vary = 'Accept-Encoding'
      const chosen = acceptedEncodings(c.req.header('accept-encoding')).find((e) =>
        variants.includes(e),
      )
      if (chosen) {
        file = `${urlPath}.${chosen === 'br' ? 'br' : 'gz'}`
        length = files.get(file)!
        headers['Content-Encoding'] = chosen
      }
    }
    headers['Content-Length'] = String(length)
    if (c.req.method === 'HEAD') return c.body(null, 200, headers)
    const stream = Readable.toWeb(createReadStream(path.join(dir, file))) as ReadableStream
    return c.body(stream, 200, headers)
  }
}
