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
  type BLOG_LIST_FILTERS,
  CONTENT_MAX_LENGTH,
  LIST_LIMIT_MAX,
  type POST_VISIBILITIES,
  SEARCH_MAX_LENGTH,
} from './blog-constants.ts'
import { CONTENT_MESSAGES } from './content-messages.ts'

export * from './blog-constants.ts'
export { CONTENT_MESSAGES } from './content-messages.ts'

export const ContentStatus = z.enum(CONTENT_STATUSES, { error: CONTENT_MESSAGES.invalidStatus })

/** A post's or page's publication time: any offset, stored as UTC, in the years dates may take. */
export const PublishDate = utcDateTime(CONTENT_MESSAGES.invalidDate, 'Publish date')
/**
 * The lists of blog-constants.ts, spelt again so that this lazily loaded module does not keep
 * them in the chunk every page loads; `satisfies` holds the two spellings equal.
 */
const VISIBILITY_VALUES = [
  'public',
  'members',
  'early-access',
] as const satisfies typeof POST_VISIBILITIES
const FILTER_VALUES = ['early-access', 'members'] as const satisfies typeof BLOG_LIST_FILTERS

export const PostVisibility = z.enum(VISIBILITY_VALUES, {
  error: CONTENT_MESSAGES.invalidVisibility,
})
export type PostVisibility = z.infer<typeof PostVisibility>
/** When an early-access post opens to everyone: the same rules as a publish date. */
export const PublicAtDate = utcDateTime(
  CONTENT_MESSAGES.invalidPublicAt,
  'The date a post opens to everyone',
)

interface VisibilityFields {
  visibility?: string | undefined
  publicAt?: string | null | undefined
  publishedAt?: string | null | undefined
}

/**
 * The visibility rules the input alone can decide: an early-access post names the date it opens to
 * everyone, and that date comes after its publish date. An update that leaves a field out is
 * checked against the stored post by the service.
 */
export function visibilityIssues(v: VisibilityFields): { path: string; message: string }[] {
  if (v.visibility === 'early-access' && v.publicAt === null) {
    return [{ path: 'publicAt', message: CONTENT_MESSAGES.publicAtRequired }]
  }
  if (v.visibility !== undefined && v.visibility !== 'early-access') return []
  if (v.publicAt && v.publishedAt && v.publicAt <= v.publishedAt) {
    return [{ path: 'publicAt', message: CONTENT_MESSAGES.publicAtBeforePublish }]
  }
  return []
}

/** On create a left-out `publicAt` is missing; on update it keeps the stored one. */
const checkVisibility =
  (mode: 'create' | 'update') => (ctx: z.core.ParsePayload<VisibilityFields>) => {
    const fields =
      mode === 'create' ? { ...ctx.value, publicAt: ctx.value.publicAt ?? null } : ctx.value
    for (const issue of visibilityIssues(fields)) {
      ctx.issues.push({
        code: 'custom',
        message: issue.message,
        path: [issue.path],
        input: ctx.value,
      })
    }
  }

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

export const BlogCreateInput = z
  .object({
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
    visibility: PostVisibility.default('public'),
    publicAt: PublicAtDate.nullish(),
    emailSubscribers: z.boolean().default(true),
  })
  .check(checkVisibility('create'))
export type BlogCreateInput = z.infer<typeof BlogCreateInput>

export const BlogUpdateInput = z
  .object({
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
    visibility: PostVisibility.optional(),
    publicAt: PublicAtDate.nullish(),
    emailSubscribers: z.boolean().optional(),
  })
  .check(checkVisibility('update'))
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
  filter: z.enum(FILTER_VALUES, { error: CONTENT_MESSAGES.invalidFilter }).optional(),
})
export type BlogListQuery = z.infer<typeof BlogListQuery>
