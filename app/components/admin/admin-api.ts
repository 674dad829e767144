import { keepPreviousData, useQuery, useQueryClient } from '../../lib/query.ts'
import { useCallback, useEffect, useState } from 'react'
import type {
  AdminStats,
  AdminUserListResponse,
  AdminUserSortField,
} from '../../../contracts/admin-users.ts'
import { type BlogListResponse, LIST_LIMIT_MAX } from '../../../contracts/blog-constants.ts'
import {
  type ImageListResponse,
  VIDEOS_PAGE_SIZE,
  type VideoListResponse,
} from '../../../contracts/media-constants.ts'
import type { PageListResponse } from '../../../contracts/pages.ts'
import * as API_PATHS from '../../../contracts/api-paths.ts'
import { apiFetch, callApi } from '../../lib/api.ts'
import type { InvoicesQuery } from './invoices-api.ts'

/** Every admin query lives under ['admin', resource, …]: one prefix to refresh after a change. */
export const adminKeys = {
  all: ['admin'] as const,
  stats: () => ['admin', 'stats'] as const,
  users: (q: UsersQuery) => ['admin', 'users', q] as const,
  posts: (q: { page: number; search: string }) => ['admin', 'posts', q] as const,
  pages: (q: { page: number; search: string }) => ['admin', 'pages', q] as const,
  faqs: (q: { page: number }) => ['admin', 'faqs', q] as const,
  images: () => ['admin', 'images'] as const,
  videos: (q: { page: number }) => ['admin', 'videos', q] as const,
  invoices: (q: InvoicesQuery) => ['admin', 'invoices', 'list', q] as const,
  invoice: (invoiceId: number | null) => ['admin', 'invoices', 'one', invoiceId] as const,
  invoiceIssuer: () => ['admin', 'invoices', 'issuer'] as const,
}

export type AdminResource = 'users' | 'posts' | 'pages' | 'faqs' | 'images' | 'videos' | 'invoices'

/**
 * The public pages' queries that show the same records (/videos): refreshed too, so a change in
 * the dashboard is seen there without a reload. The home page reads its carousel and videos from
 * its loader, which runs again on every visit.
 */
const PUBLIC_KEYS: Partial<Record<AdminResource, readonly string[]>> = {
  videos: ['youtube'],
}

/**
 * After a create, update or delete: the resource's lists and the dashboard totals are fetched
 * again at once (the public pages read the database on their next request).
 */
export function useRefreshAdmin() {
  const queryClient = useQueryClient()
  return useCallback(
    (resource: AdminResource) => {
      const publicKey = PUBLIC_KEYS[resource]
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [...adminKeys.all, resource] }),
        queryClient.invalidateQueries({ queryKey: adminKeys.stats() }),
        ...(publicKey ? [queryClient.invalidateQueries({ queryKey: publicKey })] : []),
      ])
    },
    [queryClient],
  )
}

export const ADMIN_POSTS_PAGE_SIZE = 10
/** The pages and FAQs tabs show the API's largest page: few sites have more of either. */
export const ADMIN_PAGES_PAGE_SIZE = LIST_LIMIT_MAX
export const ADMIN_FAQS_PAGE_SIZE = LIST_LIMIT_MAX

export interface UsersQuery {
  page: number
  search: string
  sortBy: AdminUserSortField
  sortOrder: 'asc' | 'desc'
}

export function useAdminStats() {
  return useQuery({
    queryKey: adminKeys.stats(),
    queryFn: () => apiFetch<AdminStats>(API_PATHS.getStats, {}, 'Failed to fetch stats'),
  })
}

export function useAdminUsers(q: UsersQuery) {
  return useQuery({
    queryKey: adminKeys.users(q),
    queryFn: () =>
      apiFetch<AdminUserListResponse>(
        API_PATHS.listUsers,
        { query: { ...q, limit: 10 } },
        'Failed to fetch users',
      ),
    placeholderData: keepPreviousData,
  })
}

export function useAdminPosts(q: { page: number; search: string }, enabled = true) {
  return useQuery({
    enabled,
    queryKey: adminKeys.posts(q),
    queryFn: () =>
      apiFetch<BlogListResponse>(
        API_PATHS.listPosts,
        { query: { ...q, limit: ADMIN_POSTS_PAGE_SIZE } },
        'Failed to fetch blog posts',
      ),
    placeholderData: keepPreviousData,
  })
}

export function useAdminPages(q: { page: number; search: string }, enabled = true) {
  return useQuery({
    enabled,
    queryKey: adminKeys.pages(q),
    queryFn: () =>
      apiFetch<PageListResponse>(
        API_PATHS.listPages,
        { query: { ...q, limit: ADMIN_PAGES_PAGE_SIZE } },
        'Failed to fetch pages',
      ),
    placeholderData: keepPreviousData,
  })
}

export function useAdminFaqs(q: { page: number }) {
  return useQuery({
    queryKey: adminKeys.faqs(q),
    queryFn: () =>
      callApi(
        API_PATHS.listFaqs,
        { ...q, limit: ADMIN_FAQS_PAGE_SIZE },
        { fallbackMessage: 'Failed to fetch FAQs' },
      ),
    placeholderData: keepPreviousData,
  })
}

/** Every header image, newest first (the list is small: no paging). */
export function useAdminImages() {
  return useQuery({
    queryKey: adminKeys.images(),
    queryFn: ({ signal }) =>
      apiFetch<ImageListResponse>(API_PATHS.listImages, { signal }, 'Failed to fetch images'),
    select: (data) => data.images,
  })
}

export const ADMIN_VIDEOS_PAGE_SIZE = VIDEOS_PAGE_SIZE

/** A page of the cached videos, newest first. */
export function useAdminVideos(q: { page: number }) {
  return useQuery({
    queryKey: adminKeys.videos(q),
    queryFn: ({ signal }) =>
      apiFetch<VideoListResponse>(
        API_PATHS.listVideos,
        { query: { ...q, limit: ADMIN_VIDEOS_PAGE_SIZE }, signal },
        'Failed to fetch videos',
      ),
    placeholderData: keepPreviousData,
  })
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
