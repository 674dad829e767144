import type { Database } from './dialect.ts'
import type { FaqRow, NewFaqRow } from './schema.ts'

export async function listFaqs(db: Database): Promise<FaqRow[]> {
  return db.selectFrom('faqs').selectAll().orderBy('position').orderBy('id').execute()
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
