import { loadConfig } from '../config.ts'
import { createDatabase } from '../db/dialect.ts'
import { migrateToLatest } from '../db/migrate.ts'
import { createLogger } from '../shared/logger.ts'
import { systemClock } from '../shared/clock.ts'
import { seedIfEmpty } from '../services/seed.ts'

const config = loadConfig()
const db = createDatabase(config.database)
try {
  await migrateToLatest(db)
  const seeded = await seedIfEmpty(
    db,
    systemClock,
    { adminEmail: config.admin.email, adminPassword: config.admin.password },
    createLogger(config.logLevel),
  )
  console.log(
    seeded ? 'Seeded the database.' : 'The database already has users: nothing was seeded.',
  )
} finally {
  await db.destroy()
}
