import { createHash } from 'node:crypto'
import { createReadStream, createWriteStream } from 'node:fs'
import { mkdir, mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { once } from 'node:events'
import { createRequire } from 'node:module'
import type { Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createGzip } from 'node:zlib'
import tar from 'tar-stream'
import type { Config } from '../config.ts'
import { findMigrationLevel, listBackupTables, readTableRows } from '../db/backup-tables.ts'
import {
  copySqliteOnline,
  type Database,
  inSnapshot,
  isPostgres,
  openSqliteFile,
} from '../db/dialect.ts'
import type { Storage } from '../storage/storage.ts'
import {
  type BackupManifest,
  encodeValue,
  fileEntry,
  MANIFEST_ENTRY,
  SQLITE_COPY_ENTRY,
  tableEntry,
} from './manifest.ts'

export interface BackupSources {
  /** The site's database (on SQLite, only its file is read: a copy is made from it). */
  db: Database
  database: Config['database']
  storage: Storage
  now?: () => Date
  /** Stops the backup (a client that went away): the work ends and its temporary folder goes. */
  signal?: AbortSignal
  /** Where the temporary folder is made (it holds the SQLite copy): the system's by default. */
  workRoot?: string
}

/**
 * Writes one .tar.gz of the site to `out`: every table the app owns as JSON lines (read from one
 * moment), on SQLite also the database copied with the online backup API, every stored file, and
 * last the manifest with the SHA-256 of each. The site may keep serving and writing meanwhile.
 * Tables are first written to a temporary folder (a tar entry needs its size up front); files
 * stream from storage straight into the archive.
 */
export async function writeBackup(sources: BackupSources, out: Writable): Promise<BackupManifest> {
  let piped = false
  try {
    return await writeArchive(sources, out, () => (piped = true))
  } catch (error) {
    // Failed before the archive was piped into `out` (the copy, the dump): nothing else ends it,
    // and an open file would stay open until the process ends.
    if (!piped) out.destroy()
    throw error
  }
}

async function writeArchive(
  sources: BackupSources,
  out: Writable,
  onPiped: () => void,
): Promise<BackupManifest> {
  const { signal } = sources
  signal?.throwIfAborted()
  if (sources.workRoot) await mkdir(sources.workRoot, { recursive: true, mode: 0o700 })
  const work = await mkdtemp(path.join(sources.workRoot ?? tmpdir(), 'site-backup-'))
  let closeCopy: (() => Promise<void>) | undefined
  try {
    let source = sources.db
    let copy: { file: string; bytes: number; sha256: string } | null = null
    if (sources.database.dialect === 'sqlite' && !isPostgres(sources.db)) {
      const file = path.join(work, 'site.db')
      await copySqliteOnline(sources.database.file, file, signal)
      copy = { file, ...(await hashFile(file)) }
      const opened = openSqliteFile(file)
      source = opened.db
      closeCopy = () => opened.db.destroy()
    }
    const createdAt = (sources.now?.() ?? new Date()).toISOString()
    const dumped = await inSnapshot(source, (snapshot) => dumpTables(snapshot, work, signal))
    await closeCopy?.()
    closeCopy = undefined

    const pack = tar.pack()
    const written = pipeline(pack, createGzip(), out)
    onPiped()
    // A failing writer (a full disk) rejects `written` while entries are still being added.
    written.catch(() => undefined)
    const files: BackupManifest['files'] = []
    // A writer that failed or went away (a full disk, a browser that left) ends the work rather
    // than leaving it waiting for room that never comes.
    const stop = new AbortController()
    const stopOnAbort = () => stop.abort(signal?.reason)
    signal?.addEventListener('abort', stopOnAbort, { once: true })
    written.catch((error: unknown) => stop.abort(error))
    try {
      if (copy) await addFile(pack, SQLITE_COPY_ENTRY, copy.file, copy.bytes, stop.signal)
      for (const table of dumped.tables)
        await addFile(pack, table.entry, path.join(work, table.entry), table.bytes, stop.signal)
      for await (const key of sources.storage.list()) {
        const added = await addStoredFile(pack, sources.storage, key, work, stop.signal)
        if (added) files.push(added)
      }
    } catch (error) {
      pack.destroy()
      throw error
    } finally {
      signal?.removeEventListener('abort', stopOnAbort)
    }
    const manifest: BackupManifest = {
      format: 1,
      appVersion: appVersion(),
      migrationLevel: dumped.migrationLevel,
      engine: isPostgres(sources.db) ? 'postgres' : 'sqlite',
      createdAt,
      tables: dumped.tables,
      files,
      database: copy && { entry: SQLITE_COPY_ENTRY, bytes: copy.bytes, sha256: copy.sha256 },
    }
    pack.entry({ name: MANIFEST_ENTRY }, `${JSON.stringify(manifest, null, 2)}\n`)
    pack.finalize()
    await written
    return manifest
  } finally {
    await closeCopy?.()
    await rm(work, { recursive: true, force: true })
  }
}

/**
 * The site's version from package.json, two folders up both from this file and from the server
 * bundle (build/server-bundle/main.js), which the server runs in production and which would not
 * carry the JSON inside it.
 */
function appVersion(): string {
  return (createRequire(import.meta.url)('../../package.json') as { version: string }).version
}

async function dumpTables(
  db: Database,
  work: string,
  signal: AbortSignal | undefined,
): Promise<{ migrationLevel: string; tables: BackupManifest['tables'] }> {
  const migrationLevel = await findMigrationLevel(db)
  if (!migrationLevel)
    throw new Error('The database has no schema yet: there is nothing to back up.')
  await mkdir(path.join(work, 'tables'))
  const tables: BackupManifest['tables'] = []
  for (const table of await listBackupTables(db)) {
    signal?.throwIfAborted()
    const entry = tableEntry(table.name)
    const hash = createHash('sha256')
    const target = createWriteStream(path.join(work, entry))
    let rows = 0
    let bytes = 0
    try {
      for await (const row of readTableRows(db, table)) {
        const encoded: Record<string, unknown> = {}
        for (const column of table.columns)
          encoded[column.name] = encodeValue(row[column.name], column.type)
        const line = Buffer.from(`${JSON.stringify(encoded)}\n`)
        hash.update(line)
        bytes += line.length
        rows += 1
        if (rows % 500 === 0) signal?.throwIfAborted()
        if (!target.write(line)) await once(target, 'drain')
      }
    } catch (error) {
      // Closed before its folder is removed.
      target.destroy()
      throw error
    }
    target.end()
    await once(target, 'close')
    tables.push({
      name: table.name,
      rows,
      columns: table.columns,
      entry,
      bytes,
      sha256: hash.digest('hex'),
    })
  }
  return { migrationLevel, tables }
}

async function hashFile(file: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  return { bytes: (await stat(file)).size, sha256: hash.digest('hex') }
}

async function addFile(
  pack: tar.Pack,
  name: string,
  file: string,
  size: number,
  signal: AbortSignal,
): Promise<void> {
  await addEntry(pack, name, size, createReadStream(file), signal)
}

/** Streams `body` into one entry of exactly `size` bytes; answers the SHA-256 of what went in. */
async function addEntry(
  pack: tar.Pack,
  name: string,
  size: number,
  body: AsyncIterable<Uint8Array>,
  signal: AbortSignal,
): Promise<string> {
  signal.throwIfAborted()
  const hash = createHash('sha256')
  let entry!: ReturnType<tar.Pack['entry']>
  const added = new Promise<void>((resolve, reject) => {
    entry = pack.entry({ name, size, mode: 0o600 }, (error) => (error ? reject(error) : resolve()))
  })
  added.catch(() => undefined)
  ;(entry as unknown as NodeJS.EventEmitter).on('error', () => undefined)
  for await (const chunk of body) {
    signal.throwIfAborted()
    hash.update(chunk)
    if (!entry.write(chunk)) await once(entry, 'drain', { signal })
  }
  ;(entry as unknown as NodeJS.WritableStream).end()
  await untilAborted(added, signal)
  return hash.digest('hex')
}

/**
 * One stored file into the archive, read through the storage layer. An object whose length the
 * store does not say is first copied to the temporary folder. A file deleted since it was listed
 * is left out (the rows that named it may be gone too).
 */
async function addStoredFile(
  pack: tar.Pack,
  storage: Storage,
  key: string,
  work: string,
  signal: AbortSignal,
): Promise<BackupManifest['files'][number] | null> {
  const object = await storage.open(key)
  if (!object) return null
  const entry = fileEntry(key)
  let size = object.contentLength
  let body: AsyncIterable<Uint8Array> = object.body
  if (size === null) {
    const spooled = path.join(work, 'spooled-file')
    await pipeline(object.body, createWriteStream(spooled))
    size = (await stat(spooled)).size
    body = createReadStream(spooled)
  }
  const sha256 = await addEntry(pack, entry, size, body, signal)
  return { key, entry, contentType: object.contentType, bytes: size, sha256 }
}

/** `work`, or the signal's reason once it is aborted, whichever comes first. */
async function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  let stop!: () => void
  const aborted = new Promise<never>((_, reject) => {
    stop = () => reject(signal.reason as Error)
    signal.addEventListener('abort', stop, { once: true })
  })
  try {
    return await Promise.race([work, aborted])
  } finally {
    signal.removeEventListener('abort', stop)
  }
}
