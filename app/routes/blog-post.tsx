import { Suspense, lazy, useState } from 'react'
import { data } from 'react-router'
import { LockBadge, TagBadge, PostCard } from '../components/blog/post-card.tsx'
import { DeferredSubscribeForm } from '../components/newsletter/deferred-subscribe-form.tsx'
import { StateMessage } from '../components/ui/state-message.tsx'
import { RemoteImage } from '../components/ui/remote-image.tsx'
import { appContext } from '../lib/app-context.ts'
import { loadPost } from '../lib/content.server.ts'
import { cardExcerpt } from '../../contracts/card-excerpt.ts'
import type { BlogPost, BlogPostView } from '../../contracts/blog-constants.ts'
import { formatLongDate } from '../lib/format.ts'
import { pageMeta, rootDataFrom } from '../lib/meta.ts'
import type { Route } from './+types/blog-post'
import { SiteLink } from '../components/ui/site-link.tsx'
import { usePublicConfig } from '../lib/public-config.ts'

/** The post as the page gets it: `excerpt` is its description, `content` see `postData`. */
type PostData = Omit<BlogPost, 'content' | 'excerpt'> & {
  excerpt: string
  locked: boolean
  content?: string
}

/**
 * The post's HTML is sent once. A document request renders it into the page and leaves it out of
 * the page's data (a non-enumerable property is not serialised); the browser then keeps the body
 * already in the markup. A client-side navigation (a `.data` request) has no markup yet, so its
 * data carries the HTML. The description is worked out here, so the browser never needs the body.
 * A post locked for this visitor has no body at all, and its description is the author's excerpt
 * alone ('' without one), never the start of the body.
 */
function postData(view: BlogPostView, isDocument: boolean): PostData {
  if (view.locked) return { ...view, excerpt: view.excerpt?.trim() ?? '' }
  const { content, ...rest } = view
  const post: PostData = { ...rest, excerpt: cardExcerpt(view) }
  Object.defineProperty(post, 'content', { value: content, enumerable: !isDocument })
  return post
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const found = await loadPost(context, params.slug)
  const { origin } = context.get(appContext)
  if (!found) return data({ post: null, related: [], origin }, { status: 404 })
  const isDocument = !new URL(request.url).pathname.endsWith('.data')
  return { post: postData(found.post, isDocument), related: found.related, origin }
}

const BODY_ID = 'post-body'

// Only a visitor of a protected post needs the teaser and its sign-in.
const MembersTeaser = lazy(() => import('../components/blog/members-teaser.tsx'))

/** The body's HTML: from the data, else (just after a document load) from the markup already there. */
function usePostBody(content: string | undefined): string {
  const [fromMarkup] = useState(() =>
    content === undefined && typeof document !== 'undefined'
      ? (document.getElementById(BODY_ID)?.innerHTML ?? '')
      : '',
  )
  return content ?? fromMarkup
}

function absolute(origin: string, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith('/') ? '' : '/'}${url}`
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const post = loaderData?.post
  if (!post) {
    return pageMeta(matches, {
      title: 'Post Not Found',
      description: "We couldn't find that blog post.",
      noindex: true,
    })
  }
  const { siteName, origin } = rootDataFrom(matches)
  const description = post.excerpt ?? ''
  const url = `${origin}/blog/${post.slug}`
  const image = post.featuredImageUrl ? absolute(origin, post.featuredImageUrl) : undefined
  const tags = pageMeta(matches, { title: post.title, description, path: `/blog/${post.slug}` })
  tags.push(
    { property: 'og:type', content: 'article' },
    { name: 'twitter:card', content: image ? 'summary_large_image' : 'summary' },
    { name: 'twitter:title', content: post.title },
    { name: 'twitter:description', content: description },
  )
  if (post.publishedAt) tags.push({ property: 'article:published_time', content: post.publishedAt })
  for (const tag of post.tags) tags.push({ property: 'article:tag', content: tag })
  if (image)
    tags.push({ property: 'og:image', content: image }, { name: 'twitter:image', content: image })
  tags.push({
    'script:ld+json': {
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: post.title,
      description,
      url,
      mainEntityOfPage: url,
      datePublished: post.publishedAt ?? undefined,
      dateModified: post.updatedAt,
      image: image ? [image] : undefined,
      keywords: post.tags.length ? post.tags.join(', ') : undefined,
      // A protected post's page holds a teaser only: say so, as search engines ask of such pages.
      isAccessibleForFree: post.locked ? false : undefined,
      author: { '@type': 'Organization', name: siteName, url: origin },
      publisher: { '@type': 'Organization', name: siteName, url: origin },
    },
  })
  return tags
}

export default function BlogPostPage({ loaderData }: Route.ComponentProps) {
  const { post, related } = loaderData
  const body = usePostBody(post?.content)
  const newsletter = usePublicConfig().features.newsletter
  if (!post) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16">
        <StateMessage
          title="Post Not Found"
          action={
            <SiteLink to="/blog" className="font-semibold text-primary hover:underline">
              Back to Blog
            </SiteLink>
          }
        >
          Sorry, we couldn&apos;t find the blog post you were looking for. It might have been moved
          or deleted.
        </StateMessage>
      </div>
    )
  }
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10">
      <SiteLink to="/blog" className="text-sm font-medium text-primary hover:underline">
        <span aria-hidden="true">← </span>
        Back to all articles
      </SiteLink>
      <header className="mt-6">
        <h1 className="font-display text-3xl leading-tight font-bold tracking-tight md:text-5xl">
          {post.title}
        </h1>
        <div className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm text-muted-foreground">
          {post.publishedAt && (
            <time dateTime={post.publishedAt}>{formatLongDate(post.publishedAt)}</time>
          )}
          {post.status !== 'published' && (
            <span className="rounded-full border border-warning px-2 py-0.5 text-xs font-semibold text-warning uppercase">
              {post.status}
            </span>
          )}
          <LockBadge visibility={post.visibility} />
          {post.tags.length > 0 && (
            <ul className="flex flex-wrap gap-1.5" aria-label="Tags">
              {post.tags.map((tag) => (
                <li key={tag}>
                  <TagBadge tag={tag} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </header>
      {post.featuredImageUrl && (
        <RemoteImage
          src={post.featuredImageUrl}
          alt=""
          loading="eager"
          className="mt-8 aspect-[1200/630] w-full rounded-2xl border border-border"
        />
      )}
      {post.locked ? (
        <Suspense>
          <MembersTeaser post={post} />
        </Suspense>
      ) : (
        <div
          id={BODY_ID}
          className="prose-content mt-8"
          dangerouslySetInnerHTML={{ __html: body }}
          suppressHydrationWarning
        />
      )}

      {newsletter && (
        <DeferredSubscribeForm className="mt-12 rounded-2xl border border-border bg-card/60 p-5" />
      )}

      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="mt-16 border-t border-border pt-10">
          <h2 id="related-heading" className="font-display text-2xl font-bold">
            You Might Also Like
          </h2>
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {related.map((p) => (
              <PostCard key={p.id} post={p} headingLevel={3} />
            ))}
          </div>
        </section>
      )}
    </article>
  )
}
