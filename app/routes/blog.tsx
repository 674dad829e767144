import { ComingSoon } from '../components/status.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/blog'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Blog',
    description:
      'From the Cosmic Log: observing guides, astrophotography tips and space news explained.',
    path: '/blog',
  })

export default function Page() {
  return (
    <ComingSoon title="Blog">
      Articles from the Cosmic Log will be listed and searchable here.
    </ComingSoon>
  )
}
