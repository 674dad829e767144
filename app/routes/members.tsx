import { data } from 'react-router'
import { PageContainer } from '../components/page.tsx'
import { AccessDenied, AuthenticatingSkeleton } from '../components/status.tsx'
import { Card } from '../components/ui/card.tsx'
import { appContext } from '../lib/app-context.ts'
import { useAuth } from '../lib/auth.ts'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/members'
import { SiteLink } from '../components/ui/site-link.tsx'

export function loader({ context }: Route.LoaderArgs) {
  return data(null, { status: context.get(appContext).user ? 200 : 401 })
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

export default function Members() {
  const auth = useAuth()
  if (auth.status === 'loading') return <AuthenticatingSkeleton />
  if (auth.status === 'unauthenticated') {
    return (
      <AccessDenied
        message="You must be logged in to view the members area."
        action={
          <SiteLink to="/login" className="font-medium text-primary hover:underline">
            Login
          </SiteLink>
        }
      />
    )
  }
  return (
    <PageContainer>
      <h1 className="font-display text-3xl font-bold md:text-4xl">
        Welcome, {auth.user.displayName}!
      </h1>
      <p className="mt-2 text-muted-foreground">
        Thanks for being part of the community. Here is what members get.
      </p>
      <div className="mt-8 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
        {CARDS.map((card) => (
          <Card key={card.title} className="flex flex-col">
            <h2 className="font-display text-lg font-semibold">{card.title}</h2>
            <p className="mt-2 flex-1 text-sm text-muted-foreground">{card.text}</p>
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
