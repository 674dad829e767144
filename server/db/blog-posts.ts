import { type RawBuilder, sql } from 'kysely'
import { type Database, isPostgres } from './dialect.ts'
import type { BlogPostRow, NewBlogPostRow } from './schema.ts'

export interface PostFilter {
  /** null: every status */
  statuses: string[] | null
  /** Only posts published at or before this instant (scheduled posts stay hidden). */
  visibleAt?: string
  /** Words that must all appear (as word prefixes) in the post's search document. */
  searchTerms?: string[]
}

function withFilter(db: Database, filter: PostFilter) {
  let q = db.selectFrom('blog_posts')
  if (filter.statuses) q = q.where('status', 'in', filter.statuses)
  if (filter.visibleAt)
    q = q.where('published_at', 'is not', null).where('published_at', '<=', filter.visibleAt)
  return q
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
  const conditions: RawBuilder<unknown>[] = [sql`blog_posts_search match ${match}`]
  if (filter.statuses) conditions.push(sql`s.status in (${sql.join(filter.statuses)})`)
  if (filter.visibleAt) {
    conditions.push(sql`s.published_at is not null and s.published_at <= ${filter.visibleAt}`)
  }
  const order = filter.visibleAt
    ? sql`s.published_at desc`
    : sql`coalesce(s.published_at, s.created_at) desc`
  const from = sql`from blog_posts_search
    cross join blog_posts_search_ids s on s.id = blog_posts_search.rowid
    where ${sql.join(conditions, sql` and `)}`
  const ids = await sql<{
    id: string
  }>`select s.post_id as id ${from} order by ${order}, s.post_id
    limit ${page.limit} offset ${page.offset}`.execute(db)
  const count = await sql<{ n: number }>`select count(*) as n ${from}`.execute(db)
  return { ids: ids.rows, total: Number(count.rows[0]?.n ?? 0) }
}

/**
 * One page of posts in two steps: the page's ids first (ordered and counted through the
 * blog_posts_listing index, never reading the HTML), then those posts whole.
 */
export async function listPosts(
  db: Database,
  filter: PostFilter,
  page: { offset: number; limit: number },
): Promise<{ rows: BlogPostRow[]; total: number }> {
  // Published lists follow the publication date; admin lists put undated drafts by creation date.
  const order = filter.visibleAt
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
    .selectAll()
    .where(
      'id',
      'in',
      ids.map((r) => r.id),
    )
    .execute()
  const byId = new Map(rows.map((r) => [r.id, r]))
  return { rows: ids.map((r) => byId.get(r.id)!).filter(Boolean), total }
}

/** The newest posts published by `visibleAt`, whole, without counting the rest (feeds, related posts). */
export async function latestPublishedPosts(
  db: Database,
  visibleAt: string,
  limit: number,
): Promise<BlogPostRow[]> {
  return withFilter(db, { statuses: ['published'], visibleAt })
    .selectAll()
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute()
}

/** Slug and last change of every post published by `visibleAt`, newest first (for the sitemap). */
export async function listPublishedSlugs(
  db: Database,
  visibleAt: string,
  limit: number,
): Promise<Array<{ slug: string; updated_at: string }>> {
  return db
    .selectFrom('blog_posts')
    .select(['slug', 'updated_at'])
    .where('status', '=', 'published')
    .where('published_at', 'is not', null)
    .where('published_at', '<=', visibleAt)
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

export async function insertPost(db: Database, row: NewBlogPostRow): Promise<BlogPostRow> {
  return db.insertInto('blog_posts').values(row).returningAll().executeTakeFirstOrThrow()
}

export async function updatePost(
  db: Database,
  id: string,
  changes: Partial<NewBlogPostRow>,
): Promise<BlogPostRow | undefined> {
  return db
    .updateTable('blog_posts')
    .set(changes)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst()
}

export async function deletePost(db: Database, id: string): Promise<boolean> {
  await deleteSearchDocument(db, id)
  const result = await db.deleteFrom('blog_posts').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** Writes the post's search document; called with the post row in every write of a post. */
export async function upsertSearchDocument(
  db: Database,
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
  const { rows } = await sql<{
    id: number
  }>`insert into blog_posts_search_ids (post_id, status, published_at, created_at)
    values (${postId}, ${post.status}, ${post.published_at}, ${post.created_at}) returning id`.execute(
    db,
  )
  await sql`insert into blog_posts_search (rowid, document) values (${rows[0]!.id}, ${document})`.execute(
    db,
  )
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
