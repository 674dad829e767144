import type { ListPagination } from './blog-constants.ts'

/**
 * The admin audit log: every admin action that changes data leaves one entry. The kinds are what
 * was changed; `import` and `restore` are recorded by the import and restore tools.
 */
export const ACTIVITY_KINDS = [
  'user',
  'post',
  'page',
  'faq',
  'announcement',
  'invoice',
  'image',
  'video',
  'resource',
  'newsletter',
  'message',
  'import',
  'restore',
] as const
export type ActivityKind = (typeof ACTIVITY_KINDS)[number]

export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  user: 'Users',
  post: 'Blog posts',
  page: 'Pages',
  faq: 'FAQs',
  announcement: 'Announcements',
  invoice: 'Invoices',
  image: 'Header images',
  video: 'Videos',
  resource: 'Resources',
  newsletter: 'Newsletter',
  message: 'Contact messages',
  import: 'Imports',
  restore: 'Restores',
}

export const ACTIVITY_ACTIONS = [
  'create',
  'update',
  'delete',
  'upload',
  'password',
  'avatar',
  'send',
  'retry',
  'sync',
  'import',
  'restore',
] as const
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number]

export const ACTIVITY_PAGE_SIZE = 20
export const ACTIVITY_LIMIT_MAX = 100
/** A summary names the item and what changed, never its body: longer ones are cut. */
export const ACTIVITY_SUMMARY_MAX = 200
/** How much of an item's title a summary quotes. */
export const ACTIVITY_TITLE_MAX = 80

export const ACTIVITY_MESSAGES = {
  adminIdInvalid: 'Admin id must be a positive whole number',
  kindInvalid: `Kind must be one of: ${ACTIVITY_KINDS.join(', ')}`,
  limitTooLarge: `Limit must be at most ${ACTIVITY_LIMIT_MAX}`,
  empty: 'No activity yet.',
  errorLoading: 'Error loading activity',
} as const

export interface ActivityEntry {
  id: number
  /** ISO-8601 UTC. */
  at: string
  adminId: number
  /** The admin's name now, or as it was when they acted if the account is gone. */
  adminName: string
  kind: ActivityKind
  action: ActivityAction
  targetId: string | null
  summary: string
}

export interface ActivityListResponse {
  entries: ActivityEntry[]
  pagination: ListPagination
}

/** Everyone the filter offers: today's admins and anyone who ever acted. */
export interface ActivityAdminsResponse {
  admins: { id: number; name: string }[]
}

/** What one action records; who and when are the server's. */
export interface ActivityNote {
  kind: ActivityKind
  action: ActivityAction
  targetId: string | number | null
  summary: string
}
