import { ComingSoon } from '../components/status.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/privacy'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Privacy Policy',
    description: 'How this website collects, uses and protects your information.',
    path: '/privacy',
  })

export default function Page() {
  return <ComingSoon title="Privacy Policy">The privacy policy will be published here.</ComingSoon>
}
