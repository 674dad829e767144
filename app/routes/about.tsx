import { ComingSoon } from '../components/status.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/about'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'About',
    description: 'Our journey, our mission and what we offer to stargazers and space fans.',
    path: '/about',
  })

export default function Page() {
  return (
    <ComingSoon title="About">The story of this site and its mission will be told here.</ComingSoon>
  )
}
