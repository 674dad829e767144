import { ComingSoon } from '../components/status.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/faqs'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'FAQs',
    description: 'Frequently asked questions about astronomy, stargazing and this site.',
    path: '/faqs',
  })

export default function Page() {
  return (
    <ComingSoon title="FAQs">
      Answers to frequently asked questions about astronomy and stargazing will appear here.
    </ComingSoon>
  )
}
