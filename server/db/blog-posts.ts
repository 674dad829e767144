import { type RawBuilder, sql } from 'kysely'
import { cardExcerpt } from '../../contracts/card-excerpt.ts'
import { type Database, isPostgres, type Trx } from './dialect.ts'
import type { BlogPostRow, NewBlogPostRow } from './schema.ts'
import type { BlogListFilter } from '../../contracts/blog-constants.ts'
import {
  type ListScope,
  openNow,
  publicNow,
  scopeCondition,
  visibilityFilter,
} from './visibility.ts'

/** What lists read of a post: never the body. */
const CARD_COLUMNS = [
  'id',
  'title',
  'slug',
  'card_excerpt',
  // A card of a post whose body a visitor may not read shows the author's excerpt only.
  'excerpt',
  'featured_image_url',
  'tags',
  'status',
  'published_at',
  'visibility',
  'public_at',
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
  /** Only the early-access posts still before their `publicAt`, or only the members-only ones. */
  filter?: { kind: BlogListFilter; now: string }
  /**
   * A visitor's search at this instant: a post whose body they may not read (server/db/visibility.ts)
   * is found through its teaser (title, excerpt, tags) only.
   */
  visitorAt?: string
}

function withFilter(db: Database, filter: PostFilter) {
  const conditions = [
    scopeCondition(filter),
    filter.filter ? visibilityFilter(filter.filter) : null,
  ]
  let q = db.selectFrom('blog_posts')
  for (const condition of conditions) if (condition) q = q.where(condition)
  return q
}

/**
 * PostgreSQL: the ids of the posts whose tsvector (GIN index) holds every term as a word prefix,
 * in the whole document or in the teaser.
 */
function matchingPostIds(terms: string[], column: 'document' | 'teaser' = 'document') {
  const query = terms.map((t) => `${t}:*`).join(' & ')
  return sql<string>`(select post_id from blog_posts_search where ${sql.ref(column)} @@ to_tsquery('simple', ${query}))`
}

/** PostgreSQL: the posts a search finds, for a visitor only through the teaser of a protected one. */
function postgresMatch(terms: string[], visitorAt: string | undefined): RawBuilder<boolean> {
  const anywhere = sql<boolean>`blog_posts.id in ${matchingPostIds(terms)}`
  if (visitorAt === undefined) return anywhere
  const open = openNow(visitorAt, 'blog_posts')
  return sql<boolean>`((${open} and ${anywhere}) or (not ${open} and blog_posts.id in ${matchingPostIds(terms, 'teaser')}))`
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
 * ordered by the status, dates and visibility copied beside its rowid, so the work follows the
 * number of matches and never touches blog_posts. What visitors see is a range of search row
 * numbers (see searchRowBase), newest first in the index's own order; a visitor finds a post
 * whose body they may not read through the teaser index only.
 */
async function sqliteSearchPage(
  db: Database,
  filter: PostFilter,
  terms: string[],
  page: Page,
): Promise<PageIds> {
  const match = terms.map((t) => `"${t}"*`).join(' ')
  const range = 'publicAt' in filter ? publicRowRange(filter.publicAt) : null
  const part = (
    index: 'blog_posts_search' | 'blog_posts_teaser_search',
    only?: RawBuilder<boolean>,
  ) => {
    const table = sql.raw(index)
    const conditions: RawBuilder<unknown>[] = [sql`${table} match ${match}`]
    if (range) conditions.push(sql`${table}.rowid between ${range[0]} and ${range[1]}`)
    const visible = range ? null : scopeCondition(filter, 's')
    if (visible) conditions.push(visible)
    if (filter.filter) conditions.push(visibilityFilter(filter.filter, 's'))
    if (only) conditions.push(only)
    return sql`select s.post_id as id, s.id as rid, coalesce(s.published_at, s.created_at) as at
      from ${table} cross join blog_posts_search_ids s on s.id = ${table}.rowid
      where ${sql.join(conditions, sql` and `)}`
  }
  const open = filter.visitorAt === undefined ? null : openNow(filter.visitorAt, 's')
  const found = open
    ? sql`${part('blog_posts_search', open)} union all ${part('blog_posts_teaser_search', sql`not ${open}`)}`
    : part('blog_posts_search')
  const order = range ? sql`rid desc` : sql`at desc, id`
  const ids = await sql<{ id: string }>`select id from (${found})
    order by ${order} limit ${page.limit} offset ${page.offset}`.execute(db)
  const count = await sql<{ n: number }>`select count(*) as n from (${found})`.execute(db)
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
            ? withFilter(db, filter).where(postgresMatch(terms, filter.visitorAt))
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

/**
 * The cards of the newest posts visitors see at `now` (related posts); `openOnly`: only those
 * whose body they may read too (the RSS feed).
 */
export async function latestPublishedCards(
  db: Database,
  now: string,
  limit: number,
  options: { openOnly?: boolean } = {},
): Promise<BlogCardRow[]> {
  const q = newestPublic(db, now, limit)
  return (options.openOnly ? q.where(openNow(now)) : q).select(CARD_COLUMNS).execute()
}

/**
 * Slug and last change of every post visitors see, and may read, at `now`, newest first (for the
 * sitemap: a protected post's page is a teaser, not worth a search engine's visit).
 */
export async function listPublishedSlugs(
  db: Database,
  now: string,
  limit: number,
): Promise<Array<{ slug: string; updated_at: string }>> {
  return db
    .selectFrom('blog_posts')
    .select(['slug', 'updated_at'])
    .where(publicNow(now))
    .where(openNow(now))
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

/** What search reads of a post: everything, and its teaser (title, excerpt, tags) alone. */
export interface SearchDocuments {
  full: string
  teaser: string
}

/**
 * Writes the post's search documents, in the transaction that writes the post. The teaser is
 * kept only for a post that is not public: visitors find such a post through it alone.
 */
export async function upsertSearchDocument(
  db: Trx,
  post: Pick<
    BlogPostRow,
    'id' | 'status' | 'published_at' | 'created_at' | 'visibility' | 'public_at'
  >,
  documents: SearchDocuments,
): Promise<void> {
  const postId = post.id
  const teaser = post.visibility === 'public' ? null : documents.teaser
  if (isPostgres(db)) {
    await sql`insert into blog_posts_search (post_id, document, teaser)
      values (${postId}, to_tsvector('simple', ${documents.full}), to_tsvector('simple', ${teaser}))
      on conflict (post_id) do update set document = excluded.document, teaser = excluded.teaser`.execute(
      db,
    )
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
  await sql`insert into blog_posts_search_ids
    (id, post_id, status, published_at, created_at, visibility, public_at)
    values (${id}, ${postId}, ${post.status}, ${post.published_at}, ${post.created_at},
      ${post.visibility}, ${post.public_at})`.execute(db)
  await sql`insert into blog_posts_search (rowid, document) values (${id}, ${documents.full})`.execute(
    db,
  )
  if (teaser !== null)
    await sql`insert into blog_posts_teaser_search (rowid, document) values (${id}, ${teaser})`.execute(
      db,
    )
}

/**
 * Up to `limit` posts without a search row (after a migration renumbered SQLite's index, or a
 * restore, which carries no index), to index again; a batch at a time, as a post carries its
 * whole HTML.
 */
export async function postsMissingFromSearch(db: Database, limit: number): Promise<BlogPostRow[]> {
  return db
    .selectFrom('blog_posts')
    .selectAll()
    .where('id', 'not in', (eb) =>
      isPostgres(db)
        ? eb.selectFrom('blog_posts_search').select('post_id')
        : eb.selectFrom('blog_posts_search_ids').select('post_id'),
    )
    .limit(limit)
    .execute()
}

async function deleteSearchDocument(db: Database, postId: string): Promise<void> {
  if (isPostgres(db)) {
    await sql`delete from blog_posts_search where post_id = ${postId}`.execute(db)
    return
  }
  for (const index of ['blog_posts_search', 'blog_posts_teaser_search'])
    await sql`delete from ${sql.raw(index)} where rowid in (select id from blog_posts_search_ids where post_id = ${postId})`.execute(
      db,
    )
  await sql`delete from blog_posts_search_ids where post_id = ${postId}`.execute(db)
}
