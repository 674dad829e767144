import type { Selectable } from 'kysely'
import type { Database } from './dialect.ts'
import type { DB } from './schema.ts'

/** The tables listed newest first by creation (their id breaks ties). */
type NewestFirstTable = 'announcements' | 'resources'

/** One page of `table`, newest first, and how many rows it has in all. */
export async function newestFirstPage<T extends NewestFirstTable>(
  db: Database,
  table: T,
  page: { offset: number; limit: number },
): Promise<{ rows: Selectable<DB[T]>[]; total: number }> {
  const from = db.selectFrom(table as NewestFirstTable)
  const [rows, count] = await Promise.all([
    from
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    from.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows: rows as Selectable<DB[T]>[], total: Number(count.n) }
}
