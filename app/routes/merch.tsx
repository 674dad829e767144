import { ComingSoon } from '../components/status.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/merch'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Merch',
    description: 'Merchandise for stargazers: coming soon.',
    path: '/merch',
  })

export default function Page() {
  return <ComingSoon title="Merch">Merchandise for stargazers will be presented here.</ComingSoon>
}
