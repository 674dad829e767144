import { data } from 'react-router'
import { RequireRole } from '../components/route-guard.tsx'
import { PageContainer, PageHeading } from '../components/page.tsx'
import { Card } from '../components/ui/card.tsx'
import { guardRole } from '../lib/guard.server.ts'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/admin'

export function loader({ context }: Route.LoaderArgs) {
  const { status } = guardRole(context, 'admin')
  return data(null, { status })
}

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Admin Dashboard',
    description: 'Manage the website.',
    path: '/admin',
    noindex: true,
  })

const TABS = ['Users', 'Blog Posts', 'Pages', 'FAQs', 'Invoices', 'Header Images', 'YouTube Videos']

export default function Admin() {
  return (
    <RequireRole role="admin">
      <PageContainer>
        <PageHeading
          title="Admin Dashboard"
          subtitle="Manage users, content, invoices, header images and the video cache."
        />
        <Card>
          <p className="text-muted-foreground">
            The dashboard sections ({TABS.join(', ')}) are coming soon.
          </p>
        </Card>
      </PageContainer>
    </RequireRole>
  )
}
