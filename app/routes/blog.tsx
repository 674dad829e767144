import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { listPosts } from '../../contracts/api-paths.ts'
import { BLOG_PAGE_SIZE, SEARCH_DEBOUNCE_MS } from '../../contracts/blog-constants.ts'
import { PAGE_NUMBER_MAX } from '../../contracts/common-constants.ts'
import { PostCard, PostCardSkeleton } from '../components/blog/post-card.tsx'
import { Button } from '../components/ui/button.tsx'
import { Pagination } from '../components/ui/pagination.tsx'
import { StateMessage } from '../components/ui/state-message.tsx'
import { appContext } from '../lib/app-context.ts'
import { pageMeta } from '../lib/meta.ts'
import { revalidateOnNewPathOnly } from '../lib/revalidate.ts'
import { useApi } from '../lib/store.ts'
import type { Route } from './+types/blog'

export const BLOG_LIST_STALE_MS = 60_000

function readParams(params: URLSearchParams) {
  const page = Number(params.get('page'))
  return {
    page: Number.isInteger(page) && page > 0 && page <= PAGE_NUMBER_MAX ? page : 1,
    search: (params.get('search') ?? '').trim().slice(0, 200),
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { page, search } = readParams(new URL(request.url).searchParams)
  const { services } = context.get(appContext)
  const data = await services.blog.list(
    { page, limit: BLOG_PAGE_SIZE, status: 'published', search },
    null,
  )
  return { page, search, data }
}

// After the first render the list is fetched by the query below, not by the loader.
export const shouldRevalidate = revalidateOnNewPathOnly

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Blog',
    description:
      'From the Cosmic Log: observing guides, astrophotography tips and space news explained.',
    path: '/blog',
  })

export default function Blog({ loaderData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams()
  const { page, search } = readParams(params)
  const [text, setText] = useState(search)
  const [syncedSearch, setSyncedSearch] = useState(search)
  // The address changed by itself (back button, Clear Search): show its search in the box.
  if (search !== syncedSearch) {
    setSyncedSearch(search)
    setText(search)
  }

  useEffect(() => {
    if (text.trim() === search) return
    const timer = setTimeout(() => {
      setParams(text.trim() ? { search: text.trim() } : {}, {
        replace: true,
        preventScrollReset: true,
      })
    }, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [text, search, setParams])

  // The server's list for the address the page was loaded at, then the API's (fresh for a
  // minute; a failure on the way tried twice more). While another page of the page's first
  // search loads, the previous page stays on screen.
  const fromServer = loaderData.page === page && loaderData.search === search
  const query = useApi(
    listPosts,
    { page, limit: BLOG_PAGE_SIZE, status: 'published', search },
    {
      initial: fromServer ? loaderData.data : null,
      staleMs: BLOG_LIST_STALE_MS,
      keepPrevious: search === loaderData.search,
      fallbackMessage: 'Failed to fetch posts',
    },
  )
  const hrefFor = (p: number): `/${string}` => {
    const next = new URLSearchParams()
    if (search) next.set('search', search)
    if (p > 1) next.set('page', String(p))
    const qs = next.toString()
    return qs ? `/blog?${qs}` : '/blog'
  }

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10">
      <header className="mx-auto max-w-3xl text-center">
        <p className="text-sm font-medium tracking-widest text-accent uppercase">The blog</p>
        <h1 className="mt-2 font-display text-4xl font-bold tracking-tight md:text-5xl">
          From the Cosmic Log
        </h1>
        <p className="mt-3 text-muted-foreground">
          Observing guides, astrophotography tips and the science behind what you see in the night
          sky.
        </p>
        <form
          method="get"
          action="/blog"
          role="search"
          className="mt-8"
          onSubmit={(e) => {
            e.preventDefault()
            setParams(text.trim() ? { search: text.trim() } : {})
          }}
        >
          <label htmlFor="blog-search" className="sr-only">
            Search articles
          </label>
          <input
            id="blog-search"
            name="search"
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Search for articles..."
            maxLength={200}
            className="h-12 w-full rounded-xl border border-border bg-card px-4 text-base text-foreground shadow-sm placeholder:text-muted-foreground focus:border-ring focus:outline-none"
          />
        </form>
      </header>

      <section aria-label="Articles" aria-busy={query.isFetching} className="mt-10">
        {query.isPending ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {Array.from({ length: BLOG_PAGE_SIZE }, (_, i) => (
              <PostCardSkeleton key={i} />
            ))}
          </div>
        ) : !query.data ? (
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
        ) : query.data.posts.length === 0 ? (
          <StateMessage
            title="No Posts Found"
            action={
              search ? (
                <Button variant="outline" onClick={() => setParams({})}>
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
                {query.data.pagination.total}{' '}
                {query.data.pagination.total === 1 ? 'article matches' : 'articles match'} “{search}
                ”
              </p>
            )}
            <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {query.data.posts.map((post) => (
                <PostCard key={post.id} post={post} />
              ))}
            </div>
            <Pagination
              page={page}
              totalPages={query.data.pagination.totalPages}
              hrefFor={hrefFor}
              label="Blog pages"
            />
          </>
        )}
      </section>
    </div>
  )
}
