import { containsText } from './search.ts'
import type { Database } from './dialect.ts'
import type { NewPageRow, PageRow } from './schema.ts'
import { type ListScope, scopeCondition } from './visibility.ts'

/** What lists read of a page: never the body. */
const SUMMARY_COLUMNS = [
  'id',
  'title',
  'slug',
  'status',
  'meta_description',
  'published_at',
  'created_at',
  'updated_at',
] as const
export type PageSummaryRow = Pick<PageRow, (typeof SUMMARY_COLUMNS)[number]>

/** `hiddenSlugs`: pages left out of the list (the members' own pages, for a visitor). */
type PageFilter = ListScope & { search?: string; hiddenSlugs?: readonly string[] }

function filtered(db: Database, filter: PageFilter) {
  let q = db.selectFrom('pages')
  const condition = scopeCondition(filter)
  if (condition) q = q.where(condition)
  if (filter.hiddenSlugs?.length) q = q.where('slug', 'not in', filter.hiddenSlugs)
  if (filter.search) {
    // Few pages exist; a case-insensitive match on title and slug is all the admin list needs.
    q = q.where(containsText(['title', 'slug'], filter.search))
  }
  return q
}

/**
 * The pages the filter lets through, most recently changed first, without bodies: all of them,
 * or one page of the list.
 */
export async function listPages(
  db: Database,
  filter: PageFilter,
  page?: { offset: number; limit: number },
): Promise<PageSummaryRow[]> {
  const q = filtered(db, filter).select(SUMMARY_COLUMNS).orderBy('updated_at', 'desc').orderBy('id')
  return (page ? q.limit(page.limit).offset(page.offset) : q).execute()
}

export async function countPages(db: Database, filter: PageFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow()
  return Number(row.n)
}

export async function findPage(
  db: Database,
  by: { id?: string; slug?: string },
): Promise<PageRow | undefined> {
  let q = db.selectFrom('pages').selectAll()
  if (by.id !== undefined) q = q.where('id', '=', by.id)
  if (by.slug !== undefined) q = q.where('slug', '=', by.slug)
  return q.executeTakeFirst()
}

export async function pageSlugsStartingWith(
  db: Database,
  base: string,
  exceptId?: string,
): Promise<string[]> {
  let q = db
    .selectFrom('pages')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
  if (exceptId) q = q.where('id', '!=', exceptId)
  return (await q.execute()).map((r) => r.slug)
}

export async function insertPage(db: Database, row: NewPageRow): Promise<PageRow> {
  return db.insertInto('pages').values(row).returningAll().executeTakeFirstOrThrow()
}

export async function updatePage(
  db: Database,
  id: string,
  changes: Partial<NewPageRow>,
): Promise<PageRow | undefined> {
  return db.updateTable('pages').set(changes).where('id', '=', id).returningAll().executeTakeFirst()
}

export async function deletePage(db: Database, id: string): Promise<boolean> {
  const result = await db.deleteFrom('pages').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
