import type { ReactNode } from 'react'
import { listPosts } from '../../../contracts/api-paths.ts'
import {
  BLOG_PAGE_SIZE,
  type BlogListFilter,
  type BlogListResponse,
} from '../../../contracts/blog-constants.ts'
import { useApi } from '../../lib/store.ts'

const BLOG_LIST_STALE_MS = 60_000

/** What the list shows: the answer (or the list kept on screen), and how its request stands. */
export interface BlogListState {
  data: BlogListResponse | undefined
  failed: boolean
  busy: boolean
}

/**
 * A page or search of the blog other than the one the page was loaded with, read through the
 * store (fresh for a minute; a failure on the way tried twice more). Loaded only when the visitor
 * asks for one, so /blog's first load carries no store (ADR 010). It renders through `children`
 * so the view stays in the page's own chunk.
 */
export default function RemoteBlogList({
  page,
  search,
  filter,
  previous,
  children,
}: {
  page: number
  search: string
  filter: BlogListFilter | undefined
  /** The list on screen before this one, kept while the first answer loads (none: skeletons). */
  previous: BlogListResponse | undefined
  children: (list: BlogListState) => ReactNode
}) {
  const query = useApi(
    listPosts,
    { page, limit: BLOG_PAGE_SIZE, status: 'published', search, ...(filter && { filter }) },
    {
      staleMs: BLOG_LIST_STALE_MS,
      keepPrevious: previous !== undefined,
      fallbackMessage: 'Failed to fetch posts',
    },
  )
  return children({
    data: query.data ?? (query.isError ? undefined : previous),
    failed: query.isError,
    busy: query.isFetching,
  })
}
