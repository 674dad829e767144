import type { Database } from './dialect.ts'
import type { SessionRow, UserRow } from './schema.ts'

export async function insertSession(db: Database, row: SessionRow): Promise<void> {
  await db.insertInto('sessions').values(row).execute()
}

export async function findSessionWithUser(
  db: Database,
  id: string,
  now: string,
): Promise<{ session: SessionRow; user: UserRow } | undefined> {
  const row = await db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.created_at as session_created_at',
      'sessions.expires_at as session_expires_at',
      'sessions.ip as session_ip',
      'sessions.user_agent as session_user_agent',
    ])
    .where('sessions.id', '=', id)
    .where('sessions.expires_at', '>', now)
    .executeTakeFirst()
  if (!row) return undefined
  const {
    session_id,
    session_created_at,
    session_expires_at,
    session_ip,
    session_user_agent,
    ...user
  } = row
  return {
    session: {
      id: session_id,
      user_id: user.id,
      created_at: session_created_at,
      expires_at: session_expires_at,
      ip: session_ip,
      user_agent: session_user_agent,
    },
    user,
  }
}

export async function updateSessionExpiry(
  db: Database,
  id: string,
  expiresAt: string,
): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt }).where('id', '=', id).execute()
}

export async function deleteSession(db: Database, id: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', id).execute()
}

export async function deleteSessionsOfUser(
  db: Database,
  userId: number,
  exceptId?: string,
): Promise<number> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId)
  if (exceptId) q = q.where('id', '!=', exceptId)
  const result = await q.executeTakeFirst()
  return Number(result.numDeletedRows)
}

export async function deleteExpiredSessions(db: Database, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expires_at', '<=', now).execute()
}
