import { randomUUID } from 'node:crypto'
import type { SessionUser } from '../../contracts/auth.ts'
import { CONTENT_MESSAGES } from '../../contracts/blog.ts'
import { MEMBER_PAGE_SLUGS } from '../../contracts/discord-invite.ts'
import { RESERVED_PAGE_SLUGS } from '../../contracts/site-paths.ts'
import type { ContentStatus } from '../../contracts/common.ts'
import type {
  ContentPage,
  ContentPageSummary,
  PageCreateInput,
  PageListQuery,
  PageListResponse,
  PageUpdateInput,
} from '../../contracts/pages.ts'
import { type Database, isUniqueViolation } from '../db/dialect.ts'
import {
  countPages,
  deletePage,
  findPage,
  insertPage,
  listPages,
  pageSlugsStartingWith,
  type PageSummaryRow,
  updatePage,
} from '../db/pages.ts'
import type { PageRow } from '../db/schema.ts'
import { isVisible, listScope } from '../db/visibility.ts'
import type { Clock } from '../shared/clock.ts'
import type { ContentEvents } from '../shared/content-events.ts'
import { changesNothing } from '../shared/changes.ts'
import { requireContentHtml } from './html.ts'
import { chooseUniqueSlug } from './slug.ts'
import { slugify } from '../../contracts/slug.ts'
import { Conflict, Forbidden, NotFound } from '../shared/errors.ts'

export const PAGE_MESSAGES = {
  slugTaken: (slug: string) => `A page with the slug "${slug}" already exists.`,
  slugReserved: (slug: string) =>
    `The address /${slug} belongs to a built-in page of the site; choose another slug.`,
  statusForbidden: 'Only administrators can list pages that are not published.',
} as const

export function toPageSummary(row: PageSummaryRow): ContentPageSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    status: row.status as ContentStatus,
    metaDescription: row.meta_description,
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
  }
}

export function toContentPage(row: PageRow): ContentPage {
  return { ...toPageSummary(row), content: row.content }
}

export function createPageService(deps: { db: Database; clock: Clock; events: ContentEvents }) {
  const { db, clock, events } = deps

  const chooseSlug = (requested: string | null | undefined, title: string, exceptId?: string) =>
    chooseUniqueSlug({
      requested,
      title,
      kind: 'page',
      taken: (base) => pageSlugsStartingWith(db, base, exceptId),
      takenMessage: PAGE_MESSAGES.slugTaken,
      reserved: {
        has: (slug) => RESERVED_PAGE_SLUGS.has(slug) && !MEMBER_PAGE_SLUGS.has(slug),
        message: PAGE_MESSAGES.slugReserved,
      },
    })

  async function write(slug: string, fn: () => Promise<PageRow | undefined>): Promise<ContentPage> {
    try {
      const row = await fn()
      if (!row) throw new NotFound(CONTENT_MESSAGES.pageNotFound)
      events.changed('pages')
      return toContentPage(row)
    } catch (error) {
      if (isUniqueViolation(error)) throw new Conflict(PAGE_MESSAGES.slugTaken(slug))
      throw error
    }
  }

  function filterFor(
    query: { status?: ContentStatus | null; search?: string | null },
    viewer: SessionUser | null,
  ) {
    const scope = listScope(viewer, query.status, clock.now().toISOString())
    if (!scope) throw new Forbidden(PAGE_MESSAGES.statusForbidden)
    return {
      ...scope,
      search: query.search ?? undefined,
      hiddenSlugs: viewer ? undefined : [...MEMBER_PAGE_SLUGS],
    }
  }

  return {
    /** Every page this viewer may see, without bodies (the sitemap). */
    async list(
      query: { status?: ContentStatus | null; search?: string | null },
      viewer: SessionUser | null,
    ): Promise<ContentPageSummary[]> {
      const rows = await listPages(db, filterFor(query, viewer))
      return rows.map(toPageSummary)
    },

    /** One page of that list, with its totals (the API's list). */
    async listPaged(query: PageListQuery, viewer: SessionUser | null): Promise<PageListResponse> {
      const filter = filterFor(query, viewer)
      const { page, limit } = query
      const [rows, total] = await Promise.all([
        listPages(db, filter, { offset: (page - 1) * limit, limit }),
        countPages(db, filter),
      ])
      return {
        pages: rows.map(toPageSummary),
        pagination: { page, limit, total, totalPages: Math.ceil(total / limit) },
      }
    },

    /** The page if this viewer may see it, else null (for page loaders). */
    async find(
      by: { id?: string; slug?: string },
      viewer: SessionUser | null,
    ): Promise<ContentPage | null> {
      const row = await findPage(db, by)
      const page = row ? toContentPage(row) : null
      if (page && !viewer && MEMBER_PAGE_SLUGS.has(page.slug)) return null
      return page && isVisible(page, viewer, clock.now().toISOString()) ? page : null
    },

    async get(
      by: { id?: string; slug?: string },
      viewer: SessionUser | null,
    ): Promise<ContentPage> {
      const page = await this.find(by, viewer)
      if (!page) throw new NotFound(CONTENT_MESSAGES.pageNotFound)
      return page
    },

    async create(input: PageCreateInput): Promise<ContentPage> {
      const content = requireContentHtml(input.content)
      const slug = await chooseSlug(input.slug, input.title)
      const now = clock.now().toISOString()
      return write(slug, () =>
        insertPage(db, {
          id: randomUUID(),
          title: input.title,
          slug,
          content,
          status: input.status,
          meta_description: input.metaDescription || null,
          published_at: input.publishedAt ?? (input.status === 'published' ? now : null),
          created_at: now,
          updated_at: now,
        }),
      )
    },

    async update(input: PageUpdateInput): Promise<ContentPage> {
      const existing = await findPage(db, { id: input.id })
      if (!existing) throw new NotFound(CONTENT_MESSAGES.pageNotFound)
      const title = input.title ?? existing.title
      const slug =
        input.slug && slugify(input.slug) !== existing.slug
          ? await chooseSlug(input.slug, title, existing.id)
          : existing.slug
      const status = input.status ?? existing.status
      const now = clock.now().toISOString()
      let publishedAt = input.publishedAt !== undefined ? input.publishedAt : existing.published_at
      if (status === 'published' && publishedAt === null) publishedAt = now
      const changes = {
        title,
        slug,
        content: input.content !== undefined ? requireContentHtml(input.content) : existing.content,
        status,
        meta_description:
          input.metaDescription !== undefined
            ? input.metaDescription || null
            : existing.meta_description,
        published_at: publishedAt,
      }
      if (changesNothing(existing, changes)) return toContentPage(existing)
      return write(slug, () => updatePage(db, existing.id, { ...changes, updated_at: now }))
    },

    async remove(id: string): Promise<void> {
      if (!(await deletePage(db, id))) throw new NotFound(CONTENT_MESSAGES.pageNotFound)
      events.changed('pages')
    },
  }
}

export type PageService = ReturnType<typeof createPageService>
