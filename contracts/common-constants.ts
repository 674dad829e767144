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
