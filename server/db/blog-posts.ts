import { type Expression, type SqlBool, sql } from 'kysely'
import { type Database, isPostgres } from './dialect.ts'
import type { BlogPostRow, NewBlogPostRow } from './schema.ts'

export interface PostFilter {
  /** null: every status */
  statuses: string[] | null
  /** Only posts published at or before this instant (scheduled posts stay hidden). */
  visibleAt?: string
  /** Words that must all appear (as word prefixes) in the post's search document. */
  searchTerms?: string[]
  excludeId?: string
}

function withFilter(db: Database, filter: PostFilter) {
  let q = db.selectFrom('blog_posts')
  if (filter.statuses) q = q.where('status', 'in', filter.statuses)
  if (filter.visibleAt)
    q = q.where('published_at', 'is not', null).where('published_at', '<=', filter.visibleAt)
  if (filter.excludeId) q = q.where('id', '!=', filter.excludeId)
  return q
}

/** Each engine's full-text condition on blog_posts_search: every term, as a word prefix. */
function matchesAllTerms(db: Database, terms: string[]): Expression<SqlBool> {
  if (isPostgres(db)) {
    const query = terms.map((t) => `${t}:*`).join(' & ')
    return sql<SqlBool>`blog_posts_search.document @@ to_tsquery('simple', ${query})`
  }
  const query = terms.map((t) => `"${t}"*`).join(' ')
  return sql<SqlBool>`blog_posts_search match ${query}`
}

/**
 * A search starts from the full-text index and joins the matching posts, so its cost grows with
 * the number of matches, not with the number of posts.
 */
function searchWithFilter(db: Database, filter: PostFilter, terms: string[]) {
  let q = db
    .selectFrom('blog_posts_search')
    .innerJoin('blog_posts', 'blog_posts.id', 'blog_posts_search.post_id')
    .where(matchesAllTerms(db, terms))
  if (filter.statuses) q = q.where('blog_posts.status', 'in', filter.statuses)
  if (filter.visibleAt) {
    q = q
      .where('blog_posts.published_at', 'is not', null)
      .where('blog_posts.published_at', '<=', filter.visibleAt)
  }
  if (filter.excludeId) q = q.where('blog_posts.id', '!=', filter.excludeId)
  return q
}

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
  if (terms.length > 0) {
    const base = searchWithFilter(db, filter, terms)
    const [rows, count] = await Promise.all([
      base
        .selectAll('blog_posts')
        .orderBy(order)
        .orderBy('blog_posts.id')
        .limit(page.limit)
        .offset(page.offset)
        .execute(),
      base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
    ])
    return { rows, total: Number(count.n) }
  }
  const base = withFilter(db, filter)
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy(order).orderBy('id').limit(page.limit).offset(page.offset).execute(),
    base.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
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

export async function upsertSearchDocument(
  db: Database,
  postId: string,
  document: string,
): Promise<void> {
  if (isPostgres(db)) {
    await sql`insert into blog_posts_search (post_id, document) values (${postId}, to_tsvector('simple', ${document}))
      on conflict (post_id) do update set document = excluded.document`.execute(db)
    return
  }
  await deleteSearchDocument(db, postId)
  await sql`insert into blog_posts_search (post_id, document) values (${postId}, ${document})`.execute(
    db,
  )
}

async function deleteSearchDocument(db: Database, postId: string): Promise<void> {
  await sql`delete from blog_posts_search where post_id = ${postId}`.execute(db)
}
