import { AccountSettings } from '../components/account/account-settings.tsx'
import {
  AccountSecurity,
  ConnectedAccounts,
  DiscordIntegration,
} from '../components/account/members-sidebar.tsx'
import { PageContainer, PageHeading } from '../components/page.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/members-profile'
import { SiteLink } from '../components/ui/site-link.tsx'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'My Profile',
    description: 'Manage your account settings, connected accounts and Discord integration.',
    path: '/members/profile',
    noindex: true,
  })

export default function MembersProfile() {
  return (
    <PageContainer>
      <PageHeading
        title="My Profile"
        subtitle={
          <>
            Your account settings and connections.{' '}
            <SiteLink to="/members" className="font-medium text-primary hover:underline">
              Back to the members area
            </SiteLink>
          </>
        }
      />
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <AccountSettings />
        </div>
        <aside aria-label="Account connections" className="space-y-6">
          <ConnectedAccounts />
          <DiscordIntegration />
          <AccountSecurity />
        </aside>
      </div>
    </PageContainer>
  )
}
