import { type CSSProperties, lazy, Suspense, useMemo, useRef, useState } from 'react'
import * as API_PATHS from '../../../contracts/api-paths.ts'
import {
  type DiscordChannelImage,
  type DiscordChannelImagesResponse,
  MEDIA_MESSAGES,
} from '../../../contracts/media-constants.ts'
import { isNotConfigured } from '../../../contracts/features.ts'
import { cn } from '../../lib/cn.ts'
import { formatShortDate } from '../../lib/format.ts'
import {
  imageUnits,
  MASONRY_COLUMNS,
  MASONRY_GRID,
  MASONRY_ITEM,
  masonryLayout,
  type MasonryPlace,
} from '../../lib/masonry.ts'
import { useApiPages } from '../../lib/store.ts'
import { RemoteImage } from '../ui/remote-image.tsx'
import { Button } from '../ui/button.tsx'
import { Skeleton } from '../ui/skeleton.tsx'
import { StateMessage } from '../ui/state-message.tsx'
import type { LightboxImage } from './lightbox.tsx'

/**
 * The lightbox (a Radix dialog, about 12 KB) is not part of the page's first load: it is fetched
 * when a visitor points at or focuses the gallery, and at the latest on the first click.
 */
const loadLightbox = () => import('./lightbox.tsx')
const Lightbox = lazy(() => loadLightbox().then((m) => ({ default: m.Lightbox })))
const prefetchLightbox = () => void loadLightbox()

const FIVE_MINUTES = 5 * 60 * 1000
const THUMB_WIDTH = 480
const SKELETON_HEIGHTS = ['h-56', 'h-40', 'h-72', 'h-48', 'h-64', 'h-44']

/** Discord's media proxy resizes on request: the grid loads thumbnails, the lightbox the image. */
function thumbnailOf(image: DiscordChannelImage): { src: string; width?: number; height?: number } {
  if (!image.width || !image.height || image.width <= THUMB_WIDTH) {
    return {
      src: image.proxyUrl,
      width: image.width ?? undefined,
      height: image.height ?? undefined,
    }
  }
  const height = Math.round((image.height * THUMB_WIDTH) / image.width)
  const url = new URL(image.proxyUrl)
  url.searchParams.set('width', String(THUMB_WIDTH))
  url.searchParams.set('height', String(height))
  return { src: url.toString(), width: THUMB_WIDTH, height }
}

/** A tile past the last full row is left out, on phones and on wider screens alike. */
function tileVisibility(index: number, layout: ReturnType<typeof tileLayout>): string {
  const narrow = index < layout.narrowShown
  const wide = index < layout.wideShown
  if (narrow && wide) return ''
  if (narrow) return 'sm:hidden'
  return wide ? 'hidden sm:block' : 'hidden'
}

/** Where image `index` goes at each column count, as the custom properties MASONRY_ITEM reads. */
function masonryStyle(layouts: MasonryPlace[][], index: number): CSSProperties {
  const style: Record<string, string> = {}
  for (const [k, columns] of MASONRY_COLUMNS.entries()) {
    const place = layouts[k]![index]!
    style[`--c${columns}`] = String(place.column)
    style[`--r${columns}`] = `${place.row} / span ${place.span}`
  }
  return style as CSSProperties
}

const describe = (image: DiscordChannelImage) => `${image.filename} by ${image.author.username}`

/** Pages fetched beyond the first, looking for images: a channel of talk ends the search. */
const MAX_EXTRA_PAGES = 3

/**
 * The gallery's pages, fetched by the browser after the page has loaded: the first one, then one
 * more per Load More, and more until they hold `minImages` images (a page is a number of
 * messages, and not every message holds an image) or after `MAX_EXTRA_PAGES` more without them
 * (each page is a call to Discord). Fresh for five minutes. A failure is shown, not retried,
 * until Try Again.
 */
export function useCommunityImages(pageSize: number, minImages = 0) {
  const [cursors, setCursors] = useState({ pageSize, list: [undefined] as (string | undefined)[] })
  let list = cursors.list
  if (cursors.pageSize !== pageSize) {
    list = [undefined]
    setCursors({ pageSize, list })
  }
  const pages = useApiPages(
    API_PATHS.getChannelImages,
    list.map((before) => ({ limit: pageSize, before })),
    { staleMs: FIVE_MINUTES, retries: 0, fallbackMessage: MEDIA_MESSAGES.discordLoadFailed },
  )
  const answers = pages.map((p) => (p.data && !isNotConfigured(p.data) ? p.data : undefined))
  const loaded = answers.filter((a): a is DiscordChannelImagesResponse => !!a)
  const seen = new Set<string>()
  // A page fetched again after new messages can repeat the first images of the next one.
  const images = loaded
    .flatMap((p) => p.images)
    .filter((image) => !seen.has(image.id) && !!seen.add(image.id))

  const last = pages.at(-1)!
  const more = list.length > 1
  const lastFailed = more && last.isError
  const nextCursor = lastFailed ? list.at(-1) : (answers.at(-1)?.nextCursor ?? undefined)
  const filling =
    images.length < minImages && !!nextCursor && !lastFailed && list.length <= MAX_EXTRA_PAGES
  if (filling && answers.at(-1) && !list.includes(nextCursor)) {
    setCursors({ pageSize, list: [...list, nextCursor] })
  }

  const notConfigured = pages.some((p) => p.data && isNotConfigured(p.data))
  const error =
    pages.find((p) => p.error)?.error ??
    (notConfigured ? new Error(MEDIA_MESSAGES.discordLoadFailed) : null)
  const isFetchingNextPage = more && !last.data && (last.isFetching || !last.error)
  return {
    images,
    // Still looking for the first images while a page beyond the first is on its way: the
    // channel is not known to be empty until the last page has answered.
    isPending:
      !error &&
      (!answers[0] ||
        (images.length < minImages && ((filling && !lastFailed) || isFetchingNextPage))),
    isError: !!error,
    error,
    refetch: () => pages.forEach((p) => p.isError && void p.refetch()),
    hasNextPage: !!nextCursor,
    isFetchingNextPage,
    isFetchNextPageError: lastFailed,
    fetchNextPage: () => {
      if (lastFailed) void last.refetch()
      else if (nextCursor && !isFetchingNextPage)
        setCursors((c) => ({ ...c, list: [...c.list, nextCursor] }))
    },
  }
}

/** Columns of the tile grid from 640 px on, widest first; below that it has two. */
const WIDE_COLUMNS = [5, 4, 3, 2] as const
const WIDE_GRID: Record<(typeof WIDE_COLUMNS)[number], string> = {
  5: 'sm:grid-cols-5',
  4: 'sm:grid-cols-4',
  3: 'sm:grid-cols-3',
  2: 'sm:grid-cols-2',
}

/**
 * How `count` tiles fill whole rows: two columns on a phone, on wider screens the number of
 * columns that shows the most of them (the widest on a tie), and how many each shows. A single
 * tile is shown alone.
 */
export function tileLayout(count: number) {
  let wide: { columns: (typeof WIDE_COLUMNS)[number]; shown: number } = {
    columns: 2,
    shown: Math.min(count, 1),
  }
  for (const columns of WIDE_COLUMNS) {
    const shown = count - (count % columns)
    if (shown > wide.shown) wide = { columns, shown }
  }
  const narrow = count >= 2 ? count - (count % 2) : count
  return { narrowShown: narrow, wideColumns: wide.columns, wideShown: wide.shown }
}

/**
 * Astrophotos posted in the community's Discord gallery channel, newest first: a masonry layout,
 * or with `tiles` at most `pageSize` square tiles in full rows at every width. A click opens the
 * lightbox. With `loadMore`, further pages follow on request.
 */
export function CommunityGallery({
  pageSize,
  loadMore = false,
  tiles = false,
}: {
  pageSize: number
  loadMore?: boolean
  tiles?: boolean
}) {
  const query = useCommunityImages(pageSize, tiles ? pageSize : 0)
  const [open, setOpen] = useState<number | null>(null)
  // Mounted from the first opening on, so the dialog can close (and give focus back) as usual.
  const [lightboxUsed, setLightboxUsed] = useState(false)
  if (open !== null && !lightboxUsed) setLightboxUsed(true)
  const opener = useRef<HTMLElement | null>(null)
  // A page of messages may hold more images than messages, or fewer.
  const images = tiles ? query.images.slice(0, pageSize) : query.images
  const layout = tileLayout(images.length)
  const masonry = useMemo(() => {
    const units = images.map((image) => imageUnits(image.width, image.height))
    return MASONRY_COLUMNS.map((columns) => masonryLayout(units, columns))
  }, [images])

  if (query.isPending && tiles) {
    const skeleton = tileLayout(pageSize)
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label="Loading community images"
        className={cn('grid grid-cols-2 gap-3 sm:gap-4', WIDE_GRID[skeleton.wideColumns])}
      >
        {Array.from({ length: pageSize }, (_, i) => (
          <Skeleton
            key={i}
            className={cn('aspect-square rounded-xl', tileVisibility(i, skeleton))}
          />
        ))}
      </div>
    )
  }
  if (query.isPending) {
    return (
      <div
        role="status"
        aria-busy="true"
        aria-label="Loading community images"
        className="columns-2 gap-4 md:columns-3 lg:columns-4"
      >
        {Array.from({ length: Math.min(pageSize, 8) }, (_, i) => (
          <Skeleton
            key={i}
            className={`mb-4 w-full break-inside-avoid rounded-xl ${SKELETON_HEIGHTS[i % SKELETON_HEIGHTS.length]}`}
          />
        ))}
      </div>
    )
  }
  if (query.error && images.length === 0) {
    return (
      <StateMessage
        tone="error"
        title={MEDIA_MESSAGES.discordLoadFailed}
        action={
          <Button variant="outline" onClick={query.refetch}>
            Try Again
          </Button>
        }
      >
        {query.error.message !== MEDIA_MESSAGES.discordLoadFailed && query.error.message}
      </StateMessage>
    )
  }
  if (images.length === 0) {
    return <StateMessage title={MEDIA_MESSAGES.discordEmpty} />
  }

  const lightboxImages: LightboxImage[] = images.map((image) => ({
    id: image.id,
    src: image.proxyUrl,
    alt: describe(image),
    caption: `${image.author.username} · ${formatShortDate(image.timestamp)}`,
  }))

  return (
    <div className="@container">
      <ul
        className={
          tiles
            ? cn('grid grid-cols-2 gap-3 sm:gap-4', WIDE_GRID[layout.wideColumns])
            : MASONRY_GRID
        }
        onPointerOver={prefetchLightbox}
        onFocus={prefetchLightbox}
      >
        {images.map((image, i) => {
          const thumb = thumbnailOf(image)
          return (
            <li
              key={image.id}
              className={tiles ? tileVisibility(i, layout) : MASONRY_ITEM}
              style={tiles ? undefined : masonryStyle(masonry, i)}
            >
              <button
                type="button"
                onClick={(e) => {
                  opener.current = e.currentTarget
                  setOpen(i)
                }}
                className="group relative block h-full w-full cursor-zoom-in overflow-hidden rounded-xl border border-border bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <RemoteImage
                  src={thumb.src}
                  width={tiles ? undefined : thumb.width}
                  height={tiles ? undefined : thumb.height}
                  alt={describe(image)}
                  className={cn(
                    'w-full object-cover transition duration-300 group-hover:scale-[1.03]',
                    tiles ? 'aspect-square' : 'h-full',
                  )}
                />
                <span className="pointer-events-none absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent px-3 pt-6 pb-2 text-left text-xs text-white opacity-0 transition group-hover:opacity-100 group-focus-visible:opacity-100">
                  {image.author.username}
                </span>
              </button>
            </li>
          )
        })}
      </ul>
      {loadMore && (
        <div className="mt-6 flex flex-col items-center gap-2" aria-live="polite">
          {query.hasNextPage ? (
            <Button
              variant="outline"
              disabled={query.isFetchingNextPage}
              onClick={query.fetchNextPage}
            >
              {query.isFetchingNextPage ? 'Loading...' : 'Load More'}
            </Button>
          ) : (
            <p className="text-sm text-muted-foreground">{MEDIA_MESSAGES.discordEnd}</p>
          )}
          {query.isFetchNextPageError && (
            <p role="alert" className="text-sm text-error">
              {MEDIA_MESSAGES.discordLoadFailed} {query.error?.message}
            </p>
          )}
        </div>
      )}
      {lightboxUsed && (
        <Suspense fallback={null}>
          <Lightbox
            images={lightboxImages}
            index={open}
            onIndexChange={setOpen}
            onClose={() => setOpen(null)}
            returnFocus={() => opener.current}
          />
        </Suspense>
      )}
    </div>
  )
}
