import { ComingSoon } from '../components/status.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/editor'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Content Editor',
    description: 'Write and edit blog posts and pages.',
    path: '/editor',
  })

export default function Page() {
  return (
    <ComingSoon title="Content Editor">
      The content editor for blog posts and pages will be here.
    </ComingSoon>
  )
}
