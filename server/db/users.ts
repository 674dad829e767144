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
