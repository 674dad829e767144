import type { Video } from '../../../contracts/media-constants.ts'
import { relativeDate } from '../../lib/media-format.ts'
import { RemoteImage } from '../ui/remote-image.tsx'
import { Badge } from '../ui/badge.tsx'
import { Skeleton } from '../ui/skeleton.tsx'

export const watchUrl = (youtubeId: string) =>
  `https://www.youtube.com/watch?v=${encodeURIComponent(youtubeId)}`

/** What a card shows of a video: everything but its description (which can be long). */
export type CardVideo = Omit<Video, 'description'>

export const channelUrl = (channelId: string) =>
  `https://www.youtube.com/channel/${encodeURIComponent(channelId)}`

const YT_WIDTHS: Record<string, number> = {
  mqdefault: 320,
  hqdefault: 480,
  sddefault: 640,
  maxresdefault: 1280,
}

/**
 * YouTube keeps every video's thumbnail at several sizes: a card loads the 320-pixel one unless
 * the screen needs more, instead of the 1280-pixel image the sync stores.
 */
export function thumbnailSrcSet(video: Pick<Video, 'youtubeId' | 'thumbnailUrl'>) {
  const m = video.thumbnailUrl
    ? /^https:\/\/i\.ytimg\.com\/vi\/[\w-]+\/(\w+)\.jpg$/.exec(video.thumbnailUrl)
    : null
  const stored = m ? YT_WIDTHS[m[1]!] : undefined
  if (!stored || stored <= 320) return undefined
  const small = `https://i.ytimg.com/vi/${encodeURIComponent(video.youtubeId)}/mqdefault.jpg`
  return `${small} 320w, ${video.thumbnailUrl} ${stored}w`
}

/** "PT1H2M3S" → "1:02:03"; null when there is no duration (feed-only videos, live streams). */
export function formatDuration(iso: string | null): string | null {
  const m = iso ? /^PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$/.exec(iso) : null
  if (!m || (!m[1] && !m[2] && !m[3])) return null
  const [h, min, s] = [Number(m[1] ?? 0), Number(m[2] ?? 0), Number(m[3] ?? 0)]
  const pad = (n: number) => String(n).padStart(2, '0')
  return h > 0 ? `${h}:${pad(min)}:${pad(s)}` : `${min}:${pad(s)}`
}

/**
 * A video of the channel: its thumbnail (a drawn placeholder when there is none or it fails to
 * load), title and age; the whole card opens the video on YouTube in a new tab.
 */
export function VideoCard({
  video,
  now,
  showLiveBadge = false,
  eager = false,
  sizes = '(min-width: 1024px) 25vw, (min-width: 640px) 50vw, 100vw',
  headingLevel = 3,
}: {
  video: CardVideo
  now: Date
  showLiveBadge?: boolean
  eager?: boolean
  /** How wide the card is on the page (the grid decides), for choosing the thumbnail's size. */
  sizes?: string
  /** The title's heading level: one below the heading the card's list sits under. */
  headingLevel?: 2 | 3
}) {
  const Title = headingLevel === 2 ? 'h2' : 'h3'
  const duration = video.isLive ? null : formatDuration(video.duration)
  return (
    <a
      href={watchUrl(video.youtubeId)}
      target="_blank"
      rel="noopener noreferrer"
      className="group flex h-full flex-col overflow-hidden rounded-xl border border-border bg-card transition hover:border-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <div className="relative aspect-video overflow-hidden bg-muted">
        <RemoteImage
          src={video.thumbnailUrl ?? undefined}
          srcSet={thumbnailSrcSet(video)}
          sizes={sizes}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          className="h-full w-full object-cover transition duration-300 group-hover:scale-[1.03]"
        />
        {showLiveBadge && (
          <span className="absolute top-2 left-2">
            <Badge variant={video.liveState === 'live' ? 'error' : 'secondary'}>
              {video.liveState === 'live' ? 'LIVE' : 'RECORDED'}
            </Badge>
          </span>
        )}
        {duration && (
          <span className="absolute right-2 bottom-2 rounded bg-black/80 px-1.5 py-0.5 text-xs font-medium text-white">
            {duration}
          </span>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        <Title className="line-clamp-2 font-medium group-hover:text-primary">{video.title}</Title>
        <p className="mt-auto text-sm text-muted-foreground">
          <time dateTime={video.publishedAt}>{relativeDate(video.publishedAt, now)}</time>
          <span className="sr-only"> (opens YouTube in a new tab)</span>
        </p>
      </div>
    </a>
  )
}

export function VideoCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border border-border bg-card">
      <Skeleton className="aspect-video rounded-none" />
      <div className="space-y-2 p-4">
        <Skeleton className="h-4 w-5/6" />
        <Skeleton className="h-4 w-1/3" />
      </div>
    </div>
  )
}
