import type { Kysely } from 'kysely'

/**
 * Discord sign-in keeps everything in the database so several app processes agree: the OAuth
 * state with its PKCE verifier, the one-time tokens the popup hands to the page, and the member's
 * Discord tokens (sealed) with the cached server-membership check.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('oauth_states')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('redirect_uri', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('oauth_states_expires_at')
    .on('oauth_states')
    .column('expires_at')
    .execute()

  await db.schema
    .createTable('oauth_temp_tokens')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('oauth_temp_tokens_expires_at')
    .on('oauth_temp_tokens')
    .column('expires_at')
    .execute()

  // SQLite adds one column per ALTER TABLE.
  for (const column of [
    'access_token',
    'refresh_token',
    'token_expires_at',
    'guild_checked_at',
    'guild_joined_at',
    'updated_at',
  ]) {
    await db.schema.alterTable('oauth_accounts').addColumn(column, 'text').execute()
  }
  await db.schema.alterTable('oauth_accounts').addColumn('guild_member', 'integer').execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const column of [
    'guild_member',
    'updated_at',
    'guild_joined_at',
    'guild_checked_at',
    'token_expires_at',
    'refresh_token',
    'access_token',
  ]) {
    await db.schema.alterTable('oauth_accounts').dropColumn(column).execute()
  }
  await db.schema.dropTable('oauth_temp_tokens').execute()
  await db.schema.dropTable('oauth_states').execute()
}
