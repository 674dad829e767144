import { loadConfig } from '../config.ts'
import { createDatabase } from '../db/dialect.ts'
import { migrateToLatest } from '../db/migrate.ts'

const config = loadConfig()
const db = createDatabase(config.database)
try {
  const applied = await migrateToLatest(db)
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.')
} finally {
  await db.destroy()
}
