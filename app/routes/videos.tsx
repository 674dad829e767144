import { ComingSoon } from '../components/status.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/videos'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Video Gallery',
    description: 'Every video from the channel: observing sessions, tutorials and live streams.',
    path: '/videos',
  })

export default function Page() {
  return (
    <ComingSoon title="Video Gallery">Videos from the channel will be browsable here.</ComingSoon>
  )
}
