import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import { createDatabase } from './dialect.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'dialect-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

describe('a SQLite connection', () => {
  it("keeps SQLite's own 2 MB page cache, not better-sqlite3's 16 MB, with WAL and foreign keys", async () => {
    const db = createDatabase({ dialect: 'sqlite', file: path.join(dir, 'site.db') })
    const pragma = async (name: string) =>
      Object.values(
        (await sql.raw<Record<string, unknown>>(`pragma ${name}`).execute(db)).rows[0]!,
      )[0]
    expect(await pragma('cache_size')).toBe(-2000)
    expect(await pragma('journal_mode')).toBe('wal')
    expect(await pragma('foreign_keys')).toBe(1)
    await db.destroy()
  })
})
