import { BLOG_PAGE_SIZE, type BlogListFilter } from '../../../contracts/blog-constants.ts'
import { Button } from '../ui/button.tsx'
import { Pagination } from '../ui/pagination.tsx'
import { StateMessage } from '../ui/state-message.tsx'
import { PostCard, PostCardSkeleton } from './post-card.tsx'
import type { BlogListState } from './remote-blog-list.tsx'

export interface BlogResultsProps extends BlogListState {
  page: number
  search: string
  filter: BlogListFilter | undefined
  onClearSearch: () => void
}

/** The blog's list as it stands: skeletons, the error, no results, or the cards and their pages. */
export function BlogResults({
  page,
  search,
  filter,
  data,
  failed,
  busy,
  onClearSearch,
}: BlogResultsProps) {
  const hrefFor = (p: number): `/${string}` => {
    const next = new URLSearchParams()
    if (search) next.set('search', search)
    if (filter) next.set('filter', filter)
    if (p > 1) next.set('page', String(p))
    const qs = next.toString()
    return qs ? `/blog?${qs}` : '/blog'
  }

  return (
    <section aria-label="Articles" aria-busy={busy} className="mt-10">
      {!data && !failed ? (
        <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {Array.from({ length: BLOG_PAGE_SIZE }, (_, i) => (
            <PostCardSkeleton key={i} />
          ))}
        </div>
      ) : !data ? (
        <StateMessage
          tone="error"
          title="Error Fetching Posts"
          action={
            <Button asChild variant="outline">
              <a href="/blog">Refresh Page</a>
            </Button>
          }
        >
          There was a problem loading the blog posts. Please try again later.
        </StateMessage>
      ) : data.posts.length === 0 ? (
        <StateMessage
          title="No Posts Found"
          action={
            search ? (
              <Button variant="outline" onClick={onClearSearch}>
                Clear Search
              </Button>
            ) : undefined
          }
        >
          It seems there are no blog posts matching your criteria.
        </StateMessage>
      ) : (
        <>
          {search && (
            <p className="mb-4 text-sm text-muted-foreground" role="status">
              {data.pagination.total}{' '}
              {data.pagination.total === 1 ? 'article matches' : 'articles match'} “{search}”
            </p>
          )}
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {data.posts.map((post) => (
              <PostCard key={post.id} post={post} />
            ))}
          </div>
          <Pagination
            page={page}
            totalPages={data.pagination.totalPages}
            hrefFor={hrefFor}
            label="Blog pages"
          />
        </>
      )}
    </section>
  )
}
