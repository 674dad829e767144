import { createHash } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { createGunzip } from 'node:zlib'
import tar from 'tar-stream'
import {
  countRows,
  dropAllTables,
  insertTableRows,
  listBackupTables,
  resetIdentities,
} from '../db/backup-tables.ts'
import { type Database, inTransaction, isPostgres } from '../db/dialect.ts'
import { LATEST_MIGRATION, MIGRATIONS, migrateTo, migrateToLatest } from '../db/migrate.ts'
import { indexMissingPosts } from '../services/blog.ts'
import { isPrivateKey, MAX_READ_BYTES, type Storage } from '../storage/storage.ts'
import { BackupManifest, decodeValue, type EncodedValue, MANIFEST_ENTRY } from './manifest.ts'

/** A restore that will not go ahead, and why, in one line for the operator. */
export class RestoreRefused extends Error {}

export interface RestoreTarget {
  db: Database
  storage: Storage
  /** Replace what the database and storage hold instead of refusing. */
  force?: boolean
}

export interface RestoreSummary {
  manifest: BackupManifest
  tables: Array<{ name: string; rows: number }>
  files: number
  fileBytes: number
  /** Migrations run after the rows were written, to bring them up to this version of the site. */
  migrationsApplied: string[]
  postsIndexed: number
}

const INSERT_BATCH_ROWS = 200

/**
 * Restores an archive written by writeBackup: reads it once to check every entry against the
 * manifest (nothing is written if one differs, is missing or is extra), refuses a target that
 * holds rows or files unless `force`, builds the schema at the backup's migration level, writes
 * each table's rows in one transaction (parents first), every file through storage, then runs the
 * migrations this version has that the backup had not, and indexes the posts for search.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreSummary> {
  const manifest = await verifyArchive(file)
  if (!(manifest.migrationLevel in MIGRATIONS)) {
    throw new RestoreRefused(
      manifest.migrationLevel > LATEST_MIGRATION
        ? `The backup's schema (${manifest.migrationLevel}) is newer than this version of the site knows (${LATEST_MIGRATION}): restore it with the version that made it.`
        : `The backup's schema (${manifest.migrationLevel}) is not one this version of the site knows.`,
    )
  }
  await refuseUnlessEmpty(target)
  const { db, storage } = target
  if (target.force) for await (const key of storage.list()) await storage.delete(key)
  await dropAllTables(db)
  await migrateTo(db, manifest.migrationLevel)

  const engine = isPostgres(db) ? 'postgres' : 'sqlite'
  const tables = new Map(manifest.tables.map((t) => [t.entry, t]))
  const files = new Map(manifest.files.map((f) => [f.entry, f]))
  const summary: RestoreSummary = {
    manifest,
    tables: [],
    files: 0,
    fileBytes: 0,
    migrationsApplied: [],
    postsIndexed: 0,
  }
  for await (const entry of readArchive(file)) {
    const name = entry.header.name
    const table = tables.get(name)
    const stored = files.get(name)
    if (table) {
      const hash = createHash('sha256')
      const columns = table.columns.map((c) => c.name)
      const rows = await inTransaction(db, async (trx) => {
        let batch: unknown[][] = []
        let written = 0
        for await (const line of lines(hashed(entry, hash))) {
          const row = JSON.parse(line) as Record<string, EncodedValue>
          batch.push(columns.map((c) => decodeValue(row[c] ?? null, engine)))
          if (batch.length >= INSERT_BATCH_ROWS) {
            await insertTableRows(trx, table.name, columns, batch)
            written += batch.length
            batch = []
          }
        }
        await insertTableRows(trx, table.name, columns, batch)
        written += batch.length
        if (hash.digest('hex') !== table.sha256) throw damaged(name)
        return written
      })
      if (rows !== table.rows || (await countRows(db, table.name)) !== table.rows)
        throw new RestoreRefused(`${name}: ${rows} rows written, the manifest says ${table.rows}`)
      summary.tables.push({ name: table.name, rows })
    } else if (stored) {
      const hash = createHash('sha256')
      const body = hashed(entry, hash)
      if (!isPrivateKey(stored.key) && stored.bytes <= MAX_READ_BYTES) {
        // Public files are written whole, as the site writes them (readable by a web server).
        const chunks: Buffer[] = []
        for await (const chunk of body) chunks.push(chunk)
        await storage.put(stored.key, Buffer.concat(chunks), stored.contentType)
      } else {
        await storage.putStream(stored.key, body, stored.contentType)
      }
      if (hash.digest('hex') !== stored.sha256) {
        await storage.delete(stored.key)
        throw damaged(name)
      }
      summary.files += 1
      summary.fileBytes += stored.bytes
    } else {
      // The SQLite copy (rows come from the tables' lines, whichever engine) and the manifest.
      entry.resume()
      await new Promise<void>((resolve) => entry.once('end', resolve))
    }
  }
  await resetIdentities(db)
  summary.migrationsApplied = await migrateToLatest(db)
  summary.postsIndexed = await indexMissingPosts(db)
  return summary
}

function damaged(entry: string): RestoreRefused {
  return new RestoreRefused(`${entry}: SHA-256 mismatch (the archive is damaged)`)
}

/**
 * Reads the whole archive once and checks it against its manifest: every entry listed is there
 * with its size and SHA-256, and nothing is there that is not listed. Answers the manifest.
 */
export async function verifyArchive(file: string): Promise<BackupManifest> {
  const seen = new Map<string, { bytes: number; sha256: string }>()
  let manifestText: string | null = null
  for await (const entry of readArchive(file)) {
    const name = entry.header.name
    if (seen.has(name) || (name === MANIFEST_ENTRY && manifestText !== null))
      throw new RestoreRefused(`${name}: appears twice in the archive`)
    if (name === MANIFEST_ENTRY) {
      const chunks: Buffer[] = []
      for await (const chunk of entry as AsyncIterable<Buffer>) chunks.push(chunk)
      manifestText = Buffer.concat(chunks).toString('utf8')
      continue
    }
    const hash = createHash('sha256')
    let bytes = 0
    for await (const chunk of entry as AsyncIterable<Buffer>) {
      hash.update(chunk)
      bytes += chunk.length
    }
    seen.set(name, { bytes, sha256: hash.digest('hex') })
  }
  if (manifestText === null) throw new RestoreRefused(`${MANIFEST_ENTRY}: missing from the archive`)
  let manifest: BackupManifest
  try {
    manifest = BackupManifest.parse(JSON.parse(manifestText))
  } catch {
    throw new RestoreRefused(`${MANIFEST_ENTRY}: not a backup manifest this version can read`)
  }
  const expected = [
    ...manifest.tables,
    ...manifest.files,
    ...(manifest.database ? [manifest.database] : []),
  ]
  for (const { entry, bytes, sha256 } of expected) {
    const found = seen.get(entry)
    if (!found) throw new RestoreRefused(`${entry}: missing from the archive`)
    if (found.bytes !== bytes || found.sha256 !== sha256) throw damaged(entry)
    seen.delete(entry)
  }
  const extra = seen.keys().next()
  if (!extra.done)
    throw new RestoreRefused(`${extra.value}: in the archive but not in its manifest`)
  return manifest
}

type ArchiveEntry = AsyncIterable<Buffer> & {
  header: tar.Header
  resume(): void
  once(event: 'end', listener: () => void): void
}

/** The entries of a .tar.gz, one at a time; a broken gzip or tar stream is a refusal. */
async function* readArchive(file: string): AsyncGenerator<ArchiveEntry> {
  const extract = tar.extract()
  const source = createReadStream(file)
  const gunzip = createGunzip()
  const fail = (error: Error) => extract.destroy(error)
  source.once('error', fail)
  gunzip.once('error', fail)
  source.pipe(gunzip).pipe(extract as unknown as NodeJS.WritableStream)
  try {
    for await (const entry of extract as AsyncIterable<ArchiveEntry>) yield entry
  } catch (error) {
    const message = (error as Error).message
    if ((error as { code?: string }).code === 'ENOENT')
      throw new RestoreRefused(`${file}: no such file`)
    throw new RestoreRefused(`${file}: not a readable .tar.gz backup (${message})`)
  } finally {
    source.destroy()
  }
}

async function* hashed(
  body: AsyncIterable<Buffer>,
  hash: ReturnType<typeof createHash>,
): AsyncGenerator<Buffer> {
  for await (const chunk of body) {
    hash.update(chunk)
    yield chunk
  }
}

/** The lines of a stream of UTF-8 text, one at a time (a line is never split in a character). */
async function* lines(body: AsyncIterable<Buffer>): AsyncGenerator<string> {
  let pending: Buffer = Buffer.alloc(0)
  for await (const chunk of body) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk
    let start = 0
    for (let end = pending.indexOf(10, start); end !== -1; end = pending.indexOf(10, start)) {
      yield pending.toString('utf8', start, end)
      start = end + 1
    }
    pending = pending.subarray(start)
  }
  if (pending.length) yield pending.toString('utf8')
}

async function refuseUnlessEmpty(target: RestoreTarget): Promise<void> {
  if (target.force) return
  const holding: string[] = []
  for (const table of await listBackupTables(target.db)) {
    const rows = await countRows(target.db, table.name)
    if (rows) holding.push(`${table.name}: ${rows}`)
  }
  if (holding.length)
    throw new RestoreRefused(
      `The database is not empty (${holding.slice(0, 3).join(', ')}${holding.length > 3 ? ', …' : ''} rows): restore into an empty one, or pass --force to replace what it holds.`,
    )
  for await (const key of target.storage.list())
    throw new RestoreRefused(
      `Storage already holds files (${key}, …): restore into an empty one, or pass --force to replace them.`,
    )
}
