import { listPosts } from '../../contracts/api-paths.ts'
import { BLOG_PAGE_SIZE } from '../../contracts/blog-constants.ts'
import { apiFetch } from './api.ts'
import { retryTransient } from './retry.ts'

/**
 * A page of /blog's list from the API (cards: the API never sends bodies in lists). /blog loads
 * this module on its first fetch, so the page's first load carries none of it (ADR 010). A
 * dropped connection or a server hiccup is tried twice more before the error is shown; the
 * skeleton cards stay meanwhile.
 */
export async function fetchBlogList(page: number, search: string, signal: AbortSignal) {
  return retryTransient(
    () =>
      apiFetch(
        listPosts,
        { query: { page, limit: BLOG_PAGE_SIZE, status: 'published', search }, signal },
        'Failed to fetch posts',
      ),
    signal,
  )
}
