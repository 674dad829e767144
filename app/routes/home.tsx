import { useEffect } from 'react'
import { isAdmin } from '../../contracts/common-constants.ts'
import {
  HERO_MAX_IMAGES,
  HOME_FEATURED_VIDEOS,
  HOME_GALLERY_IMAGES,
  HOME_LATEST_LIVES,
  type HeaderImage,
  MEDIA_MESSAGES,
  VIDEO_SYNC_INTERVAL_MS,
} from '../../contracts/media-constants.ts'
import { CommunityGallery } from '../components/media/community-gallery.tsx'
import { ChannelStatsCard, DiscordWidgetCard } from '../components/media/community-cards.tsx'
import {
  FALLBACK_SLIDES,
  HeroCarousel,
  type HeroSlide,
} from '../components/media/hero-carousel.tsx'
import {
  type CardVideoList,
  forCards,
  useHeaderImages,
  useVideos,
} from '../components/media/media-data.ts'
import { channelUrl, VideoCard, VideoCardSkeleton } from '../components/media/video-card.tsx'
import { Card } from '../components/ui/card.tsx'
import { StateMessage } from '../components/ui/state-message.tsx'
import { appContext } from '../lib/app-context.ts'
import { cn } from '../lib/cn.ts'
import { useAuth } from '../lib/auth.ts'
import { pageMeta } from '../lib/meta.ts'
import { callApi } from '../lib/api.ts'
import type { ApiData } from '../lib/store.ts'
import { usePublicConfig } from '../lib/public-config.ts'
import type { Route } from './+types/home'
import { SiteLink } from '../components/ui/site-link.tsx'

/** Columns of the "Start here" cards by their number, so every row is full. */
const START_GRID: Record<number, string> = {
  2: 'md:grid-cols-2',
  3: 'md:grid-cols-3',
  4: 'md:grid-cols-2 lg:grid-cols-4',
}

const LIVES_QUERY = { page: 1, limit: HOME_LATEST_LIVES, liveOrRecentLive: true }
const FEATURED_QUERY = { page: 1, limit: HOME_FEATURED_VIDEOS }

/**
 * What the database holds is in the HTML (the hero images and the videos): the first paint is
 * complete and fast. What comes from Discord and YouTube's statistics is fetched by the browser,
 * so a slow or failing upstream can only ever leave its own card in its error state.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  const settle = <T,>(what: string, load: () => Promise<T>): Promise<T | null> =>
    load().catch((error: unknown) => {
      services.logger.error(`home page: could not read ${what}`, { error: String(error) })
      return null
    })
  const [images, featured, lives] = await Promise.all([
    settle('the header images', () => services.headerImages.list(HERO_MAX_IMAGES)),
    settle('the videos', () => services.youtube.list(FEATURED_QUERY).then(forCards)),
    settle('the live streams', () => services.youtube.list(LIVES_QUERY).then(forCards)),
  ])
  return {
    siteName: services.config.siteName,
    now: services.clock.now().toISOString(),
    images: images ? { images } : null,
    featured,
    lives,
  }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Home',
    description:
      'Astronomy and space for everyone: the Cosmic Log blog, moon phase, solar weather, news, galleries and live radio.',
    path: '/',
  })

function toSlide(image: HeaderImage): HeroSlide {
  return {
    key: image.key,
    src: image.url,
    srcset: image.srcset,
    width: image.width,
    height: image.height,
    alt: image.description || image.title,
  }
}

/**
 * The spec's browser-side trigger: an admin's visit starts a sync of the channel when the newest
 * stored video is over an hour old and this browser has not asked in the last hour. The server
 * also syncs by itself hourly, so visitors never need it.
 */
function useAdminVideoSync(channelId: string | null, newest: CardVideoList | null) {
  const auth = useAuth()
  const admin = isAdmin(auth.user)
  const newestCreated = newest?.videos[0]?.createdAt
  useEffect(() => {
    if (!admin || !channelId) return
    const now = Date.now()
    if (newestCreated && now - Date.parse(newestCreated) < VIDEO_SYNC_INTERVAL_MS) return
    const KEY = 'youtube-sync:last'
    const last = Number(localStorage.getItem(KEY) ?? 0)
    if (now - last < VIDEO_SYNC_INTERVAL_MS) return
    localStorage.setItem(KEY, String(now))
    // The admins' endpoints are not in every visitor's first load (contracts/admin-api-paths.ts).
    import('../../contracts/admin-api-paths.ts')
      .then(({ syncVideos }) => callApi(syncVideos, { channelId }))
      .catch(() => undefined)
  }, [admin, channelId, newestCreated])
}

function SectionHeading({
  id,
  title,
  link,
}: {
  id: string
  title: string
  link?: { to: `/${string}`; label: string }
}) {
  return (
    <div className="mb-5 flex items-end justify-between gap-4">
      <h2 id={id} className="font-display text-2xl font-bold tracking-tight">
        {title}
      </h2>
      {link && (
        <SiteLink to={link.to} className="text-sm font-semibold text-primary hover:underline">
          {link.label}
          <span className="sr-only"> {title.toLowerCase()}</span>
        </SiteLink>
      )}
    </div>
  )
}

function VideoGrid({
  query,
  skeletons,
  now,
  failed,
  empty,
  live = false,
  className,
  sizes,
}: {
  query: ApiData<CardVideoList>
  skeletons: number
  now: Date
  failed: string
  empty: string
  live?: boolean
  className: string
  sizes: string
}) {
  if (query.isPending)
    return (
      <div className={className}>
        {Array.from({ length: skeletons }, (_, i) => (
          <VideoCardSkeleton key={i} />
        ))}
      </div>
    )
  if (query.isError || !query.data) return <StateMessage tone="error" title={failed} />
  if (query.data.videos.length === 0) return <StateMessage title={empty} />
  return (
    <ul className={className}>
      {query.data.videos.map((video) => (
        <li key={video.id}>
          <VideoCard video={video} now={now} showLiveBadge={live} sizes={sizes} />
        </li>
      ))}
    </ul>
  )
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { youtubeChannelId, merchUrl, discordInviteUrl, features } = usePublicConfig()
  const now = new Date(loaderData.now)
  const images = useHeaderImages(loaderData.images)
  const lives = useVideos(LIVES_QUERY, loaderData.lives)
  const featured = useVideos(FEATURED_QUERY, loaderData.featured)
  useAdminVideoSync(youtubeChannelId, loaderData.featured)

  const uploaded = images.data?.images ?? []
  const slides =
    uploaded.length > 0 ? uploaded.slice(0, HERO_MAX_IMAGES).map(toSlide) : FALLBACK_SLIDES
  const notice = images.isError && uploaded.length === 0 ? MEDIA_MESSAGES.fallbackNotice : null
  const channel = youtubeChannelId ? channelUrl(youtubeChannelId) : null
  // A card for what the site has: the Discord card with its widget or at least an invitation,
  // the YouTube card with its statistics or at least the channel.
  const discordCard = features.discordWidget || discordInviteUrl !== null
  const youtubeCard = features.channelStats || channel !== null
  const startCards = 2 + Number(discordCard) + Number(youtubeCard)

  return (
    <>
      <HeroCarousel slides={slides} notice={notice}>
        <p className="text-sm font-medium tracking-widest text-white/80 uppercase">
          Astronomy &amp; space
        </p>
        <h1 className="mt-3 max-w-3xl font-display text-4xl font-bold tracking-tight md:text-6xl">
          Look up. There is a whole universe tonight.
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-white/85">
          {loaderData.siteName} is a home for stargazers: practical observing guides, live sky data,
          a community gallery and a radio stream to keep you company under the stars.
        </p>
        <div className="mt-7 flex flex-wrap gap-3">
          <SiteLink
            to="/blog"
            className="rounded-lg bg-primary px-5 py-3 font-medium text-primary-foreground hover:bg-primary-hover"
          >
            Read the Cosmic Log
          </SiteLink>
          <SiteLink
            to="/moon-phase"
            className="rounded-lg border border-white/40 bg-black/30 px-5 py-3 font-medium text-white hover:bg-black/50"
          >
            Tonight&apos;s Moon
          </SiteLink>
        </div>
      </HeroCarousel>

      <div className="mx-auto max-w-7xl space-y-16 px-4 py-14">
        <section aria-label="Start here" className={cn('grid gap-5', START_GRID[startCards])}>
          <SiteLink to="/telescope-guide" className="group lg:col-span-1">
            <Card className="h-full transition group-hover:border-primary">
              <p className="text-xs font-semibold tracking-widest text-accent uppercase">Guide</p>
              <h2 className="mt-2 font-display text-lg font-semibold group-hover:text-primary">
                Choosing your first telescope
              </h2>
              <p className="mt-2 text-sm text-muted-foreground">
                Aperture, mounts and what to skip: buy once, observe for years.
              </p>
            </Card>
          </SiteLink>
          <MerchCard href={merchUrl} />
          {discordCard && <DiscordWidgetCard widget={features.discordWidget} />}
          {youtubeCard && <ChannelStatsCard channelUrl={channel} stats={features.channelStats} />}
        </section>

        <section aria-labelledby="lives-heading">
          <SectionHeading id="lives-heading" title="Latest Lives" />
          <VideoGrid
            query={lives}
            skeletons={HOME_LATEST_LIVES}
            now={now}
            failed={MEDIA_MESSAGES.livesFailed}
            empty={MEDIA_MESSAGES.livesEmpty}
            live
            className="grid gap-6 md:grid-cols-2"
            sizes="(min-width: 768px) 50vw, 100vw"
          />
        </section>

        <section aria-labelledby="featured-heading">
          <SectionHeading
            id="featured-heading"
            title="Featured Videos"
            link={{ to: '/videos', label: 'View All' }}
          />
          <VideoGrid
            query={featured}
            skeletons={6}
            now={now}
            failed={MEDIA_MESSAGES.videosFailed}
            empty={MEDIA_MESSAGES.videosEmpty}
            className="grid grid-cols-2 gap-4 sm:gap-6 lg:grid-cols-3 xl:grid-cols-5"
            sizes="(min-width: 1280px) 20vw, (min-width: 1024px) 33vw, 50vw"
          />
        </section>

        {features.communityGallery && (
          <section aria-labelledby="community-heading">
            <SectionHeading
              id="community-heading"
              title="From the Community"
              link={{ to: '/photos', label: 'View All' }}
            />
            <CommunityGallery pageSize={HOME_GALLERY_IMAGES} tiles />
          </section>
        )}
      </div>
    </>
  )
}

function MerchCard({ href }: { href: string | null }) {
  const body = (
    <Card className="h-full transition group-hover:border-primary">
      <p className="text-xs font-semibold tracking-widest text-accent uppercase">Shop</p>
      <h2 className="mt-2 font-display text-lg font-semibold group-hover:text-primary">
        Merch for stargazers
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">
        Shirts, mugs and star charts that support the channel.
        {href && <span className="sr-only"> (opens the shop in a new tab)</span>}
      </p>
    </Card>
  )
  return href ? (
    <a href={href} target="_blank" rel="noopener noreferrer" className="group">
      {body}
    </a>
  ) : (
    <SiteLink to="/merch" className="group">
      {body}
    </SiteLink>
  )
}
