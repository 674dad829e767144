import { Tabs } from 'radix-ui'
import { useSearchParams } from 'react-router'
import { PHOTOS_GALLERY_PAGE_SIZE } from '../../contracts/media-constants.ts'
import { SKY_MESSAGES } from '../../contracts/sky.ts'
import { CommunityGallery } from '../components/media/community-gallery.tsx'
import { PageContainer, PageHeading } from '../components/page.tsx'
import { ApodState } from '../components/sky/apod-gallery.tsx'
import { Button } from '../components/ui/button.tsx'
import { appContext } from '../lib/app-context.ts'
import { pageMeta } from '../lib/meta.ts'
import { revalidateOnNewPathOnly } from '../lib/revalidate.ts'
import { usePublicConfig } from '../lib/public-config.ts'
import { loadSkyData } from '../lib/sky.server.ts'
import { skyView, useApod } from '../lib/sky.ts'
import type { Route } from './+types/photos'

export const PHOTO_TABS = {
  community: 'Community Gallery',
  apod: 'Astronomy Picture of the Day',
} as const
type PhotoTab = keyof typeof PHOTO_TABS
/** The tab shown by default; `?tab=apod` opens the picture of the day directly. */
const DEFAULT_TAB: PhotoTab = 'community'

export async function loader({ context }: Route.LoaderArgs) {
  const { services } = context.get(appContext)
  return loadSkyData(() => services.sky.getApod(), SKY_MESSAGES.apodFailed)
}

// Switching tabs only changes the query string: the pictures are already on the page.
export const shouldRevalidate = revalidateOnNewPathOnly

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Photo Galleries',
    description: 'Community astrophotos and the astronomy picture of the day.',
    path: '/photos',
  })

const TRIGGER =
  'cursor-pointer rounded-lg px-4 py-2 text-center text-sm font-medium text-muted-foreground transition hover:text-foreground data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-sm'

function CommunitySection() {
  const { discordInviteUrl } = usePublicConfig()
  return (
    <>
      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="max-w-2xl text-muted-foreground">
          Astrophotos shared by the members of our Discord community, newest first. Select a photo
          to see it at full size.
        </p>
        {discordInviteUrl && (
          <Button variant="discord" asChild>
            <a href={discordInviteUrl} target="_blank" rel="noopener noreferrer">
              Join our Discord to share yours
            </a>
          </Button>
        )}
      </div>
      <CommunityGallery pageSize={PHOTOS_GALLERY_PAGE_SIZE} loadMore />
    </>
  )
}

export default function PhotosPage({ loaderData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  // Without a community gallery the page is the picture of the day alone, with no tabs.
  const { communityGallery } = usePublicConfig().features
  const tabs = communityGallery ? (Object.keys(PHOTO_TABS) as PhotoTab[]) : (['apod'] as const)
  const tab: PhotoTab = !communityGallery
    ? 'apod'
    : requested === 'apod' || requested === 'community'
      ? requested
      : DEFAULT_TAB
  const query = useApod(loaderData)

  return (
    <PageContainer>
      <PageHeading
        title="Photo Galleries"
        subtitle={
          communityGallery
            ? 'Astrophotos from our community and NASA’s Astronomy Picture of the Day.'
            : 'NASA’s Astronomy Picture of the Day and the pictures before it.'
        }
      />
      <Tabs.Root
        value={tab}
        onValueChange={(value) =>
          setParams(value === DEFAULT_TAB ? {} : { tab: value }, {
            replace: true,
            preventScrollReset: true,
          })
        }
      >
        {tabs.length > 1 && (
          <Tabs.List
            aria-label="Galleries"
            className="mb-8 grid w-full grid-cols-2 gap-1 rounded-xl border border-border bg-muted p-1 sm:inline-flex sm:w-auto"
          >
            {tabs.map((value) => (
              <Tabs.Trigger key={value} value={value} className={TRIGGER}>
                {PHOTO_TABS[value]}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        )}
        {communityGallery && (
          <Tabs.Content value="community">
            <CommunitySection />
          </Tabs.Content>
        )}
        {/* Always in the HTML (for search engines and link previews), hidden until chosen. */}
        <Tabs.Content value="apod" forceMount className="data-[state=inactive]:hidden">
          <ApodState
            view={skyView(query, loaderData.error)}
            refreshing={query.isFetching && query.isError}
            onRefresh={query.refetch}
          />
        </Tabs.Content>
      </Tabs.Root>
    </PageContainer>
  )
}
