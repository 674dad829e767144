import { data } from 'react-router'
import NotFound from './not-found.tsx'
import { loadPage } from '../lib/content.server.ts'
import { formatLongDate } from '../lib/format.ts'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/content-page'

export async function loader({ params, context }: Route.LoaderArgs) {
  const page = await loadPage(context, params.slug)
  if (!page) return data({ page: null }, { status: 404 })
  return { page }
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const page = loaderData?.page
  if (!page)
    return pageMeta(matches, {
      title: 'Page Not Found',
      description: "The page you're looking for doesn't exist.",
      noindex: true,
    })
  return pageMeta(matches, {
    title: page.title,
    description: page.metaDescription ?? `${page.title}.`,
    path: `/${page.slug}`,
    noindex: page.status !== 'published',
  })
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData
  if (!page) return <NotFound />
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="font-display text-3xl leading-tight font-bold tracking-tight sm:text-4xl">
        {page.title}
      </h1>
      {page.publishedAt && (
        <p className="mt-3 text-sm text-muted-foreground">
          Published <time dateTime={page.publishedAt}>{formatLongDate(page.publishedAt)}</time>
        </p>
      )}
      <div className="prose-content mt-8" dangerouslySetInnerHTML={{ __html: page.content }} />
    </article>
  )
}
