import { MembersOnly } from '../components/members-only.tsx'
import { PageContainer } from '../components/page.tsx'
import { Card } from '../components/ui/card.tsx'
import { LocalDate } from '../components/ui/local-date.tsx'
import { appContext } from '../lib/app-context.ts'
import { forMembers } from '../lib/guard.server.ts'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/members'
import { SiteLink } from '../components/ui/site-link.tsx'

/** The newest announcement's title and date, for its card (the text is on /announcements). */
export function loader({ context }: Route.LoaderArgs) {
  return forMembers(context, async () => {
    const latest = await context.get(appContext).services.announcements.latest()
    return { latest: latest && { title: latest.title, createdAt: latest.createdAt } }
  })
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Members',
    description: 'The members area.',
    path: '/members',
    noindex: true,
  })

const CARDS = [
  {
    title: 'Early Access Articles',
    text: 'Read new articles before everyone else.',
    to: '/blog?filter=early-access',
    cta: 'Read articles',
  },
  {
    title: 'Exclusive Discord',
    text: 'Members-only channels in our Discord community.',
    to: '/discord-invite',
    cta: 'Join the channels',
  },
  {
    title: 'Member Resources',
    text: 'Observing logs, star charts and downloads.',
    to: '/resources',
    cta: 'Browse resources',
  },
  {
    title: 'Special Announcements',
    text: 'News for members: events, streams and giveaways.',
    to: '/announcements',
    cta: 'See announcements',
  },
  {
    title: 'Your Account',
    text: 'Your avatar, profile information, password and connected accounts.',
    to: '/profile',
    cta: 'Manage your profile',
  },
] as const

export default function Members({ loaderData }: Route.ComponentProps) {
  return (
    <MembersOnly data={loaderData}>
      {(data, user) => <MembersArea name={user.displayName} latest={data.latest} />}
    </MembersOnly>
  )
}

function MembersArea({
  name,
  latest,
}: {
  name: string
  latest: { title: string; createdAt: string } | null
}) {
  return (
    <PageContainer>
      <h1 className="font-display text-3xl font-bold md:text-4xl">Welcome, {name}!</h1>
      <p className="mt-2 text-muted-foreground">
        Thanks for being part of the community. Here is what members get.
      </p>
      <div className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {CARDS.map((card) => (
          <Card key={card.title} className="flex flex-col">
            <h2 className="font-display text-lg font-semibold">{card.title}</h2>
            <p className="mt-2 flex-1 text-sm text-muted-foreground">{card.text}</p>
            {card.to === '/announcements' && latest && (
              <p className="mt-3 text-sm">
                <span className="text-muted-foreground">Latest: </span>
                <span className="font-medium">{latest.title}</span>
                <span className="text-muted-foreground">
                  {' · '}
                  <LocalDate iso={latest.createdAt} options={{ dateStyle: 'medium' }} />
                </span>
              </p>
            )}
            <SiteLink
              to={card.to}
              className="mt-4 text-sm font-medium text-primary hover:underline"
            >
              {card.cta}
              <span aria-hidden="true"> →</span>
            </SiteLink>
          </Card>
        ))}
      </div>
    </PageContainer>
  )
}
