import { ComingSoon } from '../components/status.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/blog-post'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Blog',
    description: 'An article from the Cosmic Log.',
    path: '/blog',
  })

export default function Page() {
  return <ComingSoon title="Blog">Individual Cosmic Log articles will be readable here.</ComingSoon>
}
