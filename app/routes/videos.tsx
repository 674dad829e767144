import { useSearchParams } from 'react-router'
import { PAGE_NUMBER_MAX } from '../../contracts/common-constants.ts'
import { MEDIA_MESSAGES, VIDEOS_PAGE_SIZE } from '../../contracts/media-constants.ts'
import { useVideos } from '../components/media/media-data.ts'
import { channelUrl, VideoCard, VideoCardSkeleton } from '../components/media/video-card.tsx'
import { PageContainer, PageHeading } from '../components/page.tsx'
import { Button } from '../components/ui/button.tsx'
import { Pagination } from '../components/ui/pagination.tsx'
import { StateMessage } from '../components/ui/state-message.tsx'
import { appContext } from '../lib/app-context.ts'
import { pageMeta } from '../lib/meta.ts'
import { usePublicConfig } from '../lib/public-config.ts'
import { revalidateOnNewPathOnly } from '../lib/revalidate.ts'
import type { Route } from './+types/videos'

function pageOf(params: URLSearchParams): number {
  const page = Number(params.get('page'))
  return Number.isInteger(page) && page > 0 && page <= PAGE_NUMBER_MAX ? page : 1
}

/** The first page a visitor asks for is in the HTML; later pages are fetched by the browser. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageOf(new URL(request.url).searchParams)
  const { services } = context.get(appContext)
  const now = services.clock.now().toISOString()
  try {
    return { page, now, data: await services.youtube.list({ page, limit: VIDEOS_PAGE_SIZE }) }
  } catch (error) {
    services.logger.error('videos page: could not read the video cache', {
      error: String(error),
    })
    return { page, now, data: null }
  }
}

export const shouldRevalidate = revalidateOnNewPathOnly

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Video Gallery',
    description: 'Every video from the channel: observing sessions, tutorials and live streams.',
    path: '/videos',
  })

export default function Videos({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams()
  const page = pageOf(params)
  const { youtubeChannelId } = usePublicConfig()
  const query = useVideos(
    { page, limit: VIDEOS_PAGE_SIZE },
    loaderData.page === page ? loaderData.data : null,
  )
  const now = new Date(loaderData.now)
  const data = query.data

  return (
    <PageContainer>
      <PageHeading
        title="Video Gallery"
        subtitle="Observing sessions, tutorials and live streams from the channel, newest first."
      />
      <section aria-label="Videos" aria-busy={query.isFetching}>
        {query.isPending ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
            {Array.from({ length: VIDEOS_PAGE_SIZE }, (_, i) => (
              <VideoCardSkeleton key={i} />
            ))}
          </div>
        ) : query.isError || !data ? (
          <StateMessage tone="error" title={MEDIA_MESSAGES.videosFailed} />
        ) : data.videos.length === 0 ? (
          <StateMessage title={MEDIA_MESSAGES.videosEmpty} />
        ) : (
          <>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {data.videos.map((video, i) => (
                <li key={video.id}>
                  <VideoCard video={video} now={now} eager={i < 4} headingLevel={2} />
                </li>
              ))}
            </ul>
            {data.pagination.totalPages > 1 && (
              <Pagination
                page={data.pagination.page}
                totalPages={data.pagination.totalPages}
                hrefFor={(p) => (p > 1 ? `/videos?page=${p}` : '/videos')}
                label="Video pages"
              />
            )}
          </>
        )}
      </section>
      {youtubeChannelId && (
        <div className="mt-12 flex justify-center border-t border-border pt-8">
          <Button variant="youtube" size="lg" asChild>
            <a href={channelUrl(youtubeChannelId)} target="_blank" rel="noopener noreferrer">
              Visit the full channel on YouTube
            </a>
          </Button>
        </div>
      )}
    </PageContainer>
  )
}
