import { type Kysely, sql } from 'kysely'
import { isPostgres } from '../dialect.ts'

/**
 * Publication dates were once stored as sent (`2026-11-22T23:47:31-10:00`) and compared as
 * strings with UTC "now", so a date with an offset went live at the wrong moment. Every stored
 * date-time is rewritten in UTC (`…Z`); new ones are normalised on input.
 */
const COLUMNS: Array<[string, string]> = [
  ['blog_posts', 'published_at'],
  ['pages', 'published_at'],
]

export async function up(db: Kysely<unknown>): Promise<void> {
  const targets = [...COLUMNS]
  if (!isPostgres(db)) targets.push(['blog_posts_search_ids', 'published_at'])
  for (const [table, column] of targets) {
    const key = 'id'
    const rows = await sql<{ id: string | number; value: string }>`
      select ${sql.ref(key)} as id, ${sql.ref(column)} as value from ${sql.table(table)}
      where ${sql.ref(column)} is not null and ${sql.ref(column)} not like '%Z'`.execute(db)
    for (const row of rows.rows) {
      const time = Date.parse(row.value)
      if (Number.isNaN(time)) continue
      await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${new Date(time).toISOString()}
        where ${sql.ref(key)} = ${row.id}`.execute(db)
    }
  }
}

export async function down(): Promise<void> {
  // The offsets the dates were sent with are not kept: there is nothing to go back to.
}
