import { ComingSoon } from '../components/status.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/discord-invite'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Exclusive Discord',
    description: 'Join the members-only channels of our Discord community.',
    path: '/discord-invite',
  })

export default function Page() {
  return (
    <ComingSoon title="Exclusive Discord">
      The invitation to the members-only Discord channels will be here.
    </ComingSoon>
  )
}
