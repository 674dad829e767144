import type { Database } from './dialect.ts'
import type {
  NewOauthAccountRow,
  OauthAccountRow,
  OauthAccountUpdate,
  OauthStateRow,
} from './schema.ts'

export async function insertOauthState(db: Database, row: OauthStateRow): Promise<void> {
  await db.insertInto('oauth_states').values(row).execute()
}

/** Deletes the state and answers what it held: a state can be used once, expired or not. */
export async function takeOauthState(db: Database, id: string): Promise<OauthStateRow | undefined> {
  return db.deleteFrom('oauth_states').where('id', '=', id).returningAll().executeTakeFirst()
}

export async function deleteExpiredOauthStates(db: Database, now: string): Promise<void> {
  await db.deleteFrom('oauth_states').where('expires_at', '<=', now).execute()
}

export async function insertOauthTempToken(
  db: Database,
  row: { id: string; user_id: number; created_at: string; expires_at: string },
): Promise<void> {
  await db.insertInto('oauth_temp_tokens').values(row).execute()
}

/** Single use in one statement: two requests racing with the same token cannot both get it. */
export async function takeOauthTempToken(
  db: Database,
  id: string,
): Promise<{ user_id: number; expires_at: string } | undefined> {
  return db
    .deleteFrom('oauth_temp_tokens')
    .where('id', '=', id)
    .returning(['user_id', 'expires_at'])
    .executeTakeFirst()
}

export async function deleteExpiredOauthTempTokens(db: Database, now: string): Promise<void> {
  await db.deleteFrom('oauth_temp_tokens').where('expires_at', '<=', now).execute()
}

export async function deleteOauthTempTokensOfUser(db: Database, userId: number): Promise<void> {
  await db.deleteFrom('oauth_temp_tokens').where('user_id', '=', userId).execute()
}

export async function findOauthAccount(
  db: Database,
  provider: string,
  providerUserId: string,
): Promise<OauthAccountRow | undefined> {
  return db
    .selectFrom('oauth_accounts')
    .selectAll()
    .where('provider', '=', provider)
    .where('provider_user_id', '=', providerUserId)
    .executeTakeFirst()
}

export async function findOauthAccountOfUser(
  db: Database,
  userId: number,
  provider: string,
): Promise<OauthAccountRow | undefined> {
  return db
    .selectFrom('oauth_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .where('provider', '=', provider)
    .orderBy('id')
    .executeTakeFirst()
}

export async function listOauthAccountsOfUser(
  db: Database,
  userId: number,
): Promise<Array<Pick<OauthAccountRow, 'provider' | 'provider_email' | 'created_at'>>> {
  return db
    .selectFrom('oauth_accounts')
    .select(['provider', 'provider_email', 'created_at'])
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute()
}

export async function insertOauthAccount(
  db: Database,
  row: NewOauthAccountRow,
): Promise<OauthAccountRow> {
  return db.insertInto('oauth_accounts').values(row).returningAll().executeTakeFirstOrThrow()
}

export async function updateOauthAccount(
  db: Database,
  id: number,
  changes: OauthAccountUpdate,
): Promise<void> {
  await db.updateTable('oauth_accounts').set(changes).where('id', '=', id).execute()
}
