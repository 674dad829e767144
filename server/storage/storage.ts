import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

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
  /** The object's bytes, or null when there is none. */
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>
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
export function keyOfUrl(url: string | null | undefined): string | null {
  if (!url?.startsWith(UPLOADS_URL_PREFIX)) return null
  const key = url.slice(UPLOADS_URL_PREFIX.length)
  return KEY_PATTERN.test(key) ? key : null
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
export function createDiskStorage(dataDir: string): Storage {
  const root = path.resolve(dataDir, 'uploads')
  const fileOf = (key: string): string => {
    const file = path.resolve(root, assertStorageKey(key))
    // Belt and braces: the pattern already refuses "..", absolute paths and backslashes.
    if (!file.startsWith(root + path.sep)) throw new InvalidStorageKey(key)
    return file
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
    url(key) {
      return `${UPLOADS_URL_PREFIX}${assertStorageKey(key)}`
    },
    async get(key) {
      try {
        const bytes = await readFile(fileOf(key))
        return {
          bytes,
          contentType: TYPES[key.split('.').pop() ?? ''] ?? 'application/octet-stream',
        }
      } catch (error) {
        if ((error as { code?: string }).code === 'ENOENT') return null
        throw error
      }
    },
  }
}
