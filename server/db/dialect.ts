import { chmodSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import type Pg from 'pg'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import SQLite from 'better-sqlite3'
import {
  type ColumnDefinitionBuilder,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
  sql,
} from 'kysely'
import type { Config } from '../config.ts'
import { Conflict } from '../shared/errors.ts'
import type { DB } from './schema.ts'

/**
 * The one file that knows SQLite from PostgreSQL. Repositories ask `isPostgres(db)` where the SQL
 * must differ and keep both branches side by side.
 */
export type Database = Kysely<DB>

export function createDatabase(target: Config['database']): Database {
  if (target.dialect === 'postgres') {
    // Loaded only for PostgreSQL: a SQLite site never pays for the driver.
    const pg = createRequire(import.meta.url)('pg') as typeof Pg
    const pool = new pg.Pool({ connectionString: target.url, max: 10 })
    // An idle connection dropped by the server (restart, failover) must not crash the process:
    // the pool discards it and opens a new one on the next query.
    pool.on('error', (error) => console.error(`PostgreSQL connection lost: ${error.message}`))
    return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) })
  }
  if (target.file !== ':memory:')
    mkdirSync(path.dirname(target.file), { recursive: true, mode: 0o700 })
  const sqlite = new SQLite(target.file)
  // Only the site's own user reads the data (SQLite gives its -wal and -shm files the same mode).
  if (target.file !== ':memory:') chmodSync(target.file, 0o600)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('synchronous = NORMAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  // better-sqlite3 builds SQLite with a 16 MB page cache; SQLite's own default is 2 MB. The pages
  // also sit in the kernel's file cache, so a miss costs a copy, not a disk read: at 10,000 posts
  // searches and rendered pages measured the same with 2 MB, and the process 12–15 MB smaller.
  sqlite.pragma(`cache_size = -${SQLITE_CACHE_KIB}`)
  return new Kysely<DB>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) })
}

export const STATEMENT_CACHE_SIZE = 500
/** SQLite's page cache per connection, in KiB (a negative `cache_size` is KiB, a positive one pages). */
export const SQLITE_CACHE_KIB = 2000

/**
 * Kysely prepares every query afresh; compiling SQL costs more than running these small queries.
 * The same SQL text gets the same prepared statement (SQLite re-prepares it if the schema changes).
 */
function withStatementCache(sqlite: SQLite.Database): SQLite.Database {
  const cache = new Map<string, SQLite.Statement>()
  const prepare = (source: string): SQLite.Statement => {
    let statement = cache.get(source)
    if (statement) {
      // Most recently used last, so the oldest is evicted first.
      cache.delete(source)
    } else {
      statement = sqlite.prepare(source)
      if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!)
    }
    cache.set(source, statement)
    return statement
  }
  return new Proxy(sqlite, {
    get(target, property) {
      if (property === 'prepare') return prepare
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? value.bind(target) : value
    },
  })
}

export function isPostgres(db: { getExecutor(): { adapter: unknown } }): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

/** An auto-assigned integer primary key, spelled the way each engine wants it. */
export function identityColumn(db: Kysely<unknown>) {
  return (col: ColumnDefinitionBuilder) =>
    isPostgres(db)
      ? col.primaryKey().generatedByDefaultAsIdentity()
      : col.primaryKey().autoIncrement()
}

/** A unique constraint refused the write (SQLite SQLITE_CONSTRAINT_UNIQUE, PostgreSQL 23505). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    code === '23505'
  )
}

/** PostgreSQL gave up on a transaction because another got in its way; a new attempt may pass. */
export function isTransientConflict(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  // 40001 serialization_failure, 40P01 deadlock_detected
  return code === '40001' || code === '40P01'
}

export const TRANSACTION_ATTEMPTS = 5
export const TRANSACTION_CONFLICT_MESSAGE =
  'Someone else changed the same thing at the same moment. Please try again.'

/**
 * The database inside a transaction a service opened with `inTransaction`. A repository function
 * whose statements must land together takes one, so it cannot be called outside a transaction.
 */
export type Trx = Database & { readonly [inside]: true }
declare const inside: unique symbol

/**
 * Runs `work` in a transaction, again from the start when PostgreSQL aborts it for a deadlock or a
 * serialization failure (up to TRANSACTION_ATTEMPTS in all, after a short random pause so the
 * parties do not collide again in step); after the last attempt it is a Conflict, never a 500.
 * `work` must therefore do nothing but database work. Inside a transaction it simply runs there:
 * only the outermost one can be retried. Services open transactions; repositories never do.
 */
export async function inTransaction<T>(db: Database, work: (trx: Trx) => Promise<T>): Promise<T> {
  if (db.isTransaction) return work(db as Trx)
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction().execute((trx) => work(trx as Database as Trx))
    } catch (error) {
      if (!isTransientConflict(error)) throw error
      if (attempt >= TRANSACTION_ATTEMPTS)
        throw new Conflict(TRANSACTION_CONFLICT_MESSAGE, { cause: error })
      const pauseMs = 5 * 2 ** attempt * (0.5 + Math.random())
      await new Promise((resolve) => setTimeout(resolve, pauseMs))
    }
  }
}

/**
 * A SQLite file opened on its own, outside the site's connection, with integers read as bigints so
 * none beyond 2^53 loses a digit: the copy a backup reads its rows from, or writes while the site
 * serves. Its journal is a plain rollback journal, so the file stands alone.
 */
export function openSqliteFile(file: string): { db: Database; sqlite: SQLite.Database } {
  const sqlite = new SQLite(file, { fileMustExist: true })
  sqlite.defaultSafeIntegers(true)
  return { db: new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }) }), sqlite }
}

/**
 * Copies a live SQLite database into `destination` with SQLite's online backup API while the site
 * keeps writing. All the pages are copied in one step, inside one read transaction, so a write
 * from another connection cannot make the copy start over again and again; it sees one moment.
 * That step is synchronous and takes seconds on a large database, so it runs on a worker thread:
 * the server's event loop keeps answering meanwhile. The worker is plain script that loads the
 * driver by the path resolved here, which works both from source and from the server bundle
 * (better-sqlite3 stays in node_modules). An aborted `signal` stops the worker.
 */
export async function copySqliteOnline(
  source: string,
  destination: string,
  signal?: AbortSignal,
): Promise<void> {
  signal?.throwIfAborted()
  const driver = createRequire(import.meta.url).resolve('better-sqlite3')
  const worker = new Worker(SQLITE_COPY_WORKER, {
    eval: true,
    workerData: { driver, source, destination },
  })
  const stop = () => void worker.terminate()
  signal?.addEventListener('abort', stop, { once: true })
  try {
    await new Promise<void>((resolve, reject) => {
      worker.once('message', () => resolve())
      worker.once('error', reject)
      worker.once('exit', (code) =>
        reject(signal?.aborted ? signal.reason : new Error(`The SQLite copy stopped (${code})`)),
      )
    })
  } finally {
    signal?.removeEventListener('abort', stop)
    await worker.terminate()
  }
}

const SQLITE_COPY_WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const SQLite = require(workerData.driver)
const live = new SQLite(workerData.source, { fileMustExist: true })
live.pragma('busy_timeout = 5000')
live
  .backup(workerData.destination, { progress: ({ totalPages }) => totalPages + 1 })
  .finally(() => live.close())
  .then(() => {
    const copy = new SQLite(workerData.destination)
    try {
      copy.pragma('journal_mode = DELETE')
    } finally {
      copy.close()
    }
    parentPort.postMessage('copied')
  })
`

/**
 * Runs `work` on one unchanging view of the database: on PostgreSQL a read-only REPEATABLE READ
 * transaction (a backup's rows all from one moment while the site writes on); a SQLite backup
 * reads its own copy, which nothing else writes.
 */
export async function inSnapshot<T>(db: Database, work: (db: Database) => Promise<T>): Promise<T> {
  if (!isPostgres(db)) return work(db)
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      await sql`set transaction read only`.execute(trx)
      return work(trx)
    })
}
