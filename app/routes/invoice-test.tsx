import { ComingSoon } from '../components/status.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/invoice-test'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Invoice Test',
    description: 'A demonstration of the invoice tools.',
    path: '/invoice-test',
  })

export default function Page() {
  return (
    <ComingSoon title="Invoice Test">
      A demonstration of the invoice manager and invoice preview will be here.
    </ComingSoon>
  )
}
