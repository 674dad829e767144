import { z } from 'zod'
import { PAGE_NUMBER_MAX, positiveId, wholeNumber } from './common.ts'
import {
  CONTACT_INBOX_FILTERS,
  CONTACT_INBOX_LIMIT_MAX,
  CONTACT_INBOX_MESSAGES as M,
  CONTACT_INBOX_PAGE_SIZE,
  CONTACT_INBOX_SEARCH_MAX,
} from './contact-messages-constants.ts'

export const InboxListQuery = z.object({
  page: wholeNumber(1, PAGE_NUMBER_MAX),
  limit: wholeNumber(CONTACT_INBOX_PAGE_SIZE, CONTACT_INBOX_LIMIT_MAX),
  search: z.string().trim().max(CONTACT_INBOX_SEARCH_MAX, { error: M.searchTooLong }).optional(),
  filter: z.enum(CONTACT_INBOX_FILTERS, { error: M.filterInvalid }).default('all'),
})
export type InboxListQuery = z.infer<typeof InboxListQuery>

export const InboxUpdateInput = z
  .object({
    id: positiveId(M.idInvalid),
    read: z.boolean().optional(),
    archived: z.boolean().optional(),
  })
  .refine((v) => v.read !== undefined || v.archived !== undefined, { error: M.nothingToChange })
export type InboxUpdateInput = z.infer<typeof InboxUpdateInput>

export const InboxIdInput = z.object({ id: positiveId(M.idInvalid) })
export type InboxIdInput = z.infer<typeof InboxIdInput>
