import type { ActivityKind } from '../../contracts/activity.ts'
import type { Database } from './dialect.ts'
import type { NewAdminActivityRow } from './schema.ts'

export interface ActivityFilter {
  adminId?: number
  kind?: ActivityKind
}

export interface ActivityListRow {
  id: number
  at: string
  admin_id: number
  admin_name: string
  kind: ActivityKind
  action: NewAdminActivityRow['action']
  target_id: string | null
  summary: string
}

export async function insertAdminActivity(db: Database, row: NewAdminActivityRow): Promise<void> {
  await db.insertInto('admin_activity').values(row).execute()
}

/**
 * One page of the log, newest first (its id breaks ties), and how many entries match. The name is
 * the admin's current one while the account exists, else the one stored with the entry.
 */
export async function listAdminActivity(
  db: Database,
  filter: ActivityFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: ActivityListRow[]; total: number }> {
  let from = db.selectFrom('admin_activity as a')
  if (filter.adminId !== undefined) from = from.where('a.admin_id', '=', filter.adminId)
  if (filter.kind !== undefined) from = from.where('a.kind', '=', filter.kind)
  const [rows, count] = await Promise.all([
    from
      .leftJoin('users as u', 'u.id', 'a.admin_id')
      .select(({ fn, ref }) => [
        'a.id',
        'a.at',
        'a.admin_id',
        fn.coalesce(ref('u.display_name'), ref('a.admin_name')).as('admin_name'),
        'a.kind',
        'a.action',
        'a.target_id',
        'a.summary',
      ])
      .orderBy('a.at', 'desc')
      .orderBy('a.id', 'desc')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    from.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

/** Everyone the log's filter offers: today's admins and every admin who has an entry. */
export async function listActivityAdmins(db: Database): Promise<{ id: number; name: string }[]> {
  const [admins, acted] = await Promise.all([
    db
      .selectFrom('users')
      .select(['id', 'display_name as name'])
      .where('role', '=', 'admin')
      .execute(),
    db
      .selectFrom('admin_activity as a')
      .leftJoin('users as u', 'u.id', 'a.admin_id')
      .select(({ fn, ref }) => [
        'a.admin_id as id',
        fn.coalesce(ref('u.display_name'), fn.max('a.admin_name')).as('name'),
      ])
      .where('a.admin_id', '>', 0)
      .groupBy(['a.admin_id', 'u.display_name'])
      .execute(),
  ])
  const byId = new Map<number, string>()
  for (const row of [...acted, ...admins]) byId.set(row.id, row.name)
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name))
}
