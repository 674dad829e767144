import { data } from 'react-router'
import * as API_PATHS from '../../contracts/api-paths.ts'
import { isAdmin, PAGE_NUMBER_MAX } from '../../contracts/common-constants.ts'
import {
  humanSize,
  RESOURCE_MESSAGES,
  RESOURCES_PAGE_SIZE,
  type Resource,
  type ResourceListResponse,
  resourceTypeLabel,
} from '../../contracts/resource-constants.ts'
import { PageContainer, PageHeading } from '../components/page.tsx'
import { AccessDenied, AuthenticatingSkeleton } from '../components/status.tsx'
import { Card } from '../components/ui/card.tsx'
import { LocalDate } from '../components/ui/local-date.tsx'
import { Pagination } from '../components/ui/pagination.tsx'
import { SiteLink } from '../components/ui/site-link.tsx'
import { StateMessage } from '../components/ui/state-message.tsx'
import { appContext } from '../lib/app-context.ts'
import { useAuth } from '../lib/auth.ts'
import { pageMeta } from '../lib/meta.ts'
import { useApi } from '../lib/store.ts'
import type { Route } from './+types/resources'

const FALLBACK_ERROR = 'Something went wrong while loading the resources. Please try again later.'
const DATE: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }

function pageOf(url: URL): number {
  const page = Number(url.searchParams.get('page'))
  return Number.isInteger(page) && page > 0 && page <= PAGE_NUMBER_MAX ? page : 1
}

/** Members only: a visitor gets the 401 card, as on /members. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, services } = context.get(appContext)
  if (!user) return data(null, { status: 401 })
  const page = pageOf(new URL(request.url))
  return services.resources.list({ page, limit: RESOURCES_PAGE_SIZE }, isAdmin(user))
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Member Resources',
    description: 'Star charts, observing lists, wallpapers and other downloads for members.',
    path: '/resources',
    noindex: true,
  })

const hrefFor = (page: number): `/${string}` =>
  page > 1 ? `/resources?page=${page}` : '/resources'

export default function Resources({ loaderData }: Route.ComponentProps) {
  const auth = useAuth()
  if (auth.status === 'loading') return <AuthenticatingSkeleton />
  if (auth.status === 'unauthenticated' || !loaderData) {
    return (
      <AccessDenied
        message="You must be logged in to view member resources."
        action={
          <SiteLink to="/login" className="font-medium text-primary hover:underline">
            Login
          </SiteLink>
        }
      />
    )
  }
  return <ResourceList initial={loaderData} />
}

function ResourceList({ initial }: { initial: ResourceListResponse }) {
  const { page } = initial.pagination
  const list = useApi(
    API_PATHS.listResources,
    { page, limit: RESOURCES_PAGE_SIZE },
    { initial, staleMs: 60_000, fallbackMessage: FALLBACK_ERROR },
  )
  const answer = list.data ?? initial
  return (
    <PageContainer>
      <PageHeading
        title="Member Resources"
        subtitle="Star charts, observing lists, wallpapers and other downloads, for members."
      />
      {list.isError ? (
        <StateMessage tone="error" title="Resources could not be loaded">
          {list.error?.message ?? FALLBACK_ERROR}
        </StateMessage>
      ) : answer.resources.length === 0 ? (
        <StateMessage title="Nothing to download yet">{RESOURCE_MESSAGES.comingUp}</StateMessage>
      ) : (
        <ul aria-label="Resources" className="grid gap-4 md:grid-cols-2">
          {answer.resources.map((resource) => (
            <ResourceCard key={resource.id} resource={resource} />
          ))}
        </ul>
      )}
      <Pagination page={page} totalPages={answer.pagination.totalPages} hrefFor={hrefFor} />
    </PageContainer>
  )
}

function ResourceCard({ resource }: { resource: Resource }) {
  return (
    <li>
      <Card className="flex h-full flex-col gap-3 p-5">
        <h2 className="font-display text-lg font-semibold break-words">{resource.title}</h2>
        {resource.description && (
          <p className="text-sm break-words whitespace-pre-line text-muted-foreground">
            {resource.description}
          </p>
        )}
        <dl className="mt-auto flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <div className="flex gap-1">
            <dt className="sr-only">Type</dt>
            <dd className="font-medium text-foreground">
              {resourceTypeLabel(resource.contentType)}
            </dd>
          </div>
          <div className="flex gap-1">
            <dt className="sr-only">Size</dt>
            <dd>{humanSize(resource.size)}</dd>
          </div>
          <div className="flex gap-1">
            <dt className="sr-only">Added</dt>
            <dd>
              <LocalDate iso={resource.createdAt} options={DATE} />
            </dd>
          </div>
          <div className="flex w-full gap-1">
            <dt className="sr-only">File</dt>
            <dd className="text-xs break-all">{resource.fileName}</dd>
          </div>
        </dl>
        <div>
          {/* A plain link: the server names the file and streams it (or sends the browser on). */}
          <a
            href={`/_api${API_PATHS.downloadResource.path}?id=${resource.id}`}
            download={resource.fileName}
            className="inline-flex min-h-10 items-center gap-2 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
          >
            <svg viewBox="0 0 24 24" className="h-4 w-4" fill="none" aria-hidden="true">
              <path
                d="M12 4v12m0 0l-4-4m4 4l4-4M4 20h16"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            Download<span className="sr-only"> {resource.title}</span>
          </a>
        </div>
      </Card>
    </li>
  )
}
