import { ComingSoon } from '../components/status.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/music'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Live Cosmic Radio',
    description:
      'Live Cosmic Radio: what is playing now, station stats and recently played tracks.',
    path: '/music',
  })

export default function Page() {
  return (
    <ComingSoon title="Live Cosmic Radio">
      Station stats and recently played tracks of the live radio will be shown here.
    </ComingSoon>
  )
}
