import { ComingSoon } from '../components/status.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/terms'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Terms of Service',
    description: 'The terms that apply when you use this website.',
    path: '/terms',
  })

export default function Page() {
  return (
    <ComingSoon title="Terms of Service">The terms of service will be published here.</ComingSoon>
  )
}
