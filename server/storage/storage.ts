import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'

/**
 * Where uploaded files live. Callers name a file by a key ("header-images/ab12-960.webp") and
 * never touch the file system themselves, so another adapter (an object store) can replace the
 * disk without changing them.
 */
export interface Storage {
  /** Writes the whole object; a reader never sees half of it. Overwrites an existing key. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>
  /**
   * Writes the object as its bytes arrive, holding at most a few megabytes of them at once, and
   * answers how many there were. When the stream fails, nothing is left under the key.
   */
  putStream(key: string, body: AsyncIterable<Uint8Array>, contentType: string): Promise<number>
  /**
   * A URL the object can be fetched from directly for `expiresInSeconds`, answered with the
   * given headers; null for a storage that has none (the disk: the site streams the file).
   */
  signedUrl(key: string, options: SignedUrlOptions): Promise<string | null>
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
  /** Every stored key, private ones included, in no promised order (a backup reads them all). */
  list(): AsyncIterable<string>
}

export interface SignedUrlOptions {
  expiresInSeconds: number
  contentType: string
  contentDisposition: string
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

/**
 * Keys under this prefix are private: they get no URL, /uploads/ never serves them, and on disk
 * they live outside the served folder (DATA_DIR/private). Only the service that wrote them reads
 * them back, for a caller it has checked.
 */
export const PRIVATE_PREFIX = 'private/'

export function isPrivateKey(key: string): boolean {
  return key.startsWith(PRIVATE_PREFIX)
}

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
  return KEY_PATTERN.test(key) && key.length <= 200 && !isPrivateKey(key) ? key : null
}

/** url() and keyOf() of a storage: under /uploads/, or under the public base URL when there is one. */
export function storageUrls(options: StorageUrlOptions): Pick<Storage, 'url' | 'keyOf'> {
  const base = options.publicBaseUrl?.replace(/\/+$/, '')
  return {
    url: (key) => {
      if (isPrivateKey(key)) throw new InvalidStorageKey(key)
      return `${base ? `${base}/` : UPLOADS_URL_PREFIX}${assertStorageKey(key)}`
    },
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

/**
 * Files under DATA_DIR/uploads, served by the site at /uploads/{key}; private keys under
 * DATA_DIR/private, which nothing serves.
 */
export function createDiskStorage(dataDir: string, options: StorageUrlOptions = {}): Storage {
  const root = path.resolve(dataDir, 'uploads')
  const privateRoot = path.resolve(dataDir, 'private')
  const fileOf = (key: string): string => {
    assertStorageKey(key)
    const [base, rest] = isPrivateKey(key)
      ? [privateRoot, key.slice(PRIVATE_PREFIX.length)]
      : [root, key]
    const file = path.resolve(base, rest)
    // Belt and braces: the pattern already refuses "..", absolute paths and backslashes.
    if (!file.startsWith(base + path.sep)) throw new InvalidStorageKey(key)
    return file
  }
  const temporaryOf = (file: string) => `${file}.${process.pid}.${Date.now()}.tmp`
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
      const temporary = temporaryOf(file)
      await writeFile(temporary, bytes, { mode: 0o644 })
      await rename(temporary, file)
    },
    async putStream(key, body) {
      const file = fileOf(key)
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 })
      const temporary = temporaryOf(file)
      let size = 0
      const counted = Readable.from(
        (async function* () {
          for await (const chunk of body) {
            size += chunk.byteLength
            yield chunk
          }
        })(),
      )
      try {
        await pipeline(counted, createWriteStream(temporary, { mode: 0o600 }))
        await rename(temporary, file)
      } catch (error) {
        await rm(temporary, { force: true })
        throw error
      }
      return size
    },
    signedUrl: () => Promise.resolve(null),
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
    async *list() {
      yield* keysUnder(root, '')
      yield* keysUnder(privateRoot, PRIVATE_PREFIX)
    },
  }
}

/** The keys of the files under a folder; a half-written temporary file is no key and is skipped. */
async function* keysUnder(folder: string, prefix: string): AsyncGenerator<string> {
  let entries
  try {
    entries = await readdir(folder, { recursive: true, withFileTypes: true })
  } catch (error) {
    if ((error as { code?: string }).code === 'ENOENT') return
    throw error
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const key = prefix + path.relative(folder, path.join(entry.parentPath, entry.name))
    if (KEY_PATTERN.test(key) && key.length <= 200) yield key.split(path.sep).join('/')
  }
}
