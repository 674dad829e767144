import { parseArgs } from 'node:util'
import { restoreBackup } from '../backup/restore.ts'
import { loadConfig } from '../config.ts'
import { createDatabase } from '../db/dialect.ts'
import { COMMAND_LINE_ACTOR, createActivityService } from '../services/activity.ts'
import { systemClock } from '../shared/clock.ts'
import { createStorage } from '../storage/create-storage.ts'
import { closeStorage, runCommand, UsageError } from './command.ts'

await runCommand('Restore', async () => {
  const { values, positionals } = parseArgs({
    options: { force: { type: 'boolean', default: false } },
    allowPositionals: true,
  })
  if (positionals.length !== 1) throw new UsageError('Usage: npm run restore -- FILE [--force]')
  const config = loadConfig()
  const db = createDatabase(config.database)
  const storage = createStorage(config)
  try {
    const summary = await restoreBackup(positionals[0]!, { db, storage, force: values.force })
    const { manifest } = summary
    console.log(
      `Restored the ${manifest.engine} backup of ${manifest.createdAt} (site ${manifest.appVersion}, migration ${manifest.migrationLevel}):`,
    )
    for (const table of summary.tables) console.log(`  ${table.name}: ${table.rows} rows`)
    console.log(`  files: ${summary.files} (${summary.fileBytes} bytes)`)
    if (summary.migrationsApplied.length)
      console.log(`  migrations applied after it: ${summary.migrationsApplied.join(', ')}`)
    if (summary.postsIndexed) console.log(`  posts indexed for search: ${summary.postsIndexed}`)
    // Restores are audited like the admin's changes: the entry goes into the restored database.
    const rows = summary.tables.reduce((sum, t) => sum + t.rows, 0)
    await createActivityService({ db, clock: systemClock }).record(COMMAND_LINE_ACTOR, {
      kind: 'restore',
      action: 'restore',
      targetId: null,
      summary: `Restored the ${manifest.engine} backup of ${manifest.createdAt}: ${summary.tables.length} tables (${rows} rows), ${summary.files} files`,
    })
  } finally {
    await db.destroy()
    closeStorage(storage)
  }
})
