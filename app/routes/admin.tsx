import { data } from 'react-router'
import { ContentTab } from '../components/admin/content-tab.tsx'
import { FaqsTab } from '../components/admin/faqs-tab.tsx'
import { StatsCards } from '../components/admin/stats-cards.tsx'
import { UrlTabs } from '../components/admin/url-tabs.tsx'
import { UsersTab } from '../components/admin/users-tab.tsx'
import { PageContainer, PageHeading } from '../components/page.tsx'
import { RequireRole } from '../components/route-guard.tsx'
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

export const ADMIN_TABS = {
  users: 'Users',
  posts: 'Blog Posts',
  pages: 'Pages',
  faqs: 'FAQs',
  invoices: 'Invoices',
  images: 'Header Images',
  videos: 'YouTube Videos',
} as const
type AdminTab = keyof typeof ADMIN_TABS

/** What each tab that is not built yet will hold; it shows no data until it is. */
const NOT_YET: Partial<Record<AdminTab, string>> = {
  invoices:
    'Invoices are not available yet. This tab will list, create, preview, print and e-mail invoices.',
  images:
    'Header image management is not available yet. This tab will upload and remove the images of the home page carousel.',
  videos:
    'YouTube video management is not available yet. This tab will sync the channel and edit or remove cached videos.',
}

function renderTab(tab: AdminTab) {
  switch (tab) {
    case 'users':
      return <UsersTab />
    case 'posts':
      return (
        <ContentTab
          kind="post"
          labels={{ newButton: 'New Post', createTitle: 'Create New Post', editTitle: 'Edit Post' }}
        />
      )
    case 'pages':
      return (
        <ContentTab
          kind="page"
          labels={{ newButton: 'New Page', createTitle: 'Create New Page', editTitle: 'Edit Page' }}
        />
      )
    case 'faqs':
      return <FaqsTab />
    default:
      return (
        <Card className="p-6">
          <h2 className="font-display text-lg font-semibold">{ADMIN_TABS[tab]}</h2>
          <p className="mt-2 text-muted-foreground">{NOT_YET[tab]}</p>
        </Card>
      )
  }
}

export default function Admin() {
  return (
    <RequireRole role="admin">
      <PageContainer>
        <PageHeading
          title="Admin Dashboard"
          subtitle="Manage users, content, invoices, header images and the video cache."
        />
        <div className="space-y-8">
          <StatsCards />
          <UrlTabs
            label="Dashboard sections"
            tabs={ADMIN_TABS}
            fallback="users"
            render={renderTab}
          />
        </div>
      </PageContainer>
    </RequireRole>
  )
}
