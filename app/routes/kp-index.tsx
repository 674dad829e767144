import { ComingSoon } from '../components/status.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/kp-index'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'The Planetary K-index',
    description:
      'Current geomagnetic activity (Kp index), the 3-day forecast and aurora visibility.',
    path: '/kp-index',
  })

export default function Page() {
  return (
    <ComingSoon title="The Planetary K-index">
      The current Kp index, the 3-day forecast and aurora visibility will be shown here.
    </ComingSoon>
  )
}
