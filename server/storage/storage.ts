import { createReadStream } from 'node:fs'
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Readable } from 'node:stream'

/**
 * Where uploaded files live. Callers name a file by a key ("header-images/ab12-960.webp") and
 * never touch the file system themselves, so another adapter (an object store) can replace the
 * disk without changing them.
 */
export interface Storage {
  /** Writes the whole object; a reader never sees half of it. Overwrites an existing key. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
  /** Removes the object; a missing key is not an error. */
  delete(key: string): Promise<void>
  /** The public URL the browser loads the object from. */
  url(key: string): string
  /** The key behind a URL this storage made (or an /uploads/ one), or null for anything else. */
  keyOf(url: string | null | undefined): string | null
  /** The object as a stream with what an HTTP response needs, or null when there is none. */
  open(key: string): Promise<StoredObject | null>
  /**
   * What an HTTP response needs without the bytes (a HEAD, a 304), or null when there is none: an
   * object store is asked for the headers only, so nothing is downloaded to be thrown away.
   */
  stat(key: string): Promise<StoredObjectInfo | null>
  /** The object's bytes (at most MAX_READ_BYTES), or null when there is none. */
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>
}

export interface StoredObjectInfo {
  contentType: string
  contentLength: number | null
  etag: string | null
  lastModified: Date | null
}

export interface StoredObject extends StoredObjectInfo {
  /** The bytes; whoever opens the object reads it to the end or destroys it. */
  body: Readable
}

/** `get` reads whole objects into memory: never more than this (uploads are at most 6 MB). */
export const MAX_READ_BYTES = 16 * 1024 * 1024

/** Where a public base URL is configured, the browser loads uploads from it instead of the site. */
export interface StorageUrlOptions {
  publicBaseUrl?: string | undefined
}

/** The URL prefix the site serves uploads under (server/http/app.ts). */
export const UPLOADS_URL_PREFIX = '/uploads/'

/** Lower-case folders and names, one dot before an extension: nothing that can climb out. */
const KEY_PATTERN = /^[a-z0-9][a-z0-9_-]*(\/[A-Za-z0-9][A-Za-z0-9_-]*)*\.[a-z0-9]{1,5}$/

export class InvalidStorageKey extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key).slice(0, 80)}`)
  }
}

export function assertStorageKey(key: string): string {
  if (!KEY_PATTERN.test(key) || key.length > 200) throw new InvalidStorageKey(key)
  return key
}

/** The key behind one of our upload URLs, or null for anything else (external URLs, tricks). */
export function keyOfUrl(url: string | null | undefined, publicBaseUrl?: string): string | null {
  let key: string
  if (url?.startsWith(UPLOADS_URL_PREFIX)) key = url.slice(UPLOADS_URL_PREFIX.length)
  else if (publicBaseUrl && url?.startsWith(`${publicBaseUrl}/`))
    key = url.slice(publicBaseUrl.length + 1)
  else return null
  return KEY_PATTERN.test(key) && key.length <= 200 ? key : null
}

/** url() and keyOf() of a storage: under /uploads/, or under the public base URL when there is one. */
export function storageUrls(options: StorageUrlOptions): Pick<Storage, 'url' | 'keyOf'> {
  const base = options.publicBaseUrl?.replace(/\/+$/, '')
  return {
    url: (key) => `${base ? `${base}/` : UPLOADS_URL_PREFIX}${assertStorageKey(key)}`,
    keyOf: (url) => keyOfUrl(url, base),
  }
}

/** The whole object in memory, refusing one larger than `limit` instead of reading it all. */
export async function readObject(
  object: StoredObject,
  limit = MAX_READ_BYTES,
): Promise<{ bytes: Buffer; contentType: string }> {
  if (object.contentLength !== null && object.contentLength > limit) {
    object.body.destroy()
    throw new Error(`Stored object is larger than ${limit} bytes`)
  }
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of object.body as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > limit) {
      object.body.destroy()
      throw new Error(`Stored object is larger than ${limit} bytes`)
    }
    chunks.push(chunk)
  }
  return { bytes: Buffer.concat(chunks, size), contentType: object.contentType }
}

/** The type a key's extension stands for (what the disk adapter serves). */
export function contentTypeOf(key: string): string {
  return TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream'
}

const TYPES: Record<string, string> = {
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  pdf: 'application/pdf',
}

/** Files under DATA_DIR/uploads, served by the site at /uploads/{key}. */
export function createDiskStorage(dataDir: string, options: StorageUrlOptions = {}): Storage {
  const root = path.resolve(dataDir, 'uploads')
  const fileOf = (key: string): string => {
    const file = path.resolve(root, assertStorageKey(key))
    // Belt and braces: the pattern already refuses "..", absolute paths and backslashes.
    if (!file.startsWith(root + path.sep)) throw new InvalidStorageKey(key)
    return file
  }
  const statOf = async (key: string): Promise<StoredObjectInfo | null> => {
    try {
      const info = await stat(fileOf(key))
      if (!info.isFile()) return null
      return {
        contentType: contentTypeOf(key),
        contentLength: info.size,
        etag: `"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`,
        lastModified: info.mtime,
      }
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return null
      throw error
    }
  }
  const open = async (key: string): Promise<StoredObject | null> => {
    const info = await statOf(key)
    return info && { ...info, body: createReadStream(fileOf(key)) }
  }
  return {
    async put(key, bytes) {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true })
      const temporary = `${file}.${process.pid}.${Date.now()}.tmp`
      await writeFile(temporary, bytes, { mode: 0o644 })
      await rename(temporary, file)
    },
    async delete(key) {
      await rm(fileOf(key), { force: true })
    },
    ...storageUrls(options),
    open,
    stat: statOf,
    async get(key) {
      const object = await open(key)
      return object && readObject(object)
    },
  }
}
