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
import { isVisible, listScope } from '../db/visibility.ts'
import type { Clock } from '../shared/clock.ts'
import type { ContentEvents } from '../shared/content-events.ts'
import { changesNothing } from '../shared/changes.ts'
import { foldForSearch, requireContentHtml, searchTerms } from './html.ts'
import { chooseUniqueSlug } from './slug.ts'
import { slugify } from '../../contracts/slug.ts'
import { Conflict, Forbidden, NotFound } from '../shared/errors.ts'

/** What the service takes to create a post: the contract's input, visibility public unless said. */
export type BlogCreateFields = Omit<BlogCreateInput, 'visibility'> & { visibility?: PostVisibility }

export const BLOG_MESSAGES = {
  slugTaken: (slug: string) => `A post with the slug "${slug}" already exists.`,
} as const

export function toBlogCard(row: BlogCardRow): BlogPostCard {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    status: row.status as ContentStatus,
    excerpt: row.card_excerpt,
    featuredImageUrl: row.featured_image_url,
    tags: JSON.parse(row.tags) as string[],
    publishedAt: row.published_at,
    visibility: 'public',
    publicAt: null,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  }
}

export function toBlogPost(row: BlogPostRow): BlogPost {
  return { ...toBlogCard(row), content: row.content, excerpt: row.excerpt }
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

export function searchDocument(post: {
  title: string
  excerpt: string | null
  tags: string[]
  content: string
}): string {
  return foldForSearch(
    [post.title, post.excerpt ?? '', post.tags.join(' '), htmlToText(post.content)].join(' '),
  )
}

export function createBlogService(deps: { db: Database; clock: Clock; events: ContentEvents }) {
  const { db, clock, events } = deps

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
      const scope = listScope(viewer, query.status, clock.now().toISOString())
      if (!scope) throw new Forbidden(CONTENT_MESSAGES.statusForbidden)
      const filter = { ...scope, searchTerms: searchTerms(query.search) }
      const { rows, total } = await listPosts(db, filter, {
        offset: (query.page - 1) * query.limit,
        limit: query.limit,
      })
      return {
        posts: rows.map(toBlogCard),
        pagination: { page: query.page, totalPages: Math.ceil(total / query.limit), total },
      }
    },

    /** The post if this viewer may see it, else null (for page loaders). */
    async find(
      by: { id?: string; slug?: string },
      viewer: SessionUser | null,
    ): Promise<BlogPost | null> {
      const row = await findPost(db, by)
      const post = row ? toBlogPost(row) : null
      return post && isVisible(post, viewer, clock.now().toISOString()) ? post : null
    },

    async get(
      by: { id?: string; slug?: string },
      viewer: SessionUser | null,
    ): Promise<BlogPostView> {
      const post = await this.find(by, viewer)
      if (!post) throw new NotFound(CONTENT_MESSAGES.postNotFound)
      return { ...post, locked: false }
    },

    async create(input: BlogCreateFields, author: SessionUser): Promise<BlogPost> {
      const content = requireContentHtml(input.content)
      const slug = await chooseSlug(input.slug, input.title)
      const now = clock.now().toISOString()
      const tags = normaliseTags(input.tags)
      const excerpt = input.excerpt || null
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
          // Publishing without a date publishes now; a future date schedules the post.
          published_at: input.publishedAt ?? (input.status === 'published' ? now : null),
          author_id: author.id,
          created_at: now,
          updated_at: now,
        })
        await upsertSearchDocument(
          trx,
          row,
          searchDocument({ title: row.title, excerpt, tags, content }),
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
      const now = clock.now().toISOString()
      let publishedAt = input.publishedAt !== undefined ? input.publishedAt : existing.published_at
      if (status === 'published' && publishedAt === null) publishedAt = now
      const changes = {
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
      }
      if (changesNothing(existing, changes)) return toBlogPost(existing)
      const post = await write(slug, async (trx) => {
        const row = await updatePost(trx, existing.id, { ...changes, updated_at: now })
        if (!row) throw new NotFound(CONTENT_MESSAGES.postNotFound)
        await upsertSearchDocument(trx, row, searchDocument({ title, excerpt, tags, content }))
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
    async indexMissingPosts(): Promise<number> {
      let indexed = 0
      for (;;) {
        const rows = await postsMissingFromSearch(db, 100)
        if (rows.length === 0) return indexed
        await inTransaction(db, async (trx) => {
          for (const row of rows) {
            const tags = JSON.parse(row.tags) as string[]
            const { title, excerpt, content } = row
            await upsertSearchDocument(trx, row, searchDocument({ title, excerpt, tags, content }))
          }
        })
        indexed += rows.length
      }
    },

    /** Where each published post lives and when it last changed, for the sitemap. */
    async listPublishedLocations(
      limit: number,
    ): Promise<Array<{ slug: string; updatedAt: string }>> {
      const rows = await listPublishedSlugs(db, clock.now().toISOString(), limit)
      return rows.map((r) => ({ slug: r.slug, updatedAt: r.updated_at }))
    },

    /** The newest published posts' cards, for related posts and the RSS feed. */
    async listPublishedCards(limit: number): Promise<BlogPostCard[]> {
      const rows = await latestPublishedCards(db, clock.now().toISOString(), limit)
      return rows.map(toBlogCard)
    },
  }
}

export type BlogService = ReturnType<typeof createBlogService>
