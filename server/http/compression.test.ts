import zlib from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { compress, compression, SYNC_COMPRESS_MAX_BYTES } from './compression.ts'
import type { AppEnv } from './env.ts'

const page = (bytes: number) =>
  Buffer.from(
    '<p>The Pleiades rise in the east after midnight.</p>'.repeat(bytes / 51 + 1),
  ).subarray(0, bytes)

describe('compressing a body for one response', () => {
  it('compresses a page at once, on the main thread', () => {
    const bytes = page(100_000)
    const br = compress(bytes, 'br')
    const gzip = compress(bytes, 'gzip')
    expect(br).toBeInstanceOf(Buffer)
    expect(gzip).toBeInstanceOf(Buffer)
    expect(zlib.brotliDecompressSync(br as Buffer).equals(bytes)).toBe(true)
    expect(zlib.gunzipSync(gzip as Buffer).equals(bytes)).toBe(true)
    expect((br as Buffer).length).toBeLessThan(bytes.length / 10)
  })

  it('hands a larger body to the thread pool', async () => {
    const bytes = page(SYNC_COMPRESS_MAX_BYTES + 1)
    const br = compress(bytes, 'br')
    expect(br).toBeInstanceOf(Promise)
    expect(zlib.brotliDecompressSync(await br).equals(bytes)).toBe(true)
    expect(zlib.gunzipSync(await compress(bytes, 'gzip')).equals(bytes)).toBe(true)
  })
})

describe('the compression middleware', () => {
  const app = new Hono<AppEnv>()
  app.use(compression())
  app.get('/chosen', (c) =>
    c.body(page(4000).toString(), 200, {
      'Content-Type': 'text/html',
      'Content-Length': '4000',
      Vary: 'Cookie, Accept-Encoding',
    }),
  )
  app.get('/plain', (c) =>
    c.body(page(4000).toString(), 200, { 'Content-Type': 'text/html', 'Content-Length': '4000' }),
  )

  app.get('/download', () => {
    let sent = 0
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 1
        if (sent > 3) controller.close()
        else controller.enqueue(new TextEncoder().encode(`{"part":${sent}}\n`))
      },
    })
    return new Response(body, {
      headers: {
        'Content-Type': 'application/json',
        'Content-Disposition': 'attachment; filename="my-data.json"',
      },
    })
  })

  it('streams a download of no stated length as it is made, without reading it whole first', async () => {
    const res = await app.request('/download', { headers: { 'accept-encoding': 'br' } })
    expect(res.headers.get('content-encoding')).toBeNull()
    const reader = res.body!.getReader()
    const first = await reader.read()
    expect(new TextDecoder().decode(first.value)).toBe('{"part":1}\n')
    await reader.cancel()
  })

  it('compresses a page for the encoding the client takes, and says it varies by it', async () => {
    const res = await app.request('/plain', { headers: { 'accept-encoding': 'gzip' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toBe('Accept-Encoding')
    expect(zlib.gunzipSync(Buffer.from(await res.arrayBuffer())).equals(page(4000))).toBe(true)
  })

  it('leaves alone a response that already chose its encoding (none here) for this client', async () => {
    const clients: Record<string, string>[] = [
      {},
      { 'accept-encoding': 'gzip' },
      { 'accept-encoding': 'br' },
    ]
    for (const headers of clients) {
      const res = await app.request('/chosen', { headers })
      expect(res.headers.get('content-encoding')).toBeNull()
      expect(res.headers.get('vary')).toBe('Cookie, Accept-Encoding')
      expect(Buffer.from(await res.arrayBuffer()).equals(page(4000))).toBe(true)
    }
  })
})
