import { chmodSync, mkdirSync } from 'node:fs'
import { createRequire } from 'node:module'
import type Pg from 'pg'
import path from 'node:path'
import SQLite from 'better-sqlite3'
import {
  type ColumnDefinitionBuilder,
  Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
} from 'kysely'
import type { Config } from '../config.ts'
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
