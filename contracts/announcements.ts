import { z } from 'zod'
import { PAGE_NUMBER_MAX, positiveId, requiredString, wholeNumber } from './common.ts'
import type { ListPagination } from './blog-constants.ts'
import { contentHtml } from './blog.ts'
import { CONTENT_MESSAGES } from './content-messages.ts'
import { prose } from './text.ts'

/**
 * A page of announcements holds this many, and never more: each carries its whole text (up to
 * ANNOUNCEMENT_CONTENT_MAX_LENGTH), so a page stays under half a megabyte.
 */
export const ANNOUNCEMENTS_PAGE_SIZE = 20
export const ANNOUNCEMENT_TITLE_MAX_LENGTH = 200
/** Short notes, not articles: a tenth of a post's length, after sanitizing. */
export const ANNOUNCEMENT_CONTENT_MAX_LENGTH = 20_000

export const ANNOUNCEMENT_MESSAGES = {
  notFound: 'Announcement not found',
  idInvalid: 'Announcement id must be a positive whole number',
  titleTooLong: `Title must be at most ${ANNOUNCEMENT_TITLE_MAX_LENGTH} characters`,
  contentTooLong: `Content must be at most ${ANNOUNCEMENT_CONTENT_MAX_LENGTH.toLocaleString('en-US')} characters`,
  limitTooLarge: `Limit must be at most ${ANNOUNCEMENTS_PAGE_SIZE}`,
} as const

const announcementId = positiveId(ANNOUNCEMENT_MESSAGES.idInvalid)
const title = () =>
  requiredString(CONTENT_MESSAGES.titleRequired).pipe(
    z.string().max(ANNOUNCEMENT_TITLE_MAX_LENGTH, { error: ANNOUNCEMENT_MESSAGES.titleTooLong }),
  )
const content = () =>
  contentHtml(ANNOUNCEMENT_CONTENT_MAX_LENGTH, ANNOUNCEMENT_MESSAGES.contentTooLong)

export const AnnouncementCreateInput = z.object({ title: title(), content: prose(content()) })
export type AnnouncementCreateInput = z.infer<typeof AnnouncementCreateInput>

export const AnnouncementUpdateInput = z.object({
  id: announcementId,
  title: title().optional(),
  content: prose(content().optional()),
})
export type AnnouncementUpdateInput = z.infer<typeof AnnouncementUpdateInput>

export const AnnouncementDeleteInput = z.object({ id: announcementId })

export const AnnouncementListQuery = z.object({
  page: wholeNumber(1, PAGE_NUMBER_MAX),
  limit: wholeNumber(
    ANNOUNCEMENTS_PAGE_SIZE,
    ANNOUNCEMENTS_PAGE_SIZE,
    ANNOUNCEMENT_MESSAGES.limitTooLarge,
  ),
})
export type AnnouncementListQuery = z.infer<typeof AnnouncementListQuery>

export interface Announcement {
  id: number
  title: string
  /** Sanitized HTML, as a post's body. */
  content: string
  createdAt: string
  updatedAt: string
}

export interface AnnouncementListResponse {
  announcements: Announcement[]
  pagination: ListPagination
}
