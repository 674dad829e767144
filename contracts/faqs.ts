import { z } from 'zod'
import {
  optionalNonEmpty,
  PAGE_NUMBER_MAX,
  positiveId,
  requiredString,
  wholeNumber,
} from './common.ts'
import {
  CONTENT_MESSAGES,
  contentHtml,
  FAQ_CONTENT_MAX_LENGTH,
  FAQS_DEFAULT_LIMIT,
  LIST_LIMIT_MAX,
  type ListPagination,
} from './blog.ts'
import { prose } from './text.ts'

const faqId = positiveId('FAQ id must be a positive whole number')
const answerHtml = () => contentHtml(FAQ_CONTENT_MAX_LENGTH, CONTENT_MESSAGES.faqContentTooLong)

export const FaqCreateInput = z.object({
  title: requiredString(CONTENT_MESSAGES.titleRequired).pipe(z.string().max(300)),
  content: prose(answerHtml()),
})
export const FaqUpdateInput = z.object({
  id: faqId,
  title: optionalNonEmpty(CONTENT_MESSAGES.titleRequired, 300),
  content: prose(answerHtml().optional()),
})
export const FaqDeleteInput = z.object({ id: faqId })
export const FaqListQuery = z.object({
  page: wholeNumber(1, PAGE_NUMBER_MAX),
  limit: wholeNumber(FAQS_DEFAULT_LIMIT, LIST_LIMIT_MAX, CONTENT_MESSAGES.limitTooLarge),
})
export type FaqListQuery = z.infer<typeof FaqListQuery>

export interface Faq {
  id: number
  title: string
  content: string
  lastUpdated: string | null
}

export interface FaqListResponse {
  faqs: Faq[]
  pagination: ListPagination
}
