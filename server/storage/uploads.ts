import { randomBytes } from 'node:crypto'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** Files people upload live under DATA_DIR/uploads and are served at /uploads/… (server/http/app.ts). */
export const UPLOADS_URL_PREFIX = '/uploads/'

function uploadsRoot(dataDir: string): string {
  return path.join(dataDir, 'uploads')
}

/** The file behind one of our /uploads URLs, or null for anything else (external URLs, tricks with ..). */
function fileOf(dataDir: string, url: string): string | null {
  if (!url.startsWith(UPLOADS_URL_PREFIX)) return null
  const relative = url.slice(UPLOADS_URL_PREFIX.length)
  if (!/^[a-z0-9-]+(\/[A-Za-z0-9_-]+)*\.[a-z0-9]+$/.test(relative)) return null
  const root = uploadsRoot(dataDir)
  const file = path.resolve(root, relative)
  return file.startsWith(root + path.sep) ? file : null
}

/** Writes the whole file under a temporary name first, so a reader never sees half an image. */
export async function saveUpload(
  dataDir: string,
  folder: string,
  extension: string,
  data: Buffer,
  prefix = '',
): Promise<string> {
  const name = `${prefix}${randomBytes(12).toString('base64url')}.${extension}`
  const url = `${UPLOADS_URL_PREFIX}${folder}/${name}`
  const file = fileOf(dataDir, url)
  if (!file) throw new Error(`Refusing to write upload ${url}`)
  await mkdir(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  await writeFile(temporary, data)
  await rename(temporary, file)
  return url
}

export async function removeUpload(dataDir: string, url: string | null): Promise<void> {
  const file = url ? fileOf(dataDir, url) : null
  if (file) await rm(file, { force: true })
}
