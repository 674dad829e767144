import { z } from 'zod'
import { optionalNonEmpty, positiveId, requiredString } from './common.ts'
import { CONTENT_MESSAGES } from './blog.ts'
import { prose } from './text.ts'

const faqId = positiveId('FAQ id must be a positive whole number')

export const FaqCreateInput = z.object({
  title: requiredString(CONTENT_MESSAGES.titleRequired).pipe(z.string().max(300)),
  content: prose(requiredString(CONTENT_MESSAGES.contentRequired)),
})
export const FaqUpdateInput = z.object({
  id: faqId,
  title: optionalNonEmpty(CONTENT_MESSAGES.titleRequired, 300),
  content: prose(optionalNonEmpty(CONTENT_MESSAGES.contentRequired)),
})
export const FaqDeleteInput = z.object({ id: faqId })

export interface Faq {
  id: number
  title: string
  content: string
  lastUpdated: string | null
}
