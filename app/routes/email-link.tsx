import { NEWSLETTER_MESSAGES } from '../../contracts/newsletter-constants.ts'
import { PageContainer } from '../components/page.tsx'
import { StatusCard } from '../components/status-card.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/email-link'

export function loader({ request }: Route.LoaderArgs) {
  const expired = new URL(request.url).searchParams.get('status') === 'expired'
  return { expired }
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'E-mail link',
    description: 'A confirmation link that has expired or is not valid.',
    noindex: true,
  })

/** Where a confirmation link that expired or was never valid lands; it names no subscription. */
export default function EmailLink({ loaderData }: Route.ComponentProps) {
  const { expired } = loaderData
  return (
    <PageContainer className="py-20">
      <StatusCard title={expired ? 'This link has expired' : 'This link is not valid'} tone="error">
        <p>{expired ? NEWSLETTER_MESSAGES.tokenExpired : NEWSLETTER_MESSAGES.tokenInvalid}</p>
        <p>
          Nothing was changed. To subscribe, enter your address in the form below: a new
          confirmation link will be sent to you.
        </p>
      </StatusCard>
    </PageContainer>
  )
}
