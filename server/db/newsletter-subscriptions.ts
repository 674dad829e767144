import type { Updateable } from 'kysely'
import type { Database } from './dialect.ts'
import type { NewsletterSubscriptionRow, NewsletterSubscriptionsTable } from './schema.ts'

export type { NewsletterSubscriptionRow }

export type NewSubscriptionRow = Omit<NewsletterSubscriptionRow, 'id'>
export type SubscriptionChange = Updateable<NewsletterSubscriptionsTable>

export async function findSubscriptionById(
  db: Database,
  id: number,
): Promise<NewsletterSubscriptionRow | undefined> {
  return db
    .selectFrom('newsletter_subscriptions')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function findSubscriptionByEmail(
  db: Database,
  email: string,
): Promise<NewsletterSubscriptionRow | undefined> {
  return db
    .selectFrom('newsletter_subscriptions')
    .selectAll()
    .where('email', '=', email)
    .executeTakeFirst()
}

export async function findSubscriptionOfUser(
  db: Database,
  userId: number,
): Promise<NewsletterSubscriptionRow | undefined> {
  return db
    .selectFrom('newsletter_subscriptions')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst()
}

/**
 * Inserts the address unless it is already there (two requests for one address at once both
 * end with the one row), and answers the row as it is now.
 */
export async function insertSubscriptionOnce(
  db: Database,
  row: NewSubscriptionRow,
): Promise<NewsletterSubscriptionRow> {
  await db
    .insertInto('newsletter_subscriptions')
    .values(row)
    .onConflict((oc) => oc.column('email').doNothing())
    .execute()
  const stored = await findSubscriptionByEmail(db, row.email)
  if (!stored) throw new Error('newsletter subscription vanished after its insert')
  return stored
}

export async function updateSubscription(
  db: Database,
  id: number,
  change: SubscriptionChange,
): Promise<NewsletterSubscriptionRow | undefined> {
  return db
    .updateTable('newsletter_subscriptions')
    .set(change)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

/**
 * Claims the right to send the confirmation mail: sets `confirmation_sent_at` when none went
 * since `resendAfter`. One caller wins, also across nodes; the loser sends nothing.
 */
export async function claimConfirmationMail(
  db: Database,
  id: number,
  at: string,
  resendAfter: string,
): Promise<boolean> {
  const result = await db
    .updateTable('newsletter_subscriptions')
    .set({ confirmation_sent_at: at })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('confirmation_sent_at', 'is', null),
        eb('confirmation_sent_at', '<=', resendAfter),
      ]),
    )
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

/** Gives a claim back after the mail failed: the next request may try again. */
export async function releaseConfirmationMail(
  db: Database,
  id: number,
  claimedAt: string,
  previous: string | null,
): Promise<void> {
  await db
    .updateTable('newsletter_subscriptions')
    .set({ confirmation_sent_at: previous })
    .where('id', '=', id)
    .where('confirmation_sent_at', '=', claimedAt)
    .execute()
}

export async function userHasOauthAccount(db: Database, userId: number): Promise<boolean> {
  const row = await db
    .selectFrom('oauth_accounts')
    .select('id')
    .where('user_id', '=', userId)
    .executeTakeFirst()
  return row !== undefined
}
