import { Suspense, lazy, useEffect, useState } from 'react'
import { type ShouldRevalidateFunction, useSearchParams } from 'react-router'
import {
  BLOG_PAGE_SIZE,
  type BlogListFilter,
  SEARCH_DEBOUNCE_MS,
} from '../../contracts/blog-constants.ts'
import { PAGE_NUMBER_MAX } from '../../contracts/common-constants.ts'
import { BlogResults } from '../components/blog/blog-results.tsx'
import { appContext } from '../lib/app-context.ts'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/blog'

const RemoteBlogList = lazy(() => import('../components/blog/remote-blog-list.tsx'))
const MembersListIntro = lazy(() => import('../components/blog/members-list-intro.tsx'))

function readParams(params: URLSearchParams) {
  const page = Number(params.get('page'))
  const filter = params.get('filter') as BlogListFilter | null
  return {
    page: Number.isInteger(page) && page > 0 && page <= PAGE_NUMBER_MAX ? page : 1,
    search: (params.get('search') ?? '').trim().slice(0, 200),
    // The list API's two filters (BLOG_LIST_FILTERS), spelt out: this runs in /blog's first script.
    filter: filter === 'members' || filter === 'early-access' ? filter : undefined,
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { page, search, filter } = readParams(new URL(request.url).searchParams)
  // A member's cards carry the usual excerpts; signed-in pages are never stored in the page cache.
  const { services, user } = context.get(appContext)
  const data = await services.blog.list(
    { page, limit: BLOG_PAGE_SIZE, status: 'published', search, filter },
    user,
  )
  return { page, search, filter, data }
}

// After the first render the list is fetched by RemoteBlogList, not by the loader.
/**
 * Search and paging change only what the page fetches itself: the loader runs again only when the
 * path changes. The same rule as app/lib/revalidate.ts (/photos, /videos), written here so that
 * /blog's first load, at its budget's limit, does without that chunk.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate)

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Blog',
    description:
      'From the Cosmic Log: observing guides, astrophotography tips and space news explained.',
    path: '/blog',
  })

export default function Blog({ loaderData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams()
  const { page, search, filter } = readParams(params)
  // The address for a search, in the same list.
  const query = (s: string) => ({ ...(s && { search: s }), ...(filter && { filter }) })
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
      setParams(query(text.trim()), { replace: true, preventScrollReset: true })
    }, SEARCH_DEBOUNCE_MS)
    return () => clearTimeout(timer)
    // `query` follows the filter, which is in the address as `search` is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [text, search, filter, setParams])

  // The server's list for the address the page was loaded at; any other page or search is read
  // through the store, whose code loads then. Until its first answer, the list on screen stays
  // (another page of the page's first search) or skeletons show (a new search).
  const same = search === loaderData.search && filter === loaderData.filter
  const fromServer = same && loaderData.page === page
  const view = { page, search, filter, onClearSearch: () => setParams(query('')) }
  const previous = same ? loaderData.data : undefined

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
            setParams(query(text.trim()))
          }}
        >
          {filter && <input type="hidden" name="filter" value={filter} />}
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
        {filter && (
          <Suspense>
            <MembersListIntro filter={filter} />
          </Suspense>
        )}
      </header>

      {fromServer ? (
        <BlogResults {...view} data={loaderData.data} failed={false} busy={false} />
      ) : (
        <Suspense fallback={<BlogResults {...view} data={previous} failed={false} busy />}>
          <RemoteBlogList page={page} search={search} filter={filter} previous={previous}>
            {(list) => <BlogResults {...view} {...list} />}
          </RemoteBlogList>
        </Suspense>
      )}
    </div>
  )
}
