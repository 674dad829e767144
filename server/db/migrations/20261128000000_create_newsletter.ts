import type { Kysely } from 'kysely'
import { identityColumn } from '../dialect.ts'

/**
 * The newsletter: who gets e-mail (subscriptions), and a durable outbox of what is sent to whom
 * (one `newsletters` row per send, one `newsletter_deliveries` row per recipient). A delivery's
 * state moves queued → sending → sent | failed, and the unique (newsletter, subscription) pair
 * means a recipient can be queued for one send only once (ADR 020).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('newsletter_subscriptions')
    .addColumn('id', 'integer', identityColumn(db))
    // Lower-cased; one subscription per address.
    .addColumn('email', 'text', (c) => c.notNull().unique())
    // Set for a member's subscription (the account's address); null for an e-mail-only visitor.
    .addColumn('user_id', 'integer', (c) => c.unique().references('users.id').onDelete('cascade'))
    // Random, per subscription: bound into every signed link, so a link outlives neither a
    // deleted subscription nor one whose links were reset.
    .addColumn('token_key', 'text', (c) => c.notNull())
    .addColumn('posts', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('digest', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('alerts', 'integer', (c) => c.notNull().defaultTo(0))
    // Null until the address is confirmed (double opt-in); nothing but the confirmation mail
    // goes to an unconfirmed address.
    .addColumn('confirmed_at', 'text')
    // When the last confirmation mail went out: a second request within the hour sends none.
    .addColumn('confirmation_sent_at', 'text')
    .addColumn('unsubscribed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('newsletters')
    .addColumn('id', 'integer', identityColumn(db))
    // post | digest | alert
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('post_id', 'text', (c) => c.references('blog_posts.id').onDelete('set null'))
    // all | members | email-only: who of the subscribers it goes to.
    .addColumn('audience', 'text', (c) => c.notNull())
    // What makes a send happen once: `post:<id>:<audience>`, `digest:<week>`…
    .addColumn('dedupe_key', 'text', (c) => c.notNull().unique())
    .addColumn('subject', 'text', (c) => c.notNull())
    // queued (recipients being added) | sending | sent (every delivery ended)
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('recipient_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .execute()
  await db.schema
    .createIndex('newsletters_created_at')
    .on('newsletters')
    .columns(['created_at', 'id'])
    .execute()

  await db.schema
    .createTable('newsletter_deliveries')
    .addColumn('id', 'integer', identityColumn(db))
    .addColumn('newsletter_id', 'integer', (c) =>
      c.notNull().references('newsletters.id').onDelete('cascade'),
    )
    .addColumn('subscription_id', 'integer', (c) =>
      c.notNull().references('newsletter_subscriptions.id').onDelete('cascade'),
    )
    // The address when it was queued.
    .addColumn('email', 'text', (c) => c.notNull())
    // queued | sending | sent | failed
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    // When a queued delivery may next be tried (the retry backoff).
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    // While `sending`: who holds it and until when.
    .addColumn('lease_owner', 'text')
    .addColumn('lease_until', 'text')
    // Written the moment the SMTP server accepts the message, before anything else.
    .addColumn('accepted_at', 'text')
    .addColumn('sent_at', 'text')
    .addUniqueConstraint('newsletter_deliveries_once', ['newsletter_id', 'subscription_id'])
    .execute()
  await db.schema
    .createIndex('newsletter_deliveries_due')
    .on('newsletter_deliveries')
    .columns(['state', 'next_attempt_at'])
    .execute()
  await db.schema
    .createIndex('newsletter_deliveries_subscription')
    .on('newsletter_deliveries')
    .column('subscription_id')
    .execute()

  // "E-mail this post to subscribers": set on a post until its newsletter is queued.
  await db.schema
    .alterTable('blog_posts')
    .addColumn('email_subscribers', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('blog_posts').dropColumn('email_subscribers').execute()
  await db.schema.dropTable('newsletter_deliveries').execute()
  await db.schema.dropTable('newsletters').execute()
  await db.schema.dropTable('newsletter_subscriptions').execute()
}
