import type { Database } from './dialect.ts'
import { newestFirstPage } from './newest-first.ts'
import type { NewResourceRow, ResourceRow } from './schema.ts'

/** One page of resources, newest first, and how many there are in all. */
export function listResources(
  db: Database,
  page: { offset: number; limit: number },
): Promise<{ rows: ResourceRow[]; total: number }> {
  return newestFirstPage(db, 'resources', page)
}

export async function findResource(db: Database, id: number): Promise<ResourceRow | undefined> {
  return db.selectFrom('resources').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function insertResource(db: Database, row: NewResourceRow): Promise<ResourceRow> {
  return db.insertInto('resources').values(row).returningAll().executeTakeFirstOrThrow()
}

export async function updateResourceText(
  db: Database,
  id: number,
  fields: { title: string; description: string | null; updated_at: string },
): Promise<ResourceRow | undefined> {
  return db
    .updateTable('resources')
    .set(fields)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

/** The deleted row, so its file can be removed; undefined when there was none. */
export async function deleteResource(db: Database, id: number): Promise<ResourceRow | undefined> {
  return db.deleteFrom('resources').where('id', '=', id).returningAll().executeTakeFirst()
}

/** One more download, counted in the database so every node adds to the same figure. */
export async function countResourceDownload(db: Database, id: number): Promise<void> {
  await db
    .updateTable('resources')
    .set((eb) => ({ download_count: eb('download_count', '+', 1) }))
    .where('id', '=', id)
    .execute()
}
