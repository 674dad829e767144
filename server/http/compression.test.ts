import zlib from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { compress, SYNC_COMPRESS_MAX_BYTES } from './compression.ts'

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
