import { randomUUID } from 'node:crypto'
import type { SessionUser } from '../../contracts/auth.ts'
import {
  type BlogCreateInput,
  type BlogListQuery,
  type BlogListResponse,
  type BlogPost,
  type BlogPostCard,
  type BlogPostView,
  type BlogUpdateInput,
  type PostVisibility,
  CONTENT_MESSAGES,
} from '../../contracts/blog.ts'
import { htmlToText } from '../../contracts/html-text.ts'
import type { ContentStatus } from '../../contracts/common.ts'
import {
  type BlogCardRow,
  deletePost,
  type SearchDocuments,
  findPost,
  insertPost,
  latestPublishedCards,
  listPosts,
  listPublishedSlugs,
  postsMissingFromSearch,
  slugsStartingWith,
  updatePost,
  upsertSearchDocument,
} from '../db/blog-posts.ts'
import { type Database, inTransaction, isUniqueViolation, type Trx } from '../db/dialect.ts'
import type { BlogPostRow } from '../db/schema.ts'
import { bodyLockedFor, isPublicAt, isVisible, listScope } from '../db/visibility.ts'
import type { Clock } from '../shared/clock.ts'
import type { ContentEvents } from '../shared/content-events.ts'
import { changesNothing } from '../shared/changes.ts'
import { foldForSearch, requireContentHtml, searchTerms } from './html.ts'
import { chooseUniqueSlug } from './slug.ts'
import { slugify } from '../../contracts/slug.ts'
import { Conflict, Forbidden, NotFound, ValidationError } from '../shared/errors.ts'
import { keepLatestPosts } from './latest-posts.ts'

/** What the service takes to create a post: the contract's input, visibility public unless said. */
export type BlogCreateFields = Omit<BlogCreateInput, 'visibility' | 'emailSubscribers'> & {
  visibility?: PostVisibility
  emailSubscribers?: boolean
}

export const BLOG_MESSAGES = {
  slugTaken: (slug: string) => `A post with the slug "${slug}" already exists.`,
} as const

/**
 * A post's card. `locked`: the viewer may not read the body, so the card's text is the author's
 * own excerpt ('' when none), never the start of the body.
 */
export function toBlogCard(row: BlogCardRow, locked = false): BlogPostCard {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    status: row.status as ContentStatus,
    excerpt: locked ? (row.excerpt?.trim() ?? '') : row.card_excerpt,
    featuredImageUrl: row.featured_image_url,
    tags: JSON.parse(row.tags) as string[],
    publishedAt: row.published_at,
    visibility: row.visibility as PostVisibility,
    publicAt: row.public_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

export function toBlogPost(row: BlogPostRow): BlogPost {
  return {
    ...toBlogCard(row),
    content: row.content,
    excerpt: row.excerpt,
    emailSubscribers: row.email_subscribers === 1,
  }
}

const cardOf = (row: BlogCardRow) => ({ visibility: row.visibility, publicAt: row.public_at })

/**
 * A post as this viewer may read it: without its body (`locked`) for a visitor while it is
 * protected, whole otherwise.
 */
export function viewOf(post: BlogPost, viewer: SessionUser | null, now: string): BlogPostView {
  if (!bodyLockedFor(post, viewer, now)) return { ...post, locked: false }
  const { content: _body, ...teaser } = post
  return { ...teaser, locked: true }
}

function normaliseTags(tags: string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const tag of tags) {
    const t = tag.trim()
    if (t && !seen.has(t.toLowerCase())) {
      seen.add(t.toLowerCase())
      out.push(t)
    }
  }
  return out
}

/**
 * Writes the search row of every post that has none (after a migration emptied the index, or a
 * restore, which carries none). Returns how many were indexed.
 */
export async function indexMissingPosts(db: Database): Promise<number> {
  let indexed = 0
  for (;;) {
    const rows = await postsMissingFromSearch(db, 100)
    if (rows.length === 0) return indexed
    await inTransaction(db, async (trx) => {
      for (const row of rows) {
        const tags = JSON.parse(row.tags) as string[]
        const { title, excerpt, content } = row
        await upsertSearchDocument(trx, row, searchDocuments({ title, excerpt, tags, content }))
      }
    })
    indexed += rows.length
  }
}

/** What search reads of a post: all of it, and (for visitors of a protected post) its teaser. */
export function searchDocuments(post: {
  title: string
  excerpt: string | null
  tags: string[]
  content: string
}): SearchDocuments {
  const teaser = [post.title, post.excerpt ?? '', post.tags.join(' ')].join(' ')
  return {
    full: foldForSearch(`${teaser} ${htmlToText(post.content)}`),
    teaser: foldForSearch(teaser),
  }
}

/**
 * An early-access post names when it opens to everyone, after its publish date; any other post
 * has no such date. Checked on the values the post will have once written.
 */
function visibilityFields(
  visibility: PostVisibility,
  publicAt: string | null | undefined,
  publishedAt: string | null,
): { visibility: PostVisibility; public_at: string | null } {
  if (visibility !== 'early-access') return { visibility, public_at: null }
  if (!publicAt) throw ValidationError.field('publicAt', CONTENT_MESSAGES.publicAtRequired)
  if (publishedAt !== null && publicAt <= publishedAt)
    throw ValidationError.field('publicAt', CONTENT_MESSAGES.publicAtBeforePublish)
  return { visibility, public_at: publicAt }
}

/**
 * The "E-mail this post to subscribers" box after an update. Ticking it on a post visitors can
 * already see, and will still see, changes nothing: the moment it would have been mailed has
 * passed (its newsletter goes out when a post becomes visible, never on a later edit).
 */
function emailSubscribersAfter(
  existing: BlogPostRow,
  requested: boolean | undefined,
  after: { status: string; published_at: string | null },
  now: string,
): number {
  if (requested === undefined) return existing.email_subscribers
  if (!requested) return 0
  const visibleBefore = isPublicAt(
    { status: existing.status, publishedAt: existing.published_at },
    now,
  )
  const visibleAfter = isPublicAt({ status: after.status, publishedAt: after.published_at }, now)
  return existing.email_subscribers === 0 && visibleBefore && visibleAfter ? 0 : 1
}

export function createBlogService(deps: {
  db: Database
  clock: Clock
  events: ContentEvents
  /** Given, the newest posts are kept between requests until it (or a change) makes them old. */
  nextScheduledPublication?: () => Promise<string | null>
}) {
  const { db, clock, events } = deps
  const now = () => clock.now().toISOString()
  const kept = (list: (limit: number) => Promise<BlogCardRow[]>) =>
    deps.nextScheduledPublication
      ? keepLatestPosts(list, {
          events,
          clock,
          nextScheduledPublication: deps.nextScheduledPublication,
        })
      : list
  const latestRows = kept((limit) => latestPublishedCards(db, now(), limit))
  const latestOpenRows = kept((limit) => latestPublishedCards(db, now(), limit, { openOnly: true }))

  const chooseSlug = (requested: string | null | undefined, title: string, exceptId?: string) =>
    chooseUniqueSlug({
      requested,
      title,
      kind: 'post',
      taken: (base) => slugsStartingWith(db, base, exceptId),
      takenMessage: BLOG_MESSAGES.slugTaken,
    })

  async function write<T>(slug: string, fn: (trx: Trx) => Promise<T>): Promise<T> {
    try {
      return await inTransaction(db, fn)
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict(BLOG_MESSAGES.slugTaken(slug))
      throw error
    }
  }

  return {
    async list(query: BlogListQuery, viewer: SessionUser | null): Promise<BlogListResponse> {
      const at = now()
      const scope = listScope(viewer, query.status, at)
      if (!scope) throw new Forbidden(CONTENT_MESSAGES.statusForbidden)
      const filter = {
        ...scope,
        searchTerms: searchTerms(query.search),
        filter: query.filter ? { kind: query.filter, now: at } : undefined,
        visitorAt: viewer ? undefined : at,
      }
      const { rows, total } = await listPosts(db, filter, {
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      })
      return {
        posts: rows.map((row) => toBlogCard(row, bodyLockedFor(cardOf(row), viewer, at))),
        pagination: { page: query.page, totalPages: Math.ceil(total / query.limit), total },
      }
    },

    /**
     * The post as this viewer may read it (without its body for a visitor while it is
     * protected), or null if they may not see it at all (for page loaders).
     */
    async find(
      by: { id?: string; slug?: string },
      viewer: SessionUser | null,
    ): Promise<BlogPostView | null> {
      const row = await findPost(db, by)
      const at = now()
      const post = row ? toBlogPost(row) : null
      return post && isVisible(post, viewer, at) ? viewOf(post, viewer, at) : null
    },

    async get(
      by: { id?: string; slug?: string },
      viewer: SessionUser | null,
    ): Promise<BlogPostView> {
      const post = await this.find(by, viewer)
      if (!post) throw new NotFound(CONTENT_MESSAGES.postNotFound)
      return post
    },

    async create(input: BlogCreateFields, author: SessionUser): Promise<BlogPost> {
      const content = requireContentHtml(input.content)
      const slug = await chooseSlug(input.slug, input.title)
      const at = now()
      const tags = normaliseTags(input.tags)
      const excerpt = input.excerpt || null
      // Publishing without a date publishes now; a future date schedules the post.
      const publishedAt = input.publishedAt ?? (input.status === 'published' ? at : null)
      const visibility = visibilityFields(input.visibility ?? 'public', input.publicAt, publishedAt)
      const post = await write(slug, async (trx) => {
        const row = await insertPost(trx, {
          id: randomUUID(),
          title: input.title,
          slug,
          content,
          excerpt,
          featured_image_url: input.featuredImageUrl ?? null,
          tags: JSON.stringify(tags),
          status: input.status,
          published_at: publishedAt,
          ...visibility,
          email_subscribers: input.emailSubscribers === false ? 0 : 1,
          author_id: author.id,
          created_at: at,
          updated_at: at,
        })
        await upsertSearchDocument(
          trx,
          row,
          searchDocuments({ title: row.title, excerpt, tags, content }),
        )
        return toBlogPost(row)
      })
      events.changed('posts')
      return post
    },

    async update(input: BlogUpdateInput): Promise<BlogPost> {
      const existing = await findPost(db, { id: input.id })
      if (!existing) throw new NotFound(CONTENT_MESSAGES.postNotFound)
      const title = input.title ?? existing.title
      const content =
        input.content !== undefined ? requireContentHtml(input.content) : existing.content
      const slug =
        input.slug && slugify(input.slug) !== existing.slug
          ? await chooseSlug(input.slug, title, existing.id)
          : existing.slug
      const status = input.status ?? existing.status
      const tags =
        input.tags !== undefined
          ? normaliseTags(input.tags ?? [])
          : (JSON.parse(existing.tags) as string[])
      const excerpt = input.excerpt !== undefined ? input.excerpt || null : existing.excerpt
      const at = now()
      let publishedAt = input.publishedAt !== undefined ? input.publishedAt : existing.published_at
      if (status === 'published' && publishedAt === null) publishedAt = at
      const visibility = visibilityFields(
        input.visibility ?? (existing.visibility as PostVisibility),
        input.publicAt !== undefined ? input.publicAt : existing.public_at,
        publishedAt,
      )
      const changes = {
        email_subscribers: emailSubscribersAfter(
          existing,
          input.emailSubscribers,
          {
            status,
            published_at: publishedAt,
          },
          at,
        ),
        title,
        slug,
        content,
        excerpt,
        featured_image_url:
          input.featuredImageUrl !== undefined
            ? input.featuredImageUrl
            : existing.featured_image_url,
        tags: JSON.stringify(tags),
        status,
        published_at: publishedAt,
        ...visibility,
      }
      if (changesNothing(existing, changes)) return toBlogPost(existing)
      const post = await write(slug, async (trx) => {
        const row = await updatePost(trx, existing.id, { ...changes, updated_at: at })
        if (!row) throw new NotFound(CONTENT_MESSAGES.postNotFound)
        await upsertSearchDocument(trx, row, searchDocuments({ title, excerpt, tags, content }))
        return toBlogPost(row)
      })
      events.changed('posts')
      return post
    },

    async remove(id: string): Promise<void> {
      const deleted = await inTransaction(db, (trx) => deletePost(trx, id))
      if (!deleted) throw new NotFound(CONTENT_MESSAGES.postNotFound)
      events.changed('posts')
    },

    /**
     * Writes the search row of every post that has none (after a migration emptied the index):
     * run at start-up, before the first request. Returns how many were indexed.
     */
    indexMissingPosts: () => indexMissingPosts(db),

    /**
     * Where each published post that visitors may read lives and when it last changed, for the
     * sitemap.
     */
    async listPublishedLocations(
      limit: number,
    ): Promise<Array<{ slug: string; updatedAt: string }>> {
      const rows = await listPublishedSlugs(db, now(), limit)
      return rows.map((r) => ({ slug: r.slug, updatedAt: r.updated_at }))
    },

    /** The newest published posts' cards as this viewer may read them, for related posts. */
    async listPublishedCards(limit: number, viewer: SessionUser | null): Promise<BlogPostCard[]> {
      const [rows, at] = [await latestRows(limit), now()]
      return rows.map((row) => toBlogCard(row, bodyLockedFor(cardOf(row), viewer, at)))
    },

    /**
     * The newest published posts visitors may read, for the RSS feed: a protected post joins it
     * when it opens to everyone.
     */
    async listFeedCards(limit: number): Promise<BlogPostCard[]> {
      return (await latestOpenRows(limit)).map((row) => toBlogCard(row))
    },
  }
}

export type BlogService = ReturnType<typeof createBlogService>
