import { AccountSettings } from '../components/account/account-settings.tsx'
import { MyData } from '../components/account/my-data.tsx'
import { useLogoutAction } from '../components/account/use-logout-action.ts'
import { MemberNewsletter } from '../components/newsletter/member-newsletter.tsx'
import { PageContainer } from '../components/page.tsx'
import { AuroraAlertSettings } from '../components/sky/aurora-alert-settings.tsx'
import { HomePlaceSettings } from '../components/sky/home-place-settings.tsx'
import { Button } from '../components/ui/button.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/profile'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'My Profile',
    description:
      'Manage your avatar, profile information, password and e-mail, download your data or delete your account.',
    path: '/profile',
    noindex: true,
  })

export default function Profile() {
  const { logout, pending } = useLogoutAction()
  return (
    <PageContainer>
      <div className="mx-auto max-w-3xl">
        <div className="mb-8 flex flex-wrap items-center justify-between gap-4">
          <h1 className="font-display text-3xl font-bold tracking-tight md:text-4xl">My Profile</h1>
          <Button variant="outline" onClick={() => void logout()} disabled={pending}>
            Logout
          </Button>
        </div>
        <AccountSettings />
        <MemberNewsletter />
        <HomePlaceSettings />
        <AuroraAlertSettings />
        <MyData />
      </div>
    </PageContainer>
  )
}
