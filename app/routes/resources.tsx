import { ComingSoon } from '../components/status.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/resources'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Member Resources',
    description: 'Downloads and resources for members.',
    path: '/resources',
  })

export default function Page() {
  return (
    <ComingSoon title="Member Resources">
      Downloadable resources for members will be collected here.
    </ComingSoon>
  )
}
