import { useEffect, useState } from 'react'
import type { AdminUserSortField } from '../../../contracts/admin-users.ts'
import { LIST_LIMIT_MAX } from '../../../contracts/blog-constants.ts'
import type { EndpointContract } from '../../../contracts/endpoint.ts'
import { type ImageListResponse, VIDEOS_PAGE_SIZE } from '../../../contracts/media-constants.ts'
import * as API_PATHS from '../../../contracts/endpoints.ts'
import { settled } from '../../lib/api-result.ts'
import { invalidate, useApi } from '../../lib/store.ts'

export type AdminResource =
  | 'users'
  | 'posts'
  | 'pages'
  | 'faqs'
  | 'images'
  | 'videos'
  | 'invoices'
  | 'announcements'
  | 'resources'
  | 'messages'

/**
 * What a change to a resource makes stale: its lists (the public pages reading the same endpoint,
 * /videos's `/youtube/list` among them, share their answers) and, for invoices, the one open.
 */
const READS: Record<AdminResource, EndpointContract[]> = {
  users: [API_PATHS.listUsers],
  posts: [API_PATHS.listPosts],
  pages: [API_PATHS.listPages],
  faqs: [API_PATHS.listFaqs],
  images: [API_PATHS.listImages],
  videos: [API_PATHS.listVideos],
  invoices: [API_PATHS.listInvoices, API_PATHS.getInvoice],
  announcements: [API_PATHS.listAnnouncements],
  resources: [API_PATHS.listResources],
  messages: [API_PATHS.listContactMessages],
}

/**
 * After a create, update or delete: the resource's lists and the dashboard totals are fetched
 * again at once; resolves when they have arrived.
 */
export function refreshAdmin(resource: AdminResource): Promise<void> {
  return invalidate(...READS[resource], API_PATHS.getStats, API_PATHS.listActivity)
}

/** `refreshAdmin`, for the components that take it as a hook. */
export function useRefreshAdmin() {
  return refreshAdmin
}

export const ADMIN_POSTS_PAGE_SIZE = 10
/** The pages and FAQs tabs show the API's largest page: few sites have more of either. */
export const ADMIN_PAGES_PAGE_SIZE = LIST_LIMIT_MAX
export const ADMIN_FAQS_PAGE_SIZE = LIST_LIMIT_MAX
export const ADMIN_USERS_PAGE_SIZE = 10

export interface UsersQuery {
  page: number
  search: string
  sortBy: AdminUserSortField
  sortOrder: 'asc' | 'desc'
}

export function useAdminStats() {
  return settled(useApi(API_PATHS.getStats, {}, { fallbackMessage: 'Failed to fetch stats' }))
}

export function useAdminUsers(q: UsersQuery) {
  return settled(
    useApi(
      API_PATHS.listUsers,
      { ...q, limit: ADMIN_USERS_PAGE_SIZE },
      { keepPrevious: true, fallbackMessage: 'Failed to fetch users' },
    ),
  )
}

export function useAdminPosts(q: { page: number; search: string }, enabled = true) {
  return settled(
    useApi(API_PATHS.listPosts, enabled ? { ...q, limit: ADMIN_POSTS_PAGE_SIZE } : null, {
      keepPrevious: true,
      fallbackMessage: 'Failed to fetch blog posts',
    }),
  )
}

export function useAdminPages(q: { page: number; search: string }, enabled = true) {
  return settled(
    useApi(API_PATHS.listPages, enabled ? { ...q, limit: ADMIN_PAGES_PAGE_SIZE } : null, {
      keepPrevious: true,
      fallbackMessage: 'Failed to fetch pages',
    }),
  )
}

export function useAdminFaqs(q: { page: number }) {
  return settled(
    useApi(
      API_PATHS.listFaqs,
      { ...q, limit: ADMIN_FAQS_PAGE_SIZE },
      { keepPrevious: true, fallbackMessage: 'Failed to fetch FAQs' },
    ),
  )
}

const imagesOf = (res: ImageListResponse) => res.images

/** Every header image, newest first (the list is small: no paging). */
export function useAdminImages() {
  return settled(
    useApi(
      API_PATHS.listImages,
      {},
      { select: imagesOf, fallbackMessage: 'Failed to fetch images' },
    ),
  )
}

export const ADMIN_VIDEOS_PAGE_SIZE = VIDEOS_PAGE_SIZE

/** A page of the cached videos, newest first. */
export function useAdminVideos(q: { page: number }) {
  return settled(
    useApi(
      API_PATHS.listVideos,
      { ...q, limit: ADMIN_VIDEOS_PAGE_SIZE },
      { keepPrevious: true, fallbackMessage: 'Failed to fetch videos' },
    ),
  )
}

/** The value after the visitor stops typing for `ms`. */
export function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms)
    return () => clearTimeout(timer)
  }, [value, ms])
  return debounced
}

/** The thrown message, or the fallback when there is none. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback
}
