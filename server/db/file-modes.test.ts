import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../config.ts'
import { createDatabase } from './dialect.ts'

const dir = mkdtempSync(path.join(tmpdir(), 'modes-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const mode = (file: string) => statSync(file).mode & 0o777

describe('data files are private to the site user', () => {
  it('creates the SQLite database 0600 in a 0700 folder', async () => {
    const file = path.join(dir, 'data', 'site.db')
    const db = createDatabase({ dialect: 'sqlite', file })
    await db.selectNoFrom((eb) => eb.val(1).as('one')).execute()
    expect(mode(file)).toBe(0o600)
    expect(mode(path.dirname(file))).toBe(0o700)
    await db.destroy()
  })

  it('creates the generated session secret 0600', () => {
    const dataDir = path.join(dir, 'secret-home')
    loadConfig({ DATA_DIR: dataDir })
    expect(mode(path.join(dataDir, 'session-secret'))).toBe(0o600)
  })
})
