import {
  APOD_SKELETON_CARDS,
  type ApodResponse,
  type SpacePicture,
} from '../../../contracts/sky.ts'
import { formatLongDate } from '../../lib/format.ts'
import type { SkyView } from '../../lib/sky.ts'
import { Button } from '../ui/button.tsx'
import { Skeleton } from '../ui/skeleton.tsx'
import { StateMessage } from '../ui/state-message.tsx'
import { FreshnessNote } from './freshness-note.tsx'
import { RemoteImage } from '../ui/remote-image.tsx'

export const APOD_TEXT = {
  featured: "Today's Featured Image",
  more: 'More Recent Images',
  errorTitle: 'Error Fetching Images',
  refresh: 'Refresh',
  refreshing: 'Refreshing…',
  emptyTitle: 'No Images Found',
  emptyText:
    'NASA’s Astronomy Picture of the Day has nothing for the last few days. Please check back later.',
  loading: 'Loading images',
  source: 'NASA’s Astronomy Picture of the Day',
} as const

function Credit({ picture }: { picture: SpacePicture }) {
  return (
    <p className="text-sm text-muted-foreground">
      <time dateTime={picture.publishedDate}>
        {formatLongDate(`${picture.publishedDate}T12:00:00Z`)}
      </time>
      {picture.copyright && <> · © {picture.copyright}</>}
    </p>
  )
}

export function FeaturedPicture({ picture }: { picture: SpacePicture }) {
  return (
    <section aria-labelledby="apod-featured">
      <h2 id="apod-featured" className="mb-4 font-display text-2xl font-bold">
        {APOD_TEXT.featured}
      </h2>
      <article className="grid overflow-hidden rounded-2xl border border-border bg-card shadow-sm lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <a
          href={picture.link}
          target="_blank"
          rel="noopener noreferrer"
          tabIndex={-1}
          aria-hidden="true"
          className="block bg-black"
        >
          <RemoteImage
            src={picture.imageUrl}
            alt=""
            loading="eager"
            className="aspect-[4/3] h-full w-full object-contain"
          />
        </a>
        <div className="flex flex-col gap-3 p-6">
          <h3 className="font-display text-2xl leading-tight font-semibold">
            <a
              href={picture.link}
              target="_blank"
              rel="noopener noreferrer"
              className="hover:text-primary"
            >
              {picture.title}
            </a>
          </h3>
          <Credit picture={picture} />
          <p className="line-clamp-[12] text-sm leading-relaxed text-muted-foreground">
            {picture.description}
          </p>
          <a
            href={picture.link}
            target="_blank"
            rel="noopener noreferrer"
            className="mt-auto text-sm font-semibold text-primary hover:underline"
          >
            View on APOD<span aria-hidden="true"> ↗</span>
            <span className="sr-only"> (opens in a new tab): {picture.title}</span>
          </a>
        </div>
      </article>
    </section>
  )
}

export function PictureCard({ picture }: { picture: SpacePicture }) {
  return (
    <a
      href={picture.link}
      target="_blank"
      rel="noopener noreferrer"
      className="group flex h-full flex-col overflow-hidden rounded-2xl border border-border bg-card shadow-sm transition hover:border-primary"
    >
      <RemoteImage
        src={picture.imageUrl}
        alt=""
        className="aspect-[4/3] w-full transition duration-300 group-hover:scale-[1.02]"
      />
      <span className="flex flex-1 flex-col gap-1 p-4">
        <span className="font-display leading-snug font-semibold group-hover:text-primary">
          {picture.title}
        </span>
        <time dateTime={picture.publishedDate} className="text-xs text-muted-foreground">
          {formatLongDate(`${picture.publishedDate}T12:00:00Z`)}
        </time>
        <span className="sr-only"> (opens in a new tab)</span>
      </span>
    </a>
  )
}

export function ApodSkeleton() {
  return (
    <div role="status" aria-label={APOD_TEXT.loading} className="space-y-8">
      <span className="sr-only">{APOD_TEXT.loading}</span>
      <Skeleton className="aspect-[16/7] w-full rounded-2xl" />
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {Array.from({ length: APOD_SKELETON_CARDS }, (_, i) => (
          <li key={i} data-testid="apod-skeleton-card">
            <Skeleton className="aspect-[4/3] w-full rounded-2xl" />
          </li>
        ))}
      </ul>
    </div>
  )
}

export function ApodState({
  view,
  refreshing,
  onRefresh,
}: {
  view: SkyView<ApodResponse>
  refreshing: boolean
  onRefresh: () => void
}) {
  if (view.status === 'loading' || (view.status === 'error' && refreshing)) return <ApodSkeleton />
  if (view.status === 'error')
    return (
      <StateMessage
        title={APOD_TEXT.errorTitle}
        tone="error"
        action={
          <Button onClick={onRefresh} disabled={refreshing}>
            {refreshing ? APOD_TEXT.refreshing : APOD_TEXT.refresh}
          </Button>
        }
      >
        <p>{view.message}</p>
      </StateMessage>
    )
  const [featured, ...rest] = view.data.items
  if (!featured)
    return (
      <StateMessage title={APOD_TEXT.emptyTitle}>
        <p>{APOD_TEXT.emptyText}</p>
      </StateMessage>
    )
  return (
    <div className="space-y-10">
      <FreshnessNote
        freshness={view.data}
        source={APOD_TEXT.source}
        credit={`Source: ${APOD_TEXT.source}`}
      />
      <FeaturedPicture picture={featured} />
      {rest.length > 0 && (
        <section aria-labelledby="apod-more">
          <h2 id="apod-more" className="mb-4 font-display text-2xl font-bold">
            {APOD_TEXT.more}
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {rest.map((picture) => (
              <li key={picture.publishedDate}>
                <PictureCard picture={picture} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  )
}
