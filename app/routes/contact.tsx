import { ComingSoon } from '../components/status.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/contact'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Contact',
    description: 'Get in touch: send a message or join our Discord community.',
    path: '/contact',
  })

export default function Page() {
  return (
    <ComingSoon title="Contact">
      A contact form for questions, collaborations and feedback will be here.
    </ComingSoon>
  )
}
