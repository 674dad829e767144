import { sql } from 'kysely'
import { type Database, isPostgres, type Trx } from './dialect.ts'

/**
 * The tables a backup carries, read from the database itself so a table a later migration adds
 * is carried without a change here. Left out, with their reasons (docs/deployment.md):
 * - the migrations' bookkeeping: the manifest names the migration level instead;
 * - what is rebuilt from other rows: the search indexes (rebuilt from the posts after a restore);
 * - what lives minutes and means nothing on another server: sessions (a restore must not bring a
 *   signed-out session back), rate-limit counters, OAuth states and one-time tokens, job leases;
 * - the record of scheduled backups: it names archives on the server that made them.
 */
export const TABLES_NOT_BACKED_UP: ReadonlySet<string> = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'blog_posts_search',
  'blog_posts_search_ids',
  'blog_posts_teaser_search',
  'sessions',
  'rate_limits',
  'oauth_states',
  'oauth_temp_tokens',
  'job_leases',
  'backups',
])

export interface BackupColumn {
  name: string
  /** The engine's declared type, lower case ("integer", "bigint", "text", "double precision"). */
  type: string
}

export interface BackupTable {
  name: string
  /** Sorted by name: the same order on either engine. */
  columns: BackupColumn[]
  primaryKey: string[]
  /** Tables this one's foreign keys point at. */
  references: string[]
}

/** A row as the driver hands it back. */
export type TableRow = Record<string, unknown>

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`

/** Every table the app owns with rows worth keeping, parents before the tables that point at them. */
export async function listBackupTables(db: Database): Promise<BackupTable[]> {
  const names = await listAppTables(db)
  const tables: BackupTable[] = []
  for (const name of names) {
    if (TABLES_NOT_BACKED_UP.has(name)) continue
    tables.push(isPostgres(db) ? await describePostgres(db, name) : await describeSqlite(db, name))
  }
  return dependencyOrder(tables)
}

/** Every ordinary table in the database (not SQLite's own, not a search index's virtual tables). */
export async function listAppTables(db: Database): Promise<string[]> {
  if (isPostgres(db)) {
    const { rows } = await sql<{ name: string }>`select table_name as name
      from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE'
      order by table_name`.execute(db)
    return rows.map((r) => r.name)
  }
  const { rows } = await sql<{ name: string }>`select name from pragma_table_list
    where schema = 'main' and type = 'table' and name not like 'sqlite\\_%' escape '\\'
    order by name`.execute(db)
  return rows.map((r) => r.name)
}

async function describeSqlite(db: Database, name: string): Promise<BackupTable> {
  const columns = await sql<{
    name: string
    type: string
    pk: number | bigint
  }>`select name, type, pk
    from pragma_table_info(${name})`.execute(db)
  const keys = await sql<{
    table: string
  }>`select "table" from pragma_foreign_key_list(${name})`.execute(db)
  return {
    name,
    columns: columns.rows
      .map((c) => ({ name: c.name, type: c.type.toLowerCase() }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en')),
    primaryKey: columns.rows
      .filter((c) => Number(c.pk) > 0)
      .sort((a, b) => Number(a.pk) - Number(b.pk))
      .map((c) => c.name),
    references: [...new Set(keys.rows.map((k) => k.table))],
  }
}

async function describePostgres(db: Database, name: string): Promise<BackupTable> {
  const columns = await sql<{ name: string; type: string }>`select column_name as name,
      data_type as type
    from information_schema.columns
    where table_schema = current_schema() and table_name = ${name}`.execute(db)
  const primaryKey = await sql<{ name: string }>`select a.attname as name
    from pg_index i
    join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
    where i.indrelid = ${quote(name)}::regclass and i.indisprimary
    order by array_position(i.indkey::int2[], a.attnum)`.execute(db)
  const references = await sql<{ name: string }>`select distinct confrelid::regclass::text as name
    from pg_constraint
    where conrelid = ${quote(name)}::regclass and contype = 'f'`.execute(db)
  return {
    name,
    columns: columns.rows
      .map((c) => ({ name: c.name, type: c.type.toLowerCase() }))
      .sort((a, b) => a.name.localeCompare(b.name, 'en')),
    primaryKey: primaryKey.rows.map((r) => r.name),
    references: references.rows.map((r) => r.name.replace(/^"|"$/g, '')),
  }
}

/** Parents first; a table that points at itself (or a cycle) keeps its place. */
function dependencyOrder(tables: BackupTable[]): BackupTable[] {
  const byName = new Map(tables.map((t) => [t.name, t]))
  const ordered: BackupTable[] = []
  const state = new Map<string, 'visiting' | 'done'>()
  const visit = (table: BackupTable) => {
    if (state.has(table.name)) return
    state.set(table.name, 'visiting')
    for (const parent of table.references) {
      const found = byName.get(parent)
      if (found && parent !== table.name) visit(found)
    }
    state.set(table.name, 'done')
    ordered.push(table)
  }
  for (const table of tables) visit(table)
  return ordered
}

/**
 * A table's rows in primary-key order, a page at a time, so no table is ever held whole. Text keys
 * compare byte by byte on both engines (COLLATE "C" on PostgreSQL), so the order is the same.
 */
export async function* readTableRows(
  db: Database,
  table: BackupTable,
  pageSize = 500,
): AsyncGenerator<TableRow> {
  const columns = table.columns.map((c) => quote(c.name)).join(', ')
  const textKey = (name: string) =>
    isPostgres(db) && table.columns.find((c) => c.name === name)?.type === 'text'
      ? `${quote(name)} collate "C"`
      : quote(name)
  const key = table.primaryKey.length ? table.primaryKey : null
  const orderBy = key ? key.map(textKey).join(', ') : columns
  let after: unknown[] | null = null
  let offset = 0
  for (;;) {
    let query: ReturnType<typeof sql<TableRow>>
    if (key && after) {
      const left = `(${key.map(textKey).join(', ')})`
      query = sql<TableRow>`select ${sql.raw(columns)} from ${sql.raw(quote(table.name))}
        where ${sql.raw(left)} > (${sql.join(after)})
        order by ${sql.raw(orderBy)} limit ${pageSize}`
    } else {
      query = sql<TableRow>`select ${sql.raw(columns)} from ${sql.raw(quote(table.name))}
        order by ${sql.raw(orderBy)} limit ${pageSize} offset ${offset}`
    }
    const { rows } = await query.execute(db)
    for (const row of rows) yield row
    // SQLite answers synchronously: without this, a large table would be read with no pause for
    // the server's other requests.
    await new Promise((resolve) => setImmediate(resolve))
    if (rows.length < pageSize) return
    if (key) {
      const last = rows[rows.length - 1]!
      after = key.map((k) => last[k])
    } else offset += rows.length
  }
}

/** Writes one batch of decoded rows into a table, in the caller's transaction. */
export async function insertTableRows(
  trx: Trx,
  table: string,
  columns: string[],
  rows: unknown[][],
): Promise<void> {
  if (rows.length === 0) return
  await sql`insert into ${sql.raw(quote(table))} (${sql.raw(columns.map(quote).join(', '))})
    values ${sql.join(rows.map((values) => sql`(${sql.join(values)})`))}`.execute(trx)
}

/** How many rows a table holds. */
export async function countRows(db: Database, table: string): Promise<number> {
  const { rows } = await sql<{ n: number | string | bigint }>`select count(*) as n
    from ${sql.raw(quote(table))}`.execute(db)
  return Number(rows[0]?.n ?? 0)
}

/** The newest migration applied, or null for a database no migration has touched. */
export async function findMigrationLevel(db: Database): Promise<string | null> {
  if (!(await listAppTables(db)).includes('kysely_migration')) return null
  const { rows } = await sql<{ name: string }>`select name from kysely_migration
    order by name desc limit 1`.execute(db)
  return rows[0]?.name ?? null
}

/**
 * Drops every table (and SQLite's search indexes) so the schema can be built again at a backup's
 * migration level: only for an empty database, or one the operator chose to overwrite.
 */
export async function dropAllTables(db: Database): Promise<void> {
  if (isPostgres(db)) {
    for (const name of await listAppTables(db))
      await sql`drop table if exists ${sql.raw(quote(name))} cascade`.execute(db)
    return
  }
  const { rows } = await sql<{ name: string }>`select name from pragma_table_list
    where schema = 'main' and type in ('table', 'virtual') and name not like 'sqlite\\_%' escape '\\'`.execute(
    db,
  )
  const virtual = await sql<{ name: string }>`select name from sqlite_master
    where type = 'table' and sql like 'create virtual table%'`.execute(db)
  const names = [
    ...virtual.rows.map((r) => r.name),
    ...rows.map((r) => r.name).filter((n) => !virtual.rows.some((v) => v.name === n)),
  ]
  await sql`pragma foreign_keys = off`.execute(db)
  try {
    for (const name of names) await sql`drop table if exists ${sql.raw(quote(name))}`.execute(db)
  } finally {
    await sql`pragma foreign_keys = on`.execute(db)
  }
}

/**
 * PostgreSQL hands out identity values from a sequence that a restore's explicit ids did not
 * advance: each one starts again after the largest id. SQLite follows its rows by itself.
 */
export async function resetIdentities(db: Database): Promise<void> {
  if (!isPostgres(db)) return
  const { rows } = await sql<{ table: string; column: string }>`select table_name as table,
      column_name as column
    from information_schema.columns
    where table_schema = current_schema()
      and (is_identity = 'YES' or column_default like 'nextval(%')`.execute(db)
  for (const { table, column } of rows) {
    await sql`select setval(pg_get_serial_sequence(${quote(table)}, ${column}),
      coalesce((select max(${sql.raw(quote(column))}) from ${sql.raw(quote(table))}), 0) + 1,
      false)`.execute(db)
  }
}
