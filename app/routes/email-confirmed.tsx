import { PageContainer } from '../components/page.tsx'
import { StatusCard } from '../components/status-card.tsx'
import { SiteLink } from '../components/ui/site-link.tsx'
import { pageMeta } from '../lib/meta.ts'
import { usePublicConfig } from '../lib/public-config.ts'
import type { Route } from './+types/email-confirmed'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Subscription confirmed',
    description: 'Your e-mail address is confirmed.',
    noindex: true,
  })

/** Where the confirmation link of the double opt-in lands. */
export default function EmailConfirmed() {
  const { siteName } = usePublicConfig()
  return (
    <PageContainer className="py-20">
      <StatusCard title="Subscription confirmed">
        <p>
          Thank you! New posts and the weekly digest from {siteName} will come to your inbox. Every
          e-mail ends with a link to change what you receive or to unsubscribe.
        </p>
        <p>
          <SiteLink to="/blog" className="font-medium text-primary hover:underline">
            Read the latest posts
          </SiteLink>
        </p>
      </StatusCard>
    </PageContainer>
  )
}
