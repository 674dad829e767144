import zlib from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { acceptedEncodings } from '../../server/http/compression.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { asAdmin, createPost } from '../support/factories.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
  const { cookie } = await t.signedIn('admin')
  for (let i = 0; i < 6; i++)
    await createPost(asAdmin(t, cookie), {
      title: `Compressible post ${i}`,
      content: `<p>${'Nebulae and star clusters. '.repeat(40)}</p>`,
      status: 'published',
    })
})
afterAll(() => t.close())

async function get(path: string, acceptEncoding?: string) {
  const res = await t.app.request(
    `http://localhost${path}`,
    {
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    },
    { incoming: { socket: { remoteAddress: '203.0.113.5' } } } as never,
  )
  return { res, bytes: Buffer.from(await res.arrayBuffer()) }
}

describe('responses are compressed', () => {
  it('brotli when accepted, gzip otherwise, with Vary', async () => {
    const plain = await get('/_api/blog/list', '')
    expect(plain.res.headers.get('content-encoding')).toBeNull()
    const json = JSON.parse(plain.bytes.toString('utf8'))
    expect(json.posts.length).toBeGreaterThan(0)

    const br = await get('/_api/blog/list', 'gzip, deflate, br')
    expect(br.res.headers.get('content-encoding')).toBe('br')
    expect(br.res.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(Number(br.res.headers.get('content-length'))).toBe(br.bytes.length)
    expect(JSON.parse(zlib.brotliDecompressSync(br.bytes).toString('utf8'))).toEqual(json)
    expect(br.bytes.length).toBeLessThan(plain.bytes.length / 3)

    const gz = await get('/_api/blog/list', 'gzip')
    expect(gz.res.headers.get('content-encoding')).toBe('gzip')
    expect(JSON.parse(zlib.gunzipSync(gz.bytes).toString('utf8'))).toEqual(json)

    const refused = await get('/_api/blog/list', 'br;q=0, gzip;q=0')
    expect(refused.res.headers.get('content-encoding')).toBeNull()
  })

  it('feeds too; small bodies are left as they are', async () => {
    const rss = await get('/rss.xml', 'br')
    expect(rss.res.headers.get('content-encoding')).toBe('br')
    expect(zlib.brotliDecompressSync(rss.bytes).toString('utf8')).toContain('<rss')
    const small = await get('/healthz', 'br')
    expect(small.res.headers.get('content-encoding')).toBeNull()
  })

  it('reads Accept-Encoding with q values', () => {
    expect(acceptedEncodings('gzip, deflate, br')).toEqual(['br', 'gzip'])
    expect(acceptedEncodings('gzip;q=1.0, br;q=0')).toEqual(['gzip'])
    expect(acceptedEncodings('*')).toEqual(['br', 'gzip'])
    expect(acceptedEncodings('identity')).toEqual([])
    expect(acceptedEncodings(undefined)).toEqual([])
  })
})
