import { mkdtempSync, readFileSync, rmSync, existsSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { createDiskStorage, keyOfUrl } from './storage.ts'

const dataDir = mkdtempSync(path.join(tmpdir(), 'storage-test-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('disk storage', () => {
  const storage = createDiskStorage(dataDir)

  it('puts, overwrites, reads, serves under /uploads and deletes', async () => {
    await storage.put('header-images/abc-480.webp', Buffer.from('one'), 'image/webp')
    await storage.put('header-images/abc-480.webp', Buffer.from('two'), 'image/webp')
    const file = path.join(dataDir, 'uploads', 'header-images', 'abc-480.webp')
    expect(readFileSync(file, 'utf8')).toBe('two')
    expect(await storage.get('header-images/abc-480.webp')).toEqual({
      bytes: Buffer.from('two'),
      contentType: 'image/webp',
    })
    expect(storage.url('header-images/abc-480.webp')).toBe('/uploads/header-images/abc-480.webp')
    expect(keyOfUrl('/uploads/header-images/abc-480.webp')).toBe('header-images/abc-480.webp')
    await storage.delete('header-images/abc-480.webp')
    expect(existsSync(file)).toBe(false)
    expect(await storage.get('header-images/abc-480.webp')).toBeNull()
    await storage.delete('header-images/abc-480.webp')
  })

  it('describes a file as open does, without opening it', async () => {
    await storage.put('avatars/3-stat.webp', Buffer.from('three'), 'image/webp')
    const opened = await storage.open('avatars/3-stat.webp')
    opened!.body.destroy()
    const { body: _body, ...expected } = opened!
    expect(await storage.stat('avatars/3-stat.webp')).toEqual(expected)
    expect(expected).toMatchObject({ contentType: 'image/webp', contentLength: 5 })
    expect(await storage.stat('avatars/never-stored.webp')).toBeNull()
    await storage.delete('avatars/3-stat.webp')
  })

  it('never lets a key escape DATA_DIR/uploads', async () => {
    for (const key of [
      '../site.db',
      '../../etc/passwd',
      '/etc/passwd',
      'a/../../b.txt',
      'a\\..\\b.webp',
      'header-images/..webp',
      '',
      'x/./y.webp',
      'a//b.webp',
    ]) {
      await expect(storage.put(key, Buffer.from('x'), 'text/plain'), key).rejects.toThrow()
      await expect(storage.delete(key), key).rejects.toThrow()
      expect(keyOfUrl(`/uploads/${key}`), key).toBeNull()
    }
    expect(keyOfUrl('https://example.org/uploads/a.webp')).toBeNull()
  })

  it('lists every key, private ones too, and no half-written file', async () => {
    const root = mkdtempSync(path.join(dataDir, 'list-'))
    const listing = createDiskStorage(root)
    const none: string[] = []
    for await (const key of listing.list()) none.push(key)
    expect(none).toEqual([])
    await listing.put('avatars/1-ab.webp', Buffer.from('a'), 'image/webp')
    await listing.put('header-images/m31-960.webp', Buffer.from('b'), 'image/webp')
    await listing.putStream(
      'private/resources/atlas.pdf',
      Readable.from([Buffer.from('c')]),
      'application/pdf',
    )
    writeFileSync(path.join(root, 'uploads', 'avatars', '2-cd.webp.123.456.tmp'), 'half')
    const keys: string[] = []
    for await (const key of listing.list()) keys.push(key)
    expect(keys.sort()).toEqual([
      'avatars/1-ab.webp',
      'header-images/m31-960.webp',
      'private/resources/atlas.pdf',
    ])
  })
})
