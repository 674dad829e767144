import type { Database } from './dialect.ts'
import type { FaqRow, NewFaqRow } from './schema.ts'

/** One page of FAQs in their order, and how many there are in all. */
export async function listFaqs(
  db: Database,
  page: { offset: number; limit: number },
): Promise<{ rows: FaqRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('faqs')
      .selectAll()
      .orderBy('position')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    db
      .selectFrom('faqs')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

export async function findFaq(db: Database, id: number): Promise<FaqRow | undefined> {
  return db.selectFrom('faqs').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function nextFaqPosition(db: Database): Promise<number> {
  const row = await db
    .selectFrom('faqs')
    .select((eb) => eb.fn.max('position').as('max'))
    .executeTakeFirst()
  return row?.max === null || row?.max === undefined ? 0 : Number(row.max) + 1
}

export async function insertFaq(db: Database, row: NewFaqRow): Promise<FaqRow> {
  return db.insertInto('faqs').values(row).returningAll().executeTakeFirstOrThrow()
}

export async function updateFaq(
  db: Database,
  id: number,
  changes: Partial<NewFaqRow>,
): Promise<FaqRow | undefined> {
  return db.updateTable('faqs').set(changes).where('id', '=', id).returningAll().executeTakeFirst()
}

export async function deleteFaq(db: Database, id: number): Promise<boolean> {
  const result = await db.deleteFrom('faqs').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
