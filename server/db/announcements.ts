import type { Database } from './dialect.ts'
import { newestFirstPage } from './newest-first.ts'
import type { AnnouncementRow, NewAnnouncementRow } from './schema.ts'

/** One page of announcements, newest first, and how many there are in all. */
export function listAnnouncements(
  db: Database,
  page: { offset: number; limit: number },
): Promise<{ rows: AnnouncementRow[]; total: number }> {
  return newestFirstPage(db, 'announcements', page)
}

export async function findAnnouncement(
  db: Database,
  id: number,
): Promise<AnnouncementRow | undefined> {
  return db.selectFrom('announcements').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function insertAnnouncement(
  db: Database,
  row: NewAnnouncementRow,
): Promise<AnnouncementRow> {
  return db.insertInto('announcements').values(row).returningAll().executeTakeFirstOrThrow()
}

export async function updateAnnouncement(
  db: Database,
  id: number,
  changes: Partial<NewAnnouncementRow>,
): Promise<AnnouncementRow | undefined> {
  return db
    .updateTable('announcements')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

export async function deleteAnnouncement(db: Database, id: number): Promise<boolean> {
  const result = await db.deleteFrom('announcements').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
