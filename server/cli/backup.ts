import { createWriteStream } from 'node:fs'
import { rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { writeBackup } from '../backup/backup.ts'
import { loadConfig } from '../config.ts'
import { createDatabase } from '../db/dialect.ts'
import { createStorage } from '../storage/create-storage.ts'
import { closeStorage, runCommand } from './command.ts'

await runCommand('Backup', async () => {
  const { values } = parseArgs({ options: { out: { type: 'string' } } })
  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const out = path.resolve(values.out ?? `backup-${stamp}.tar.gz`)
  const config = loadConfig()
  const db = createDatabase(config.database)
  const storage = createStorage(config)
  // Written beside its name and renamed when whole: a failed backup leaves no file that looks good.
  const partial = `${out}.partial`
  try {
    const manifest = await writeBackup(
      { db, database: config.database, storage },
      createWriteStream(partial, { mode: 0o600 }),
    )
    await rename(partial, out)
    const rows = manifest.tables.reduce((sum, t) => sum + t.rows, 0)
    const fileBytes = manifest.files.reduce((sum, f) => sum + f.bytes, 0)
    console.log(
      `Backed up ${manifest.tables.length} tables (${rows} rows) and ${manifest.files.length} files (${fileBytes} bytes) at migration ${manifest.migrationLevel} to ${out} (${(await stat(out)).size} bytes).`,
    )
  } catch (error) {
    await rm(partial, { force: true })
    throw error
  } finally {
    await db.destroy()
    closeStorage(storage)
  }
})
