import { z } from 'zod'
import {
  CONTENT_STATUSES,
  optionalNonEmpty,
  PAGE_NUMBER_MAX,
  requiredString,
  utcDateTime,
  wholeNumber,
} from './common.ts'
import { prose } from './text.ts'
import {
  BLOG_API_DEFAULT_LIMIT,
  CONTENT_MAX_LENGTH,
  LIST_LIMIT_MAX,
  SEARCH_MAX_LENGTH,
} from './blog-constants.ts'
import { CONTENT_MESSAGES } from './content-messages.ts'

export * from './blog-constants.ts'
export { CONTENT_MESSAGES } from './content-messages.ts'

export const ContentStatus = z.enum(CONTENT_STATUSES, { error: CONTENT_MESSAGES.invalidStatus })

/** A post's or page's publication time: any offset, stored as UTC, in the years dates may take. */
export const PublishDate = utcDateTime(CONTENT_MESSAGES.invalidDate, 'Publish date')
const optionalText = prose(z.string().trim().max(2000).nullish())
const tagList = z.array(z.string().trim().min(1).max(40)).max(20)

/** Post, page or FAQ HTML: required, at most `max` characters (the message names the limit). */
export function contentHtml(max: number, tooLong: string) {
  return requiredString(CONTENT_MESSAGES.contentRequired).pipe(
    z.string().max(max, { error: tooLong }),
  )
}
/** A post's or page's body. */
export const bodyHtml = () => contentHtml(CONTENT_MAX_LENGTH, CONTENT_MESSAGES.contentTooLong)

export const BlogCreateInput = z.object({
  title: requiredString(CONTENT_MESSAGES.titleRequired).pipe(z.string().max(200)),
  content: prose(bodyHtml()),
  slug: z.string().trim().max(120).nullish(),
  status: ContentStatus.default('draft'),
  excerpt: optionalText,
  featuredImageUrl: z
    .url({ protocol: /^https?$/, error: CONTENT_MESSAGES.invalidUrl })
    .nullish()
    .or(z.literal('').transform(() => null)),
  tags: tagList.default([]),
  publishedAt: PublishDate.nullish(),
})
export type BlogCreateInput = z.infer<typeof BlogCreateInput>

export const BlogUpdateInput = z.object({
  id: requiredString(CONTENT_MESSAGES.idRequired),
  title: optionalNonEmpty(CONTENT_MESSAGES.titleRequired, 200),
  content: prose(bodyHtml().optional()),
  slug: z.string().trim().max(120).nullish(),
  status: ContentStatus.optional(),
  excerpt: optionalText,
  featuredImageUrl: z
    .url({ protocol: /^https?$/, error: CONTENT_MESSAGES.invalidUrl })
    .nullish()
    .or(z.literal('').transform(() => null)),
  tags: tagList.nullish(),
  publishedAt: PublishDate.nullish(),
})
export type BlogUpdateInput = z.infer<typeof BlogUpdateInput>

export const IdOrSlugInput = z
  .object({ id: z.string().trim().min(1).optional(), slug: z.string().trim().min(1).optional() })
  .refine((v) => v.id !== undefined || v.slug !== undefined, { error: CONTENT_MESSAGES.idOrSlug })

export const DeleteByIdInput = z.object({ id: requiredString(CONTENT_MESSAGES.idRequired) })

export const BlogListQuery = z.object({
  page: wholeNumber(1, PAGE_NUMBER_MAX),
  limit: wholeNumber(BLOG_API_DEFAULT_LIMIT, LIST_LIMIT_MAX, CONTENT_MESSAGES.limitTooLarge),
  status: z
    .union([
      ContentStatus,
      z.literal('').transform(() => null),
      z.literal('null').transform(() => null),
    ])
    .nullish(),
  search: z.string().trim().max(SEARCH_MAX_LENGTH).nullish(),
})
export type BlogListQuery = z.infer<typeof BlogListQuery>
