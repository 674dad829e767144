import type { Database } from './dialect.ts'
import type { HeaderImageRow, NewHeaderImageRow } from './schema.ts'

export async function listHeaderImages(db: Database, limit?: number): Promise<HeaderImageRow[]> {
  let query = db
    .selectFrom('header_images')
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('key')
  if (limit !== undefined) query = query.limit(limit)
  return query.execute()
}

export async function findHeaderImage(
  db: Database,
  key: string,
): Promise<HeaderImageRow | undefined> {
  return db.selectFrom('header_images').selectAll().where('key', '=', key).executeTakeFirst()
}

export async function insertHeaderImage(
  db: Database,
  row: NewHeaderImageRow,
): Promise<HeaderImageRow> {
  return db.insertInto('header_images').values(row).returningAll().executeTakeFirstOrThrow()
}

/** The deleted row, so its files can be removed; undefined when there was none. */
export async function deleteHeaderImage(
  db: Database,
  key: string,
): Promise<HeaderImageRow | undefined> {
  return db.deleteFrom('header_images').where('key', '=', key).returningAll().executeTakeFirst()
}
