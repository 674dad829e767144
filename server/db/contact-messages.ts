import type { Database } from './dialect.ts'
import type { ContactMessageRow } from './schema.ts'

export async function insertContactMessage(
  db: Database,
  row: Omit<ContactMessageRow, 'id' | 'email_attempts' | 'email_error' | 'emailed_at'>,
): Promise<ContactMessageRow> {
  return db
    .insertInto('contact_messages')
    .values({ ...row, email_attempts: 0, email_error: null, emailed_at: null })
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
