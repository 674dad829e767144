import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  S3RVER_CREDENTIALS,
  startS3Server,
  type TestS3Server,
} from '../../tests/support/s3-server.ts'
import { createS3Storage, type S3Storage } from '../storage/s3.ts'
import { createDiskStorage, type Storage } from '../storage/storage.ts'
import type { AppEnv } from './env.ts'
import { serveUploads } from './uploads.ts'

const dataDir = mkdtempSync(path.join(tmpdir(), 'uploads-test-'))
let s3: TestS3Server
let s3Storage: S3Storage

beforeAll(async () => {
  s3 = await startS3Server()
  s3Storage = createS3Storage({
    bucket: s3.bucket,
    prefix: 'site',
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
  })
})
afterAll(async () => {
  s3Storage?.close()
  await s3?.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

const IMAGE = Buffer.from('RIFF....WEBPVP8 not really an image, but bytes all the same', 'latin1')

const adapters: Array<[string, () => Storage]> = [
  ['disk', () => createDiskStorage(dataDir)],
  ['S3', () => s3Storage],
]

describe.each(adapters)('GET /uploads/* from %s storage', (_name, storageOf) => {
  const app = () => {
    const hono = new Hono<AppEnv>()
    hono.get('/uploads/*', serveUploads(storageOf()))
    return hono
  }

  it('streams the object with its type, length, caching and nosniff', async () => {
    await storageOf().put('avatars/7-abc.webp', IMAGE, 'image/webp')
    const res = await app().request('/uploads/avatars/7-abc.webp')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/webp')
    expect(res.headers.get('content-length')).toBe(String(IMAGE.length))
    expect(res.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(Buffer.from(await res.arrayBuffer()).equals(IMAGE)).toBe(true)

    const etag = res.headers.get('etag')!
    expect(etag).toBeTruthy()
    const again = await app().request('/uploads/avatars/7-abc.webp', {
      headers: { 'if-none-match': etag },
    })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')

    const head = await app().request('/uploads/avatars/7-abc.webp', { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(IMAGE.length))
  })

  it('answers 404 for a missing key and for paths that are not keys', async () => {
    for (const url of [
      '/uploads/avatars/never-there.webp',
      '/uploads/../site.db',
      '/uploads/%2e%2e/site.db',
      '/uploads/avatars/..%2f..%2fsite.db',
      '/uploads/',
      '/uploads/avatars',
    ]) {
      const res = await app().request(url)
      expect(res.status, url).toBe(404)
    }
    const missing = await app().request('/uploads/avatars/never-there.webp')
    expect(missing.headers.get('cache-control')).toBe('no-store')
  })

  it('answers a HEAD or a conditional GET from the headers alone, never opening the bytes', async () => {
    const storage = storageOf()
    await storage.put('header-images/h-960.webp', IMAGE, 'image/webp')
    const calls: string[] = []
    const counted: Storage = {
      ...storage,
      open: (key) => (calls.push('open'), storage.open(key)),
      stat: (key) => (calls.push('stat'), storage.stat(key)),
    }
    const hono = new Hono<AppEnv>()
    hono.get('/uploads/*', serveUploads(counted))
    const url = '/uploads/header-images/h-960.webp'

    const first = await hono.request(url)
    expect(calls).toEqual(['open'])
    const etag = first.headers.get('etag')!
    await first.arrayBuffer()

    calls.length = 0
    const fresh = await hono.request(url, { headers: { 'if-none-match': etag } })
    expect(fresh.status).toBe(304)
    expect(fresh.headers.get('etag')).toBe(etag)
    expect(fresh.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(calls).toEqual(['stat'])

    calls.length = 0
    const head = await hono.request(url, { method: 'HEAD' })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-length')).toBe(String(IMAGE.length))
    expect(head.headers.get('content-type')).toBe('image/webp')
    expect(calls).toEqual(['stat'])

    // An ETag that is out of date: the bytes after all.
    calls.length = 0
    const stale = await hono.request(url, { headers: { 'if-none-match': '"out-of-date"' } })
    expect(stale.status).toBe(200)
    expect(stale.headers.get('etag')).toBe(etag)
    expect(Buffer.from(await stale.arrayBuffer()).equals(IMAGE)).toBe(true)
    expect(calls).toEqual(['stat', 'open'])

    calls.length = 0
    expect((await hono.request('/uploads/avatars/gone.webp', { method: 'HEAD' })).status).toBe(404)
    expect(calls).toEqual(['stat'])
  })

  it('never serves a stored object as something a browser would render', async () => {
    await storageOf().put('files/doc.pdf', Buffer.from('%PDF-1.4 <script>'), 'application/pdf')
    const res = await app().request('/uploads/files/doc.pdf')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/octet-stream')
    expect(res.headers.get('content-disposition')).toBe('attachment')
  })
})

describe('disk storage on /uploads', () => {
  it('does not serve files beside the uploads folder', async () => {
    writeFileSync(path.join(dataDir, 'site.db'), 'secret')
    const hono = new Hono<AppEnv>()
    hono.get('/uploads/*', serveUploads(createDiskStorage(dataDir)))
    expect((await hono.request('/uploads/site.db')).status).toBe(404)
  })
})
