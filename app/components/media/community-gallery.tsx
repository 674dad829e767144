import { useInfiniteQuery } from '../../lib/query.ts'
import { lazy, Suspense, useRef, useState } from 'react'
import {
  type DiscordChannelImage,
  type DiscordChannelImagesResponse,
  MEDIA_MESSAGES,
} from '../../../contracts/media-constants.ts'
import * as API_PATHS from '../../../contracts/api-paths.ts'
import { apiFetch } from '../../lib/api.ts'
import { cn } from '../../lib/cn.ts'
import { formatShortDate } from '../../lib/format.ts'
import { RemoteImage } from '../sky/remote-image.tsx'
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

const describe = (image: DiscordChannelImage) => `${image.filename} by ${image.author.username}`

export function useCommunityImages(pageSize: number) {
  return useInfiniteQuery({
    queryKey: ['discord', 'gallery', pageSize],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<DiscordChannelImagesResponse>(
        API_PATHS.getChannelImages,
        { query: { limit: pageSize, before: pageParam }, signal },
        MEDIA_MESSAGES.discordLoadFailed,
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: FIVE_MINUTES,
    refetchOnWindowFocus: false,
    retry: false,
  })
}

/**
 * Astrophotos posted in the community's Discord gallery channel, in a masonry layout, newest
 * first. A click opens the lightbox. With `loadMore`, further pages follow on request.
 */
export function CommunityGallery({
  pageSize,
  loadMore = false,
}: {
  pageSize: number
  loadMore?: boolean
}) {
  const query = useCommunityImages(pageSize)
  const [open, setOpen] = useState<number | null>(null)
  // Mounted from the first opening on, so the dialog can close (and give focus back) as usual.
  const [lightboxUsed, setLightboxUsed] = useState(false)
  if (open !== null && !lightboxUsed) setLightboxUsed(true)
  const opener = useRef<HTMLElement | null>(null)
  const images = query.data?.pages.flatMap((p) => p.images) ?? []

  if (query.isPending) {
    return (
      <div
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
  if (query.isError && images.length === 0) {
    return (
      <StateMessage
        tone="error"
        title={MEDIA_MESSAGES.discordLoadFailed}
        action={
          <Button variant="outline" onClick={() => void query.refetch()}>
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
    <div>
      <ul
        className="columns-2 gap-4 md:columns-3 lg:columns-4"
        onPointerOver={prefetchLightbox}
        onFocus={prefetchLightbox}
      >
        {images.map((image, i) => {
          const thumb = thumbnailOf(image)
          return (
            <li key={image.id} className="mb-4 break-inside-avoid">
              <button
                type="button"
                onClick={(e) => {
                  opener.current = e.currentTarget
                  setOpen(i)
                }}
                className="group relative block w-full cursor-zoom-in overflow-hidden rounded-xl border border-border bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <RemoteImage
                  src={thumb.src}
                  width={thumb.width}
                  height={thumb.height}
                  alt={describe(image)}
                  className={cn(
                    'w-full transition duration-300 group-hover:scale-[1.03]',
                    thumb.width && thumb.height ? 'h-auto' : 'aspect-[4/3]',
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
              onClick={() => void query.fetchNextPage()}
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
