import { type RawBuilder, sql } from 'kysely'
import { cardExcerpt } from '../../contracts/card-excerpt.ts'
import { type Database, isPostgres, type Trx } from './dialect.ts'
import type { BlogPostRow, NewBlogPostRow } from './schema.ts'
import { type ListScope, publicNow, scopeCondition } from './visibility.ts'

/** What lists read of a post: never the body. */
const CARD_COLUMNS = [
  'id',
  'title',
  'slug',
  'card_excerpt',
  'featured_image_url',
  'tags',
  'status',
  'published_at',
  'created_at',
  'updated_at',
] as const
export type BlogCardRow = Pick<BlogPostRow, (typeof CARD_COLUMNS)[number]>

/** A post as written: its card's excerpt is worked out here, from its excerpt and content. */
export type PostInput = Omit<NewBlogPostRow, 'card_excerpt'>
/** A change of a post carries its content and excerpt, which its card's excerpt comes from. */
export type PostChanges = Partial<Omit<PostInput, 'content' | 'excerpt'>> &
  Pick<PostInput, 'content' | 'excerpt'>

export type PostFilter = ListScope & {
  /** Words that must all appear (as word prefixes) in the post's search document. */
  searchTerms?: string[]
}

function withFilter(db: Database, filter: PostFilter) {
  const condition = scopeCondition(filter)
  const q = db.selectFrom('blog_posts')
  return condition ? q.where(condition) : q
}

/** PostgreSQL: the ids of the posts whose tsvector (GIN index) holds every term as a word prefix. */
function matchingPostIds(terms: string[]) {
  const query = terms.map((t) => `${t}:*`).join(' & ')
  return sql<string>`(select post_id from blog_posts_search where document @@ to_tsquery('simple', ${query}))`
}

type Page = { offset: number; limit: number }
type PageIds = { ids: Array<{ id: string }>; total: number }

async function builderPage(
  base: ReturnType<typeof withFilter>,
  order: RawBuilder<unknown>,
  page: Page,
): Promise<PageIds> {
  const [ids, count] = await Promise.all([
    base
      .select('blog_posts.id')
      .orderBy(order)
      .orderBy('blog_posts.id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { ids, total: Number(count.n) }
}

/**
 * The FTS match is the outer loop (CROSS JOIN pins the order) and each match is filtered and
 * ordered by the status and dates copied beside its rowid, so the work follows the number of
 * matches and never touches blog_posts.
 */
async function sqliteSearchPage(
  db: Database,
  filter: PostFilter,
  terms: string[],
  page: Page,
): Promise<PageIds> {
  const match = terms.map((t) => `"${t}"*`).join(' ')
  if ('publicAt' in filter) {
    // What visitors see is a range of search row numbers (see searchRowNumber): the index walks
    // its matches newest first and stops once the page is full, and counts without a join.
    const [low, high] = publicRowRange(filter.publicAt)
    const ids = await sql<{ id: string }>`select s.post_id as id from blog_posts_search
      cross join blog_posts_search_ids s on s.id = blog_posts_search.rowid
      where blog_posts_search match ${match}
        and blog_posts_search.rowid between ${low} and ${high}
      order by blog_posts_search.rowid desc
      limit ${page.limit} offset ${page.offset}`.execute(db)
    const count = await sql<{ n: number }>`select count(*) as n from blog_posts_search
      where blog_posts_search match ${match} and rowid between ${low} and ${high}`.execute(db)
    return { ids: ids.rows, total: Number(count.rows[0]?.n ?? 0) }
  }
  const conditions: RawBuilder<unknown>[] = [sql`blog_posts_search match ${match}`]
  const visible = scopeCondition(filter, 's')
  if (visible) conditions.push(visible)
  const from = sql`from blog_posts_search
    cross join blog_posts_search_ids s on s.id = blog_posts_search.rowid
    where ${sql.join(conditions, sql` and `)}`
  const ids = await sql<{
    id: string
  }>`select s.post_id as id ${from} order by coalesce(s.published_at, s.created_at) desc, s.post_id
    limit ${page.limit} offset ${page.offset}`.execute(db)
  const count = await sql<{ n: number }>`select count(*) as n ${from}`.execute(db)
  return { ids: ids.rows, total: Number(count.rows[0]?.n ?? 0) }
}

/** Posts sharing one millisecond of publication take the next free number of its block. */
const ROWS_PER_MS = 1024

/**
 * SQLite numbers each post's search row by publication, so that the public rule of
 * server/db/visibility.ts (published, dated, the date has come) is a range of row numbers: a
 * published, dated post gets its publication instant in milliseconds times 1024 (plus the first
 * free slot of that block), every other post a negative number from its creation instant. Newest
 * first is then the index's own descending order. Any write of a post renumbers its row.
 */
export function searchRowBase(
  post: Pick<BlogPostRow, 'status' | 'published_at' | 'created_at'>,
): number {
  if (post.status === 'published' && post.published_at !== null)
    return Date.parse(post.published_at) * ROWS_PER_MS
  return -(Date.parse(post.created_at) * ROWS_PER_MS + ROWS_PER_MS - 1)
}

/** The row numbers of the posts visitors see at `now`: exactly `publicNow(now)`. */
export function publicRowRange(now: string): [number, number] {
  return [1, Date.parse(now) * ROWS_PER_MS + ROWS_PER_MS - 1]
}

/**
 * One page of posts in two steps: the page's ids first (ordered and counted through the
 * blog_posts_listing index), then those posts' cards. Neither step reads a body.
 */
export async function listPosts(
  db: Database,
  filter: PostFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: BlogCardRow[]; total: number }> {
  // Published lists follow the publication date; admin lists put undated drafts by creation date.
  const order =
    'publicAt' in filter
      ? sql`blog_posts.published_at desc`
      : sql`coalesce(blog_posts.published_at, blog_posts.created_at) desc`
  const terms = filter.searchTerms ?? []
  const { ids, total } =
    terms.length > 0 && !isPostgres(db)
      ? await sqliteSearchPage(db, filter, terms, page)
      : await builderPage(
          terms.length > 0
            ? withFilter(db, filter).where('blog_posts.id', 'in', matchingPostIds(terms))
            : withFilter(db, filter),
          order,
          page,
        )
  if (ids.length === 0) return { rows: [], total }
  const rows = await db
    .selectFrom('blog_posts')
    .select(CARD_COLUMNS)
    .where(
      'id',
      'in',
      ids.map((r) => r.id),
    )
    .execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  return { rows: ids.map((r) => byId.get(r.id)!).filter(Boolean), total }
}

function newestPublic(db: Database, now: string, limit: number) {
  return withFilter(db, { publicAt: now })
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .limit(limit)
}

/** The cards of the newest posts visitors see at `now` (related posts, the RSS feed). */
export async function latestPublishedCards(
  db: Database,
  now: string,
  limit: number,
): Promise<BlogCardRow[]> {
  return newestPublic(db, now, limit).select(CARD_COLUMNS).execute()
}

/** Slug and last change of every post visitors see at `now`, newest first (for the sitemap). */
export async function listPublishedSlugs(
  db: Database,
  now: string,
  limit: number,
): Promise<Array<{ slug: string; updated_at: string }>> {
  return db
    .selectFrom('blog_posts')
    .select(['slug', 'updated_at'])
    .where(publicNow(now))
    .orderBy('published_at', 'desc')
    .limit(limit)
    .execute()
}

export async function findPost(
  db: Database,
  by: { id?: string; slug?: string },
): Promise<BlogPostRow | undefined> {
  let q = db.selectFrom('blog_posts').selectAll()
  if (by.id !== undefined) q = q.where('id', '=', by.id)
  if (by.slug !== undefined) q = q.where('slug', '=', by.slug)
  return q.executeTakeFirst()
}

export async function slugsStartingWith(
  db: Database,
  base: string,
  exceptId?: string,
): Promise<string[]> {
  let q = db
    .selectFrom('blog_posts')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
  if (exceptId) q = q.where('id', '!=', exceptId)
  return (await q.execute()).map((r) => r.slug)
}

export async function insertPost(db: Database, row: PostInput): Promise<BlogPostRow> {
  return db
    .insertInto('blog_posts')
    .values({ ...row, card_excerpt: cardExcerpt(row) })
    .returningAll()
    .executeTakeFirstOrThrow()
}

export async function updatePost(
  db: Database,
  id: string,
  changes: PostChanges,
): Promise<BlogPostRow | undefined> {
  return db
    .updateTable('blog_posts')
    .set({ ...changes, card_excerpt: cardExcerpt(changes) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

export async function deletePost(trx: Trx, id: string): Promise<boolean> {
  await deleteSearchDocument(trx, id)
  const result = await trx.deleteFrom('blog_posts').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** Writes the post's search document, in the transaction that writes the post. */
export async function upsertSearchDocument(
  db: Trx,
  post: Pick<BlogPostRow, 'id' | 'status' | 'published_at' | 'created_at'>,
  document: string,
): Promise<void> {
  const postId = post.id
  if (isPostgres(db)) {
    await sql`insert into blog_posts_search (post_id, document) values (${postId}, to_tsvector('simple', ${document}))
      on conflict (post_id) do update set document = excluded.document`.execute(db)
    return
  }
  await deleteSearchDocument(db, postId)
  const base = searchRowBase(post)
  const taken = await sql<{ id: number }>`select id from blog_posts_search_ids
    where id between ${base} and ${base + ROWS_PER_MS - 1} order by id`.execute(db)
  const used = new Set(taken.rows.map((r) => Number(r.id)))
  let id = base
  while (used.has(id)) id++
  if (id >= base + ROWS_PER_MS) throw new Error('more than 1024 posts in one millisecond')
  await sql`insert into blog_posts_search_ids (id, post_id, status, published_at, created_at)
    values (${id}, ${postId}, ${post.status}, ${post.published_at}, ${post.created_at})`.execute(db)
  await sql`insert into blog_posts_search (rowid, document) values (${id}, ${document})`.execute(db)
}

/**
 * Up to `limit` posts without a search row (SQLite, after the index was renumbered), to index
 * again; a batch at a time, as a post carries its whole HTML.
 */
export async function postsMissingFromSearch(db: Database, limit: number): Promise<BlogPostRow[]> {
  if (isPostgres(db)) return []
  return db
    .selectFrom('blog_posts')
    .selectAll()
    .where('id', 'not in', (eb) => eb.selectFrom('blog_posts_search_ids').select('post_id'))
    .limit(limit)
    .execute()
}

async function deleteSearchDocument(db: Database, postId: string): Promise<void> {
  if (isPostgres(db)) {
    await sql`delete from blog_posts_search where post_id = ${postId}`.execute(db)
    return
  }
  await sql`delete from blog_posts_search where rowid in (select id from blog_posts_search_ids where post_id = ${postId})`.execute(
    db,
  )
  await sql`delete from blog_posts_search_ids where post_id = ${postId}`.execute(db)
}
