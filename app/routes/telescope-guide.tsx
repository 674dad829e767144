import { ComingSoon } from '../components/status.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/telescope-guide'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Telescope Buying Guide',
    description:
      'How to choose your first telescope: types, mounts, accessories, smart telescopes and binoculars.',
    path: '/telescope-guide',
  })

export default function Page() {
  return (
    <ComingSoon title="Telescope Buying Guide">
      A complete telescope buying guide will be published here.
    </ComingSoon>
  )
}
