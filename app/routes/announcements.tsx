import {
  type Announcement,
  type AnnouncementListResponse,
  ANNOUNCEMENTS_PAGE_SIZE,
} from '../../contracts/announcements.ts'
import { PAGE_NUMBER_MAX } from '../../contracts/common-constants.ts'
import { MembersOnly } from '../components/members-only.tsx'
import { PageContainer, PageHeading } from '../components/page.tsx'
import { Card } from '../components/ui/card.tsx'
import { LocalDate } from '../components/ui/local-date.tsx'
import { Pagination } from '../components/ui/pagination.tsx'
import { StateMessage } from '../components/ui/state-message.tsx'
import { appContext } from '../lib/app-context.ts'
import { forMembers } from '../lib/guard.server.ts'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/announcements'

function pageOf(url: URL): number {
  const page = Number(url.searchParams.get('page'))
  return Number.isInteger(page) && page > 0 && page <= PAGE_NUMBER_MAX ? page : 1
}

const hrefFor = (page: number): `/${string}` =>
  page > 1 ? `/announcements?page=${page}` : '/announcements'

/** One page of the announcements (`?page=N`), newest first; members only. */
export function loader({ request, context }: Route.LoaderArgs) {
  const page = pageOf(new URL(request.url))
  return forMembers(context, () =>
    context.get(appContext).services.announcements.list({ page, limit: ANNOUNCEMENTS_PAGE_SIZE }),
  )
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Special Announcements',
    description: 'Announcements for members.',
    path: '/announcements',
    noindex: true,
  })

export default function Announcements({ loaderData }: Route.ComponentProps) {
  return <MembersOnly data={loaderData}>{(list) => <AnnouncementList list={list} />}</MembersOnly>
}

function AnnouncementList({ list }: { list: AnnouncementListResponse }) {
  const { announcements, pagination } = list
  return (
    <PageContainer className="max-w-3xl">
      <PageHeading
        title="Special Announcements"
        subtitle="News for members: events, streams and giveaways."
      />
      {announcements.length === 0 ? (
        <StateMessage title="No announcements yet">
          When there is news for members, it will be posted here.
        </StateMessage>
      ) : (
        <ol className="space-y-6">
          {announcements.map((a) => (
            <AnnouncementItem key={a.id} announcement={a} />
          ))}
        </ol>
      )}
      <Pagination
        page={pagination.page}
        totalPages={pagination.totalPages}
        hrefFor={hrefFor}
        label="Announcement pages"
      />
    </PageContainer>
  )
}

function AnnouncementItem({ announcement }: { announcement: Announcement }) {
  return (
    <li>
      <Card className="p-5 sm:p-6">
        <article>
          <h2 className="font-display text-xl font-semibold">{announcement.title}</h2>
          <p className="mt-1 text-sm text-muted-foreground">
            <LocalDate iso={announcement.createdAt} options={{ dateStyle: 'long' }} />
          </p>
          <div
            className="prose-content mt-4 text-base"
            dangerouslySetInnerHTML={{ __html: announcement.content }}
          />
        </article>
      </Card>
    </li>
  )
}
