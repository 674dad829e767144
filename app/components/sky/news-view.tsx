import { NEWS_SKELETON_ROWS, type NewsItem, type NewsResponse } from '../../../contracts/sky.ts'
import { cn } from '../../lib/cn.ts'
import type { SkyView } from '../../lib/sky.ts'
import { Button } from '../ui/button.tsx'
import { LocalDate } from '../ui/local-date.tsx'
import { Skeleton } from '../ui/skeleton.tsx'
import { StateMessage } from '../ui/state-message.tsx'
import { FreshnessNote } from './freshness-note.tsx'
import { RemoteImage } from '../ui/remote-image.tsx'

export const NEWS_TEXT = {
  errorTitle: 'Error Fetching News',
  errorText: 'There was a problem loading the latest astronomy news.',
  refresh: 'Refresh Page',
  emptyTitle: 'No News Available',
  emptyText:
    'None of our news sources has published anything we could read. Please check back soon.',
  loading: 'Loading news',
  source: 'The news sources',
} as const

/** Badge colours for the sources the site knows; any other source gets a neutral badge. */
export const SOURCE_BADGES: Record<string, string> = {
  NASA: 'bg-sky-500/15 text-sky-800 ring-sky-500/30 dark:text-sky-300',
  'Sky & Telescope': 'bg-rose-500/15 text-rose-800 ring-rose-500/30 dark:text-rose-300',
  'Space.com': 'bg-violet-500/15 text-violet-800 ring-violet-500/30 dark:text-violet-300',
  ESA: 'bg-teal-500/15 text-teal-800 ring-teal-500/30 dark:text-teal-300',
  'Universe Today': 'bg-amber-500/15 text-amber-800 ring-amber-500/30 dark:text-amber-300',
  ESO: 'bg-emerald-500/15 text-emerald-800 ring-emerald-500/30 dark:text-emerald-300',
}

export function SourceBadge({ source }: { source: string }) {
  return (
    <span
      data-known-source={source in SOURCE_BADGES ? 'true' : 'false'}
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        SOURCE_BADGES[source] ?? 'bg-muted text-muted-foreground ring-border',
      )}
    >
      {source}
    </span>
  )
}

const DATE_FORMAT: Intl.DateTimeFormatOptions = { month: 'short', day: 'numeric', year: 'numeric' }

function ReadMore({ item }: { item: NewsItem }) {
  return (
    <a
      href={item.link}
      target="_blank"
      rel="noopener noreferrer"
      className="text-sm font-semibold text-primary hover:underline"
    >
      Read on {item.source}
      <span aria-hidden="true"> ↗</span>
      <span className="sr-only"> (opens in a new tab): {item.title}</span>
    </a>
  )
}

/** The newest story, promoted: image beside a larger title. */
export function FeaturedNewsCard({ item }: { item: NewsItem }) {
  return (
    <article className="grid overflow-hidden rounded-2xl border border-border bg-card shadow-sm md:grid-cols-2">
      <RemoteImage
        src={item.imageUrl}
        alt=""
        loading="eager"
        className="aspect-video h-full w-full md:aspect-auto md:min-h-72"
      />
      <div className="flex flex-col gap-3 p-6 md:p-8">
        <div className="flex flex-wrap items-center gap-3 text-sm text-muted-foreground">
          <SourceBadge source={item.source} />
          <span className="font-medium uppercase tracking-wide text-primary">Latest</span>
          <LocalDate iso={item.publishedDate} options={DATE_FORMAT} />
        </div>
        <h2 className="font-display text-2xl leading-tight font-bold md:text-3xl">
          <a
            href={item.link}
            target="_blank"
            rel="noopener noreferrer"
            className="hover:text-primary"
          >
            {item.title}
          </a>
        </h2>
        {item.description && (
          <p className="leading-relaxed text-muted-foreground">{item.description}</p>
        )}
        <div className="mt-auto pt-2">
          <ReadMore item={item} />
        </div>
      </div>
    </article>
  )
}

export function NewsCard({ item }: { item: NewsItem }) {
  return (
    <article className="flex flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-sm transition hover:border-primary">
      <RemoteImage src={item.imageUrl} alt="" className="aspect-video w-full" />
      <div className="flex flex-1 flex-col gap-2 p-5">
        <div className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          <SourceBadge source={item.source} />
          <LocalDate iso={item.publishedDate} options={DATE_FORMAT} />
        </div>
        <h3 className="font-display text-lg leading-snug font-semibold">
          <a
            href={item.link}
            target="_blank"
            rel="noopener noreferrer"
            className="hover:text-primary"
          >
            {item.title}
          </a>
        </h3>
        {item.description && (
          <p className="line-clamp-4 flex-1 text-sm leading-relaxed text-muted-foreground">
            {item.description}
          </p>
        )}
        <div className="pt-1">
          <ReadMore item={item} />
        </div>
      </div>
    </article>
  )
}

export function NewsSkeleton() {
  return (
    <div role="status" aria-label={NEWS_TEXT.loading} className="space-y-4">
      <span className="sr-only">{NEWS_TEXT.loading}</span>
      <ul className="space-y-4">
        {Array.from({ length: NEWS_SKELETON_ROWS }, (_, i) => (
          <li
            key={i}
            data-testid="news-skeleton-row"
            className="flex gap-4 rounded-2xl border border-border bg-card p-4"
          >
            <Skeleton className="h-20 w-28 shrink-0 rounded-lg sm:w-36" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-4 w-24" />
              <Skeleton className="h-5 w-4/5" />
              <Skeleton className="h-4 w-full" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function NewsState({ view }: { view: SkyView<NewsResponse> }) {
  if (view.status === 'loading') return <NewsSkeleton />
  if (view.status === 'error')
    return (
      <StateMessage
        title={NEWS_TEXT.errorTitle}
        tone="error"
        action={<Button onClick={() => window.location.reload()}>{NEWS_TEXT.refresh}</Button>}
      >
        <p>{view.message}</p>
      </StateMessage>
    )
  const { items, unavailableSources } = view.data
  const [first, ...rest] = items
  return (
    <div className="space-y-6">
      <FreshnessNote freshness={view.data} source={NEWS_TEXT.source} plural />
      {unavailableSources.length > 0 && (
        <p
          role="status"
          className="rounded-xl border border-warning/50 bg-warning/10 px-4 py-3 text-sm"
        >
          {unavailableSources.join(', ')} {unavailableSources.length === 1 ? 'is' : 'are'} not
          answering right now, so {unavailableSources.length === 1 ? 'its' : 'their'} news is
          missing below. The other sources are up to date.
        </p>
      )}
      {!first ? (
        <StateMessage title={NEWS_TEXT.emptyTitle}>
          <p>{NEWS_TEXT.emptyText}</p>
        </StateMessage>
      ) : (
        <>
          <FeaturedNewsCard item={first} />
          {rest.length > 0 && (
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="More news">
              {rest.map((item) => (
                <li key={item.link} className="flex">
                  <NewsCard item={item} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  )
}
