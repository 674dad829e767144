import { data } from 'react-router'
import { PageContainer, PageHeading } from '../components/page.tsx'
import { RequireRole } from '../components/route-guard.tsx'
import { Card } from '../components/ui/card.tsx'
import { guardRole } from '../lib/guard.server.ts'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/members-profile'

export function loader({ context }: Route.LoaderArgs) {
  const { status } = guardRole(context, 'user')
  return data(null, { status })
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'My Profile',
    description: 'Manage your account settings.',
    path: '/members/profile',
    noindex: true,
  })

export default function Profile() {
  return (
    <RequireRole role="user">
      <PageContainer>
        <PageHeading title="My Profile" />
        <Card>
          <h2 className="font-display text-lg font-semibold">Account Settings</h2>
          <p className="mt-2 text-muted-foreground">
            Avatar, profile information, password and connected accounts are coming soon.
          </p>
        </Card>
      </PageContainer>
    </RequireRole>
  )
}
