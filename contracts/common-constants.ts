/** Roles, content statuses and the error envelope, without schemas (safe for every page). */
export const ROLES = ['user', 'admin'] as const
export type Role = (typeof ROLES)[number]
export const DEFAULT_ROLE: Role = 'user'
export const ADMIN_ROLE: Role = 'admin'

/**
 * The highest page number a list accepts (pages, feeds and the API alike). Far beyond any real
 * list, and low enough that page × page size stays a small database offset: a page number of
 * 2e18 used to overflow SQLite's 64-bit offset and fail the request.
 */
export const PAGE_NUMBER_MAX = 100_000

/**
 * The years (UTC) a date given to the site may fall in. Within them every date and time is stored
 * with a four-digit year (`YYYY-MM-DDTHH:mm:ss.sssZ`), so stored times compare correctly as text:
 * year 10000 would be written `+010000-…` and sort before today.
 */
export const DATE_YEAR_MIN = 1970
export const DATE_YEAR_MAX = 2100

export function dateRangeMessage(label: string): string {
  return `${label} must be between the years ${DATE_YEAR_MIN} and ${DATE_YEAR_MAX}`
}

/** Whether a UTC date (`YYYY-MM-DD`) or date-time (`YYYY-MM-DDT…Z`) falls in those years. */
export function isInDateRange(value: string): boolean {
  const year = /^(\d{4})-\d{2}-\d{2}(T|$)/.exec(value)?.[1]
  return year !== undefined && Number(year) >= DATE_YEAR_MIN && Number(year) <= DATE_YEAR_MAX
}

export const CONTENT_STATUSES = ['draft', 'published', 'archived'] as const
export type ContentStatus = (typeof CONTENT_STATUSES)[number]

/** The error envelope every failed /_api call answers with. */
export interface ApiErrorBody {
  error: string
  details?: Record<string, string[]>
  /** Some endpoints add context beside the message (e.g. `retryAfter`, `troubleshooting`). */
  [extra: string]: unknown
}

/** Whether this user (or visitor: null) holds the admin role: the one place that asks. */
export function isAdmin(user: { role: Role } | null | undefined): boolean {
  return user?.role === ADMIN_ROLE
}
