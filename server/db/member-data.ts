import { sql } from 'kysely'
import type { Database, Trx } from './dialect.ts'

// A member's own data across the tables that hold it, for the export and the erasure
// (GDPR articles 15, 17 and 20): what is read here is what is deleted there.

/** Contact messages sent from the address, matched exactly but whatever its case. */
function fromAddress(email: string) {
  return sql<boolean>`lower(email) = ${email.toLowerCase()}`
}

export async function listSessionsForExport(db: Database, userId: number) {
  return db
    .selectFrom('sessions')
    .select(['created_at', 'expires_at', 'ip', 'user_agent'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .execute()
}

export async function listLinkedAccountsForExport(db: Database, userId: number) {
  return db
    .selectFrom('oauth_accounts')
    .select(['provider', 'provider_user_id', 'provider_username', 'provider_email', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

/** The member's subscription and any a visitor made with the member's address before signing up. */
export async function listSubscriptionsForExport(db: Database, userId: number, email: string) {
  return db
    .selectFrom('newsletter_subscriptions')
    .select([
      'email',
      'posts',
      'digest',
      'alerts',
      'confirmed_at',
      'unsubscribed_at',
      'created_at',
      'updated_at',
    ])
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('email', '=', email.toLowerCase())]))
    .orderBy('id')
    .execute()
}

/**
 * One page of the contact messages sent from the address, oldest first: those after `afterId`.
 * The download reads them page by page, so no number of messages is ever held at once.
 */
export async function listContactMessagesForExport(
  db: Database,
  email: string,
  afterId: number,
  limit: number,
) {
  return db
    .selectFrom('contact_messages')
    .select(['id', 'name', 'email', 'subject', 'message', 'ip', 'user_agent', 'created_at'])
    .where(fromAddress(email))
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute()
}

export interface ErasedAccount {
  userId: number
  email: string
  /** Rate-limit counters kept under the member's id or address (`name:key`). */
  rateLimitKeys: string[]
  /** Prefixes of counters whose key starts with the member's address (`name:email|ip`). */
  rateLimitPrefixes: string[]
}

/**
 * Deletes every row of the member in the caller's transaction, the user's row last. The foreign
 * keys would cascade most of these; each is deleted by name so that the list reads as the
 * erasure and a table added later is noticed by the test that walks the whole schema.
 */
export async function eraseMemberRows(trx: Trx, account: ErasedAccount): Promise<boolean> {
  const { userId } = account
  const email = account.email.toLowerCase()
  await trx.deleteFrom('sessions').where('user_id', '=', userId).execute()
  await trx.deleteFrom('oauth_temp_tokens').where('user_id', '=', userId).execute()
  await trx.deleteFrom('oauth_states').where('user_id', '=', userId).execute()
  await trx.deleteFrom('oauth_accounts').where('user_id', '=', userId).execute()
  await trx.deleteFrom('user_home_places').where('user_id', '=', userId).execute()
  await trx.deleteFrom('aurora_alerts').where('user_id', '=', userId).execute()
  // An alert is a one-recipient send named after the member (`aurora:<id>:<time>`); its
  // delivery goes with the subscription below.
  await trx
    .deleteFrom('newsletters')
    .where('kind', '=', 'alert')
    .where('dedupe_key', 'like', `aurora:${userId}:%`)
    .execute()
  await trx
    .deleteFrom('newsletter_subscriptions')
    .where((eb) => eb.or([eb('user_id', '=', userId), eb('email', '=', email)]))
    .execute()
  await trx.deleteFrom('contact_messages').where(fromAddress(email)).execute()
  if (account.rateLimitKeys.length > 0)
    await trx.deleteFrom('rate_limits').where('key', 'in', account.rateLimitKeys).execute()
  for (const prefix of account.rateLimitPrefixes) {
    // Compared by its start, not LIKE: an address may hold `_` or `%`.
    await trx
      .deleteFrom('rate_limits')
      .where(sql<boolean>`substr(key, 1, ${prefix.length}) = ${prefix}`)
      .execute()
  }
  const result = await trx.deleteFrom('users').where('id', '=', userId).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
