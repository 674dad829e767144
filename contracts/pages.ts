import { z } from 'zod'
import { optionalNonEmpty, requiredString } from './common.ts'
import { CONTENT_MESSAGES, ContentStatus, PublishDate } from './blog.ts'
import { prose } from './text.ts'

export const PageCreateInput = z.object({
  title: requiredString(CONTENT_MESSAGES.titleRequired).pipe(z.string().max(200)),
  content: prose(requiredString(CONTENT_MESSAGES.contentRequired)),
  slug: z.string().trim().max(120).nullish(),
  status: ContentStatus.default('draft'),
  metaDescription: prose(z.string().trim().max(300).nullish()),
  publishedAt: PublishDate.nullish(),
})
export const PageUpdateInput = z.object({
  id: requiredString(CONTENT_MESSAGES.idRequired),
  title: optionalNonEmpty(CONTENT_MESSAGES.titleRequired, 200),
  content: prose(optionalNonEmpty(CONTENT_MESSAGES.contentRequired)),
  slug: z.string().trim().max(120).nullish(),
  status: ContentStatus.optional(),
  metaDescription: prose(z.string().trim().max(300).nullish()),
  publishedAt: PublishDate.nullish(),
})
export const PageListQuery = z.object({
  status: z.union([ContentStatus, z.literal('').transform(() => null)]).nullish(),
  search: z.string().trim().max(200).nullish(),
})
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
