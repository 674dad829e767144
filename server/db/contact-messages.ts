import { containsText } from './search.ts'
import type { Database } from './dialect.ts'
import type { ContactMessageRow } from './schema.ts'

export async function insertContactMessage(
  db: Database,
  row: Omit<
    ContactMessageRow,
    'id' | 'email_attempts' | 'email_error' | 'emailed_at' | 'read_at' | 'archived_at'
  >,
): Promise<ContactMessageRow> {
  return db
    .insertInto('contact_messages')
    .values({
      ...row,
      email_attempts: 0,
      email_error: null,
      emailed_at: null,
      read_at: null,
      archived_at: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function listUndeliveredContactMessages(
  db: Database,
  maxAttempts: number,
): Promise<ContactMessageRow[]> {
  return db
    .selectFrom('contact_messages')
    .selectAll()
    .where('email_status', 'in', ['pending', 'failed'])
    .where('email_attempts', '<', maxAttempts)
    .orderBy('id')
    .limit(50)
    .execute()
}

export async function markContactMessage(
  db: Database,
  id: number,
  result: { status: 'sent' | 'failed'; error: string | null; at: string },
): Promise<void> {
  await db
    .updateTable('contact_messages')
    .set((eb) => ({
      email_status: result.status,
      email_error: result.error,
      emailed_at: result.status === 'sent' ? result.at : null,
      email_attempts: eb('email_attempts', '+', 1),
    }))
    .where('id', '=', id)
    .execute()
}

/** The inbox's views: all (not archived), unread (not read, not archived), archived. */
export type InboxView = 'all' | 'unread' | 'archived'

/** A page of the inbox, newest first, with the total matching and the unread count. */
export async function listInboxMessages(
  db: Database,
  query: { view: InboxView; search?: string; limit: number; offset: number },
): Promise<{ rows: ContactMessageRow[]; total: number; unread: number }> {
  let base = db.selectFrom('contact_messages')
  base =
    query.view === 'archived'
      ? base.where('archived_at', 'is not', null)
      : base.where('archived_at', 'is', null)
  if (query.view === 'unread') base = base.where('read_at', 'is', null)
  if (query.search) {
    base = base.where(containsText(['name', 'email', 'subject', 'message'], query.search))
  }
  const [rows, count, unread] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    countUnreadMessages(db),
  ])
  return { rows, total: Number(count.n), unread }
}

/** Unread and still in the inbox: the count on the Messages tab and the dashboard. */
export async function countUnreadMessages(db: Database): Promise<number> {
  const row = await db
    .selectFrom('contact_messages')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('archived_at', 'is', null)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/** A message's read_at and archived_at, or undefined when there is no such message. */
export async function findInboxState(
  db: Database,
  id: number,
): Promise<Pick<ContactMessageRow, 'read_at' | 'archived_at'> | undefined> {
  return db
    .selectFrom('contact_messages')
    .select(['read_at', 'archived_at'])
    .where('id', '=', id)
    .executeTakeFirst()
}

/** Sets or clears read_at / archived_at; undefined when there is no such message. */
export async function updateInboxMessage(
  db: Database,
  id: number,
  change: { read_at?: string | null; archived_at?: string | null },
): Promise<ContactMessageRow | undefined> {
  return db
    .updateTable('contact_messages')
    .set(change)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

/** True when a row was deleted. */
export async function deleteContactMessage(db: Database, id: number): Promise<boolean> {
  const result = await db.deleteFrom('contact_messages').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** Deletes the messages received before `before` (ISO time); returns how many. */
export async function deleteContactMessagesBefore(db: Database, before: string): Promise<number> {
  const result = await db
    .deleteFrom('contact_messages')
    .where('created_at', '<', before)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
