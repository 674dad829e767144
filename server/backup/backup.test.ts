import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import SQLite from 'better-sqlite3'
import { afterAll, expect, it } from 'vitest'
import { createDatabase } from '../db/dialect.ts'
import type { Storage } from '../storage/storage.ts'
import { writeBackup } from './backup.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'backup-unit-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

it('ends the writer it was given when it fails before writing to it (no file left open)', async () => {
  const file = path.join(dir, 'empty.db')
  new SQLite(file).close()
  const database = { dialect: 'sqlite' as const, file }
  const db = createDatabase(database)
  const out = new PassThrough()
  try {
    const storage = { list: async function* () {} } as unknown as Storage
    await expect(
      writeBackup({ db, database, storage, workRoot: path.join(dir, 'work') }, out),
    ).rejects.toThrow('no schema')
    expect(out.destroyed).toBe(true)
  } finally {
    await db.destroy()
  }
})
