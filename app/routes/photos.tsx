import { ComingSoon } from '../components/status.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/photos'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Photo Galleries',
    description: 'Community astrophotos and the astronomy picture of the day.',
    path: '/photos',
  })

export default function Page() {
  return (
    <ComingSoon title="Photo Galleries">
      The community gallery and the astronomy picture of the day will be shown here.
    </ComingSoon>
  )
}
