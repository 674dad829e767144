import type { Kysely } from 'kysely'

/**
 * The admin inbox: a message is read (read_at) and archived (archived_at) or not, as a time in
 * ISO text like every other date. The list is newest first within "not archived" or "archived",
 * the unread count within "not archived and not read", and the retention job deletes by
 * created_at: one index each, on both engines.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contact_messages').addColumn('read_at', 'text').execute()
  await db.schema.alterTable('contact_messages').addColumn('archived_at', 'text').execute()
  await db.schema
    .createIndex('contact_messages_inbox')
    .on('contact_messages')
    .columns(['archived_at', 'created_at', 'id'])
    .execute()
  await db.schema
    .createIndex('contact_messages_unread')
    .on('contact_messages')
    .columns(['archived_at', 'read_at'])
    .execute()
  await db.schema
    .createIndex('contact_messages_created_at')
    .on('contact_messages')
    .column('created_at')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('contact_messages_created_at').execute()
  await db.schema.dropIndex('contact_messages_unread').execute()
  await db.schema.dropIndex('contact_messages_inbox').execute()
  await db.schema.alterTable('contact_messages').dropColumn('archived_at').execute()
  await db.schema.alterTable('contact_messages').dropColumn('read_at').execute()
}
