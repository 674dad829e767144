import { z } from 'zod'
import { optionalNonEmpty, PAGE_NUMBER_MAX, requiredString, wholeNumber } from './common.ts'
import {
  bodyHtml,
  CONTENT_MESSAGES,
  ContentStatus,
  PublishDate,
  LIST_LIMIT_MAX,
  type ListPagination,
  PAGES_DEFAULT_LIMIT,
} from './blog.ts'
import { prose } from './text.ts'

export const PageCreateInput = z.object({
  title: requiredString(CONTENT_MESSAGES.titleRequired).pipe(z.string().max(200)),
  content: prose(bodyHtml()),
  slug: z.string().trim().max(120).nullish(),
  status: ContentStatus.default('draft'),
  metaDescription: prose(z.string().trim().max(300).nullish()),
  publishedAt: PublishDate.nullish(),
})
export const PageUpdateInput = z.object({
  id: requiredString(CONTENT_MESSAGES.idRequired),
  title: optionalNonEmpty(CONTENT_MESSAGES.titleRequired, 200),
  content: prose(bodyHtml().optional()),
  slug: z.string().trim().max(120).nullish(),
  status: ContentStatus.optional(),
  metaDescription: prose(z.string().trim().max(300).nullish()),
  publishedAt: PublishDate.nullish(),
})
export const PageListQuery = z.object({
  page: wholeNumber(1, PAGE_NUMBER_MAX),
  limit: wholeNumber(PAGES_DEFAULT_LIMIT, LIST_LIMIT_MAX, CONTENT_MESSAGES.limitTooLarge),
  status: z.union([ContentStatus, z.literal('').transform(() => null)]).nullish(),
  search: z.string().trim().max(200).nullish(),
})
export type PageListQuery = z.infer<typeof PageListQuery>
export type PageCreateInput = z.infer<typeof PageCreateInput>
export type PageUpdateInput = z.infer<typeof PageUpdateInput>

export interface ContentPage {
  id: string
  title: string
  content: string
  slug: string
  status: z.infer<typeof ContentStatus>
  metaDescription: string | null
  publishedAt: string | null
  updatedAt: string
}

/** A page as lists show it: everything but the body. */
export type ContentPageSummary = Omit<ContentPage, 'content'>

export interface PageListResponse {
  pages: ContentPageSummary[]
  pagination: ListPagination
}
