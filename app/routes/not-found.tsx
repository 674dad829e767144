import { data } from 'react-router'
import { StatusCard } from '../components/status-card.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/not-found'
import { SiteLink } from '../components/ui/site-link.tsx'

export function loader() {
  return data(null, { status: 404 })
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Page Not Found',
    description: "The page you're looking for doesn't exist.",
    noindex: true,
  })

export default function NotFound() {
  return (
    <div className="px-4 py-20">
      <StatusCard title="Page Not Found">
        <p>The page you&apos;re looking for doesn&apos;t exist or has moved.</p>
        <p>
          <SiteLink to="/" className="font-medium text-primary hover:underline">
            Go back home
          </SiteLink>
        </p>
      </StatusCard>
    </div>
  )
}
