import { ComingSoon } from '../components/status.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/moon-phase'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Moon Phase',
    description:
      "Tonight's moon phase, illumination, age, distance and the next new and full moons.",
    path: '/moon-phase',
  })

export default function Page() {
  return (
    <ComingSoon title="Moon Phase">
      The current moon phase, illumination, age and distance will be shown here.
    </ComingSoon>
  )
}
