import type { Database } from './dialect.ts'
import type { NewUserRow, UserRow, UserUpdate } from './schema.ts'

export async function findUserById(db: Database, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where('email', '=', email.toLowerCase())
    .executeTakeFirst()
}

export async function insertUser(db: Database, row: NewUserRow): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({ ...row, email: row.email.toLowerCase() })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function updateUser(
  db: Database,
  id: number,
  changes: UserUpdate,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set(changes.email ? { ...changes, email: changes.email.toLowerCase() } : changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

export async function countUsers(db: Database): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

/**
 * Replaces the avatar only if it is still `expected` (compare-and-swap): of several uploads at
 * once each learns exactly which earlier file it replaced, so none is left behind.
 */
export async function swapUserAvatar(
  db: Database,
  id: number,
  expected: string | null,
  next: string,
  now: string,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({ avatar_url: next, updated_at: now })
    .where('id', '=', id)
    .where((eb) =>
      expected === null ? eb('avatar_url', 'is', null) : eb('avatar_url', '=', expected),
    )
    .returningAll()
    .executeTakeFirst()
}
