import { ComingSoon } from '../components/status.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/astronomy-news'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Latest Astronomy News',
    description:
      'The latest astronomy and space news from NASA, Sky & Telescope, Space.com and more.',
    path: '/astronomy-news',
  })

export default function Page() {
  return (
    <ComingSoon title="Latest Astronomy News">
      Astronomy news from several sources will be combined here.
    </ComingSoon>
  )
}
