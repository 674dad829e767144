import { type RawBuilder, sql } from 'kysely'
import { type ContentStatus, isAdmin, type Role } from '../../contracts/common.ts'
import type { BlogListFilter } from '../../contracts/blog-constants.ts'

/**
 * Who may see a post or a page: the one content rule, written twice side by side — `isVisible`
 * for an item in hand, `publicNow` as the SQL condition lists, feeds, the sitemap and search use.
 * visibility.test.ts checks both over every status × date × role.
 *
 * An admin sees everything. Anyone else (member or visitor) sees an item that is published and
 * whose publication date has come: a future date schedules it, and a published item without a
 * date (the writes always set one) is not shown.
 */
export function isVisible(
  item: { status: ContentStatus | string; publishedAt: string | null },
  viewer: { role: Role } | null,
  now: string,
): boolean {
  return isAdmin(viewer) || isPublicAt(item, now)
}

/** The visitors' half of the rule: published, dated, and the date has come. */
export function isPublicAt(
  item: { status: ContentStatus | string; publishedAt: string | null },
  now: string,
): boolean {
  return item.status === 'published' && item.publishedAt !== null && item.publishedAt <= now
}

/**
 * `isPublicAt` as SQL over the `status` and `published_at` columns of `table` (a table name or
 * alias; none for the query's only table).
 */
export function publicNow(now: string, table?: string): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(table ? `${table}.${name}` : name)
  return sql<boolean>`(${column('status')} = ${'published'} and ${column('published_at')} is not null and ${column('published_at')} <= ${now})`
}

/** What a list shows: what visitors see at an instant, or (admins only) every post of some statuses. */
export type ListScope = { publicAt: string } | { statuses: ContentStatus[] | null }

/**
 * The scope of a list for this viewer. Asking for "published" means live now, so the public list
 * looks the same to everyone (admins find scheduled items in the unfiltered list); null when a
 * viewer who is not an admin asks for another status.
 */
export function listScope(
  viewer: { role: Role } | null,
  status: ContentStatus | null | undefined,
  now: string,
): ListScope | null {
  if (status === 'published' || (!status && !isAdmin(viewer))) return { publicAt: now }
  return isAdmin(viewer) ? { statuses: status ? [status] : null } : null
}

/** `scope` as SQL over `table` (or the query's only table): a condition, or none at all. */
export function scopeCondition(scope: ListScope, table?: string): RawBuilder<boolean> | null {
  if ('publicAt' in scope) return publicNow(scope.publicAt, table)
  if (!scope.statuses) return null
  const status = sql.ref(table ? `${table}.status` : 'status')
  return sql<boolean>`${status} in (${sql.join(scope.statuses)})`
}

/**
 * Who reads a post's body, the second rule beside the first: any signed-in user (a member, an
 * admin) reads every body they may see; a visitor reads a post that is open — public, or early
 * access whose `publicAt` has come. Like the first rule, it is written for an item in hand
 * (`isOpenAt`, `bodyLockedFor`) and as SQL (`openNow`), side by side.
 */
export function isOpenAt(
  post: { visibility: string; publicAt: string | null },
  now: string,
): boolean {
  return (
    post.visibility === 'public' ||
    (post.visibility === 'early-access' && post.publicAt !== null && post.publicAt <= now)
  )
}

/** Whether this viewer gets the post without its body (a visitor, while the post is protected). */
export function bodyLockedFor(
  post: { visibility: string; publicAt: string | null },
  viewer: { role: Role } | null,
  now: string,
): boolean {
  return viewer === null && !isOpenAt(post, now)
}

/** `isOpenAt` as SQL over the `visibility` and `public_at` columns of `table` (or the only table). */
export function openNow(now: string, table?: string): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(table ? `${table}.${name}` : name)
  return sql<boolean>`(${column('visibility')} = ${'public'} or (${column('visibility')} = ${'early-access'} and ${column('public_at')} is not null and ${column('public_at')} <= ${now}))`
}

/**
 * The blog list's `filter` as SQL: the early-access posts still before their `publicAt`, or the
 * members-only ones.
 */
export function visibilityFilter(
  filter: { kind: BlogListFilter; now: string },
  table?: string,
): RawBuilder<boolean> {
  const column = (name: string) => sql.ref(table ? `${table}.${name}` : name)
  if (filter.kind === 'members') return sql<boolean>`${column('visibility')} = ${'members'}`
  return sql<boolean>`(${column('visibility')} = ${'early-access'} and ${column('public_at')} > ${filter.now})`
}
