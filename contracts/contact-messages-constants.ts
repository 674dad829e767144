/** The admin inbox of contact-form messages, without the schema: the Messages tab imports these. */
export const CONTACT_INBOX_MESSAGES = {
  idInvalid: 'Message ID must be a positive integer',
  notFound: 'Message not found.',
  nothingToChange: 'Say what to change: read and/or archived',
  filterInvalid: 'Filter must be all, unread or archived',
  searchTooLong: 'Search must be at most 200 characters',
  updated: 'Message updated.',
  archived: 'Message archived.',
  unarchived: 'Message moved back to the inbox.',
  deleted: 'Message deleted.',
  updateFailed: 'Failed to update the message',
  deleteFailed: 'Failed to delete the message',
  empty: 'No messages found.',
  errorLoading: 'Error loading messages',
} as const

export const CONTACT_INBOX_PAGE_SIZE = 20
export const CONTACT_INBOX_LIMIT_MAX = 100
export const CONTACT_INBOX_SEARCH_MAX = 200
/** all: the inbox (not archived); unread: not read and not archived; archived: only archived. */
export const CONTACT_INBOX_FILTERS = ['all', 'unread', 'archived'] as const
export type ContactInboxFilter = (typeof CONTACT_INBOX_FILTERS)[number]

export interface InboxMessage {
  id: number
  name: string
  email: string
  subject: string
  message: string
  createdAt: string
  readAt: string | null
  archivedAt: string | null
}

export interface InboxListResponse {
  messages: InboxMessage[]
  /** Matching the query, for the pager. */
  total: number
  /** Unread and not archived, whatever the query: the count on the tab and the dashboard. */
  unread: number
}

/** 'Reply': the sender's address with "Re: subject" prefilled (one "Re:" only). */
export function replyHref(message: Pick<InboxMessage, 'email' | 'subject'>): string {
  const subject = /^re:/i.test(message.subject) ? message.subject : `Re: ${message.subject}`
  return `mailto:${encodeURIComponent(message.email).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}`
}
