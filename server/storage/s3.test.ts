import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  S3RVER_CREDENTIALS,
  startS3Server,
  type TestS3Server,
} from '../../tests/support/s3-server.ts'
import { parseStorageConfig } from '../config.ts'
import { createStorage } from './create-storage.ts'
import { createS3Storage, type S3Storage } from './s3.ts'
import { readObject } from './storage.ts'

let s3: TestS3Server
const opened: S3Storage[] = []

function storage(options: { prefix?: string; publicBaseUrl?: string } = {}): S3Storage {
  const made = createS3Storage({
    bucket: s3.bucket,
    prefix: options.prefix ?? '',
    endpoint: s3.endpoint,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
    publicBaseUrl: options.publicBaseUrl,
    timeoutMs: 5_000,
  })
  opened.push(made)
  return made
}

beforeAll(async () => {
  s3 = await startS3Server()
})
afterAll(async () => {
  for (const made of opened) made.close()
  await s3?.stop()
})

const WEBP = Buffer.from('RIFF\x1a\x00\x00\x00WEBPVP8 fake image bytes', 'latin1')

describe('S3 storage', () => {
  it('puts, overwrites, reads with type and length, and deletes', async () => {
    const store = storage()
    await store.put('header-images/abc-480.webp', WEBP, 'image/webp')
    await store.put('header-images/abc-480.webp', Buffer.from('second version'), 'image/webp')
    expect(await store.get('header-images/abc-480.webp')).toEqual({
      bytes: Buffer.from('second version'),
      contentType: 'image/webp',
    })
    const object = await store.open('header-images/abc-480.webp')
    expect(object).toMatchObject({ contentType: 'image/webp', contentLength: 14 })
    expect(object!.etag).toMatch(/^"[0-9a-f]+"$/)
    expect(object!.lastModified).toBeInstanceOf(Date)
    expect((await readObject(object!)).bytes.toString()).toBe('second version')

    await store.delete('header-images/abc-480.webp')
    expect(await store.open('header-images/abc-480.webp')).toBeNull()
    // Deleting what is not there is not an error.
    await store.delete('header-images/abc-480.webp')
  })

  it('describes an object from its headers alone, as open does', async () => {
    const store = storage()
    await store.put('avatars/9-stat.webp', WEBP, 'image/webp')
    const opened = await store.open('avatars/9-stat.webp')
    opened!.body.destroy()
    const { body: _body, ...expected } = opened!
    expect(await store.stat('avatars/9-stat.webp')).toEqual(expected)
    expect(await store.stat('avatars/never-stored.webp')).toBeNull()
    await store.delete('avatars/9-stat.webp')
  })

  it('answers null for a key that was never stored', async () => {
    const store = storage()
    expect(await store.open('avatars/never-stored.webp')).toBeNull()
    expect(await store.get('avatars/never-stored.webp')).toBeNull()
  })

  it('keeps each content type it was given', async () => {
    const store = storage()
    const types = {
      'files/a.webp': 'image/webp',
      'files/b.png': 'image/png',
      'files/c.jpg': 'image/jpeg',
      'files/d.pdf': 'application/pdf',
    }
    for (const [key, type] of Object.entries(types)) await store.put(key, WEBP, type)
    for (const [key, type] of Object.entries(types))
      expect((await store.open(key))?.contentType, key).toBe(type)
    for (const key of Object.keys(types)) await store.delete(key)
  })

  it('streams large objects and refuses to read more than the cap into memory', async () => {
    const store = storage()
    const big = Buffer.alloc(3 * 1024 * 1024, 7)
    await store.put('files/big.webp', big, 'image/webp')
    const object = await store.open('files/big.webp')
    expect(object!.contentLength).toBe(big.length)
    await expect(readObject(object!, 1024 * 1024)).rejects.toThrow(/larger than/)
    const whole = await readObject((await store.open('files/big.webp'))!)
    expect(whole.bytes.equals(big)).toBe(true)
    await store.delete('files/big.webp')
  })

  it('keeps a prefix apart: another prefix or none never sees its objects', async () => {
    const siteA = storage({ prefix: 'site-a' })
    const siteB = storage({ prefix: 'site-b' })
    const bare = storage()
    await siteA.put('avatars/1-x.webp', Buffer.from('a'), 'image/webp')
    expect(await siteB.open('avatars/1-x.webp')).toBeNull()
    expect(await bare.open('avatars/1-x.webp')).toBeNull()
    // The object lives at {prefix}/{key} in the bucket.
    expect((await bare.get('site-a/avatars/1-x.webp'))?.bytes.toString()).toBe('a')
    await siteA.delete('avatars/1-x.webp')
    expect(await bare.open('site-a/avatars/1-x.webp')).toBeNull()
  })

  it('lists the keys under its prefix only, page after page', async () => {
    const site = storage({ prefix: 'listed' })
    const other = storage({ prefix: 'listed-too' })
    await other.put('avatars/9-zz.webp', WEBP, 'image/webp')
    const keys = Array.from({ length: 3 }, (_, i) => `avatars/${i}-ab.webp`)
    for (const key of keys) await site.put(key, WEBP, 'image/webp')
    await site.put('private/resources/atlas.pdf', WEBP, 'application/pdf')
    const listed: string[] = []
    for await (const key of site.list()) listed.push(key)
    expect(listed.sort()).toEqual([...keys, 'private/resources/atlas.pdf'])
    for (const key of listed) await site.delete(key)
    await other.delete('avatars/9-zz.webp')
  })

  it('refuses keys that try to escape, before any request', async () => {
    const store = storage({ prefix: 'site-a' })
    for (const key of [
      '../site-b/avatars/x.webp',
      '../../etc/passwd',
      '/etc/passwd',
      'a/../../b.webp',
      'a\\..\\b.webp',
      'header-images/..webp',
      '',
      'x/./y.webp',
      'a//b.webp',
      'a/b.webp?x-id=DeleteObjects',
      'a%2f..%2fb.webp',
    ]) {
      await expect(store.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow(
        /Invalid storage key/,
      )
      await expect(store.delete(key), key).rejects.toThrow(/Invalid storage key/)
      await expect(store.open(key), key).rejects.toThrow(/Invalid storage key/)
    }
  })

  it('makes /uploads URLs, or public ones under STORAGE_PUBLIC_URL, and reads keys back from both', () => {
    const site = storage()
    expect(site.url('avatars/1-ab.webp')).toBe('/uploads/avatars/1-ab.webp')
    expect(site.keyOf('/uploads/avatars/1-ab.webp')).toBe('avatars/1-ab.webp')
    const cdn = storage({ publicBaseUrl: 'https://cdn.example.org/site-a/' })
    expect(cdn.url('avatars/1-ab.webp')).toBe('https://cdn.example.org/site-a/avatars/1-ab.webp')
    expect(cdn.keyOf('https://cdn.example.org/site-a/avatars/1-ab.webp')).toBe('avatars/1-ab.webp')
    // Uploads made before the base URL was set keep working.
    expect(cdn.keyOf('/uploads/avatars/1-ab.webp')).toBe('avatars/1-ab.webp')
    expect(cdn.keyOf('https://cdn.example.org/site-a/../x.webp')).toBeNull()
    expect(cdn.keyOf('https://elsewhere.example.org/site-a/avatars/1-ab.webp')).toBeNull()
    expect(cdn.keyOf('https://cdn.example.org/site-ab/avatars/1-ab.webp')).toBeNull()
  })

  it('is what STORAGE_URL selects', async () => {
    const config = parseStorageConfig({
      STORAGE_URL: `s3://${s3.bucket}/configured?endpoint=${s3.endpoint}&region=eu-west-1`,
      S3_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    })
    expect(config).toEqual({
      kind: 's3',
      bucket: s3.bucket,
      prefix: 'configured',
      endpoint: s3.endpoint,
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
      publicBaseUrl: undefined,
    })
    const store = createStorage({ storage: config, dataDir: '/nonexistent' }) as S3Storage
    opened.push(store)
    await store.put('avatars/2-cd.webp', Buffer.from('via config'), 'image/webp')
    expect((await storage().get('configured/avatars/2-cd.webp'))?.bytes.toString()).toBe(
      'via config',
    )
    await store.delete('avatars/2-cd.webp')
  })

  it('fails with the store error when the store is unreachable (not as a missing object)', async () => {
    const down = createS3Storage({
      bucket: s3.bucket,
      prefix: '',
      endpoint: 'http://127.0.0.1:1',
      region: 'us-east-1',
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
      timeoutMs: 1_000,
    })
    opened.push(down)
    await expect(down.open('avatars/1-ab.webp')).rejects.toThrow()
  })
})
