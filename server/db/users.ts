import { ADMIN_ROLE, isAdmin } from '../../contracts/common-constants.ts'
import { containsText } from './search.ts'
import { sql } from 'kysely'
import { type Database, isPostgres, type Trx } from './dialect.ts'
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

export type UserSortColumn = 'display_name' | 'email' | 'created_at'

/** One page of users for the admin table; `%` and `_` in the search are taken literally. */
export async function listUsers(
  db: Database,
  query: {
    search?: string
    sortBy: UserSortColumn
    sortOrder: 'asc' | 'desc'
    limit: number
    offset: number
  },
): Promise<{ rows: UserRow[]; total: number }> {
  let base = db.selectFrom('users')
  if (query.search) {
    base = base.where(containsText(['display_name', 'email'], query.search))
  }
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy(
        query.sortBy === 'display_name' ? sql`lower(display_name)` : query.sortBy,
        query.sortOrder,
      )
      .orderBy('id', query.sortOrder)
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

export class LastAdminError extends Error {}

/**
 * Runs `change` on a user, in the caller's transaction, only if the site keeps an administrator
 * afterwards. The admin rows and
 * the user's row are locked first, in one statement and in id order (PostgreSQL `FOR UPDATE`;
 * SQLite runs one transaction at a time), so two admins demoting each other at the same moment
 * cannot both succeed, and no two such changes ever wait for each other in a circle.
 */
export async function changeUserKeepingAnAdmin<T>(
  trx: Trx,
  userId: number,
  removesAdmin: (row: UserRow) => boolean,
  change: (trx: Trx, row: UserRow) => Promise<T>,
): Promise<T | undefined> {
  const locked = await trx
    .selectFrom('users')
    .select(['id', 'role'])
    .where((eb) => eb.or([eb('role', '=', ADMIN_ROLE), eb('id', '=', userId)]))
    .orderBy('id')
    .$call((q) => (isPostgres(trx) ? q.forUpdate() : q))
    .execute()
  const admins = locked.filter((r) => r.role === ADMIN_ROLE)
  const row = await findUserById(trx, userId)
  if (!row) return undefined
  if (removesAdmin(row) && isAdmin(row) && admins.length <= 1) throw new LastAdminError()
  return change(trx, row)
}

export async function deleteUserRow(db: Database, id: number): Promise<boolean> {
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
