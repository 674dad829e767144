import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'kysely'
import { afterAll, describe, expect, it } from 'vitest'
import SQLite from 'better-sqlite3'
import { copySqliteOnline, createDatabase } from './dialect.ts'

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

describe('the online copy of a SQLite file', () => {
  it('leaves the event loop free while the pages are copied (a worker thread copies them)', async () => {
    const source = path.join(dir, 'large.db')
    const raw = new SQLite(source)
    raw.exec('create table filler (body blob)')
    const insert = raw.prepare('insert into filler (body) values (randomblob(65536))')
    raw.transaction(() => {
      for (let i = 0; i < 800; i++) insert.run()
    })()
    raw.close()

    // The longest the event loop went without a turn, against the copy's whole time: copied on
    // this thread, the one step of the backup API takes most of it.
    let longest = 0
    let last = performance.now()
    const timer = setInterval(() => {
      const now = performance.now()
      longest = Math.max(longest, now - last)
      last = now
    }, 1)
    const started = performance.now()
    await copySqliteOnline(source, path.join(dir, 'copy.db'))
    const took = performance.now() - started
    // A stall shows when the timer next fires: let it fire once more.
    await new Promise((resolve) => setTimeout(resolve, 20))
    clearInterval(timer)
    expect(longest).toBeLessThan(took / 2)
    const copy = new SQLite(path.join(dir, 'copy.db'), { readonly: true })
    expect(copy.prepare('select count(*) as n from filler').get()).toEqual({ n: 800 })
    copy.close()
  })
})
