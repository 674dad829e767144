import { ComingSoon } from '../components/status.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/announcements'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Special Announcements',
    description: 'Announcements for members.',
    path: '/announcements',
  })

export default function Page() {
  return (
    <ComingSoon title="Special Announcements">
      Announcements for members will be posted here.
    </ComingSoon>
  )
}
