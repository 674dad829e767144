import { lazy, Suspense } from 'react'
import { AnnouncementsTab } from '../components/admin/announcements-tab.tsx'
import { ContentTab } from '../components/admin/content-tab.tsx'
import { FaqsTab } from '../components/admin/faqs-tab.tsx'
import { HeaderImagesTab } from '../components/admin/header-images-tab.tsx'
import { InvoicesTab } from '../components/admin/invoices-tab.tsx'
import { ResourcesTab } from '../components/admin/resources-tab.tsx'
import { useAdminStats } from '../components/admin/admin-api.ts'
import { StatsCards } from '../components/admin/stats-cards.tsx'
import { UrlTabs } from '../components/admin/url-tabs.tsx'
import { UsersTab } from '../components/admin/users-tab.tsx'
import { YoutubeVideosTab } from '../components/admin/youtube-videos-tab.tsx'
import { PageContainer, PageHeading } from '../components/page.tsx'
import { Skeleton } from '../components/ui/skeleton.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/admin'

// Loaded when their tab is opened: the dashboard's other tabs do not carry them.
const NewsletterTab = lazy(() =>
  import('../components/admin/newsletter-tab.tsx').then((m) => ({ default: m.NewsletterTab })),
)
const MessagesTab = lazy(() =>
  import('../components/admin/messages-tab.tsx').then((m) => ({ default: m.MessagesTab })),
)
const ActivityTab = lazy(() =>
  import('../components/admin/activity-tab.tsx').then((m) => ({ default: m.ActivityTab })),
)
const BackupsTab = lazy(() =>
  import('../components/admin/backups-tab.tsx').then((m) => ({ default: m.BackupsTab })),
)
const ImportTab = lazy(() =>
  import('../components/admin/import-tab.tsx').then((m) => ({ default: m.ImportTab })),
)

const tabSkeleton = (
  <div data-testid="skeleton-tab">
    <Skeleton className="h-64 w-full" />
  </div>
)

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Admin Dashboard',
    description: 'Manage the website.',
    path: '/admin',
    noindex: true,
  })

export const ADMIN_TABS = {
  users: 'Users',
  messages: 'Messages',
  posts: 'Blog Posts',
  pages: 'Pages',
  faqs: 'FAQs',
  invoices: 'Invoices',
  images: 'Header Images',
  videos: 'YouTube Videos',
  announcements: 'Announcements',
  resources: 'Resources',
  newsletter: 'Newsletter',
  import: 'Import',
  activity: 'Activity',
  backups: 'Backups',
} as const
type AdminTab = keyof typeof ADMIN_TABS

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
    case 'images':
      return <HeaderImagesTab />
    case 'videos':
      return <YoutubeVideosTab />
    case 'invoices':
      return <InvoicesTab />
    case 'announcements':
      return <AnnouncementsTab />
    case 'resources':
      return <ResourcesTab />
    case 'messages':
      return (
        <Suspense fallback={tabSkeleton}>
          <MessagesTab />
        </Suspense>
      )
    case 'activity':
      return (
        <Suspense fallback={tabSkeleton}>
          <ActivityTab />
        </Suspense>
      )
    case 'newsletter':
      return (
        <Suspense fallback={tabSkeleton}>
          <NewsletterTab />
        </Suspense>
      )
    case 'backups':
      return (
        <Suspense fallback={tabSkeleton}>
          <BackupsTab />
        </Suspense>
      )
    case 'import':
      return (
        <Suspense fallback={tabSkeleton}>
          <ImportTab />
        </Suspense>
      )
  }
}

/** 'Messages (3)', read as 'Messages (3) unread'; no count while it loads or when none. */
function MessagesLabel() {
  const stats = useAdminStats()
  const unread = stats.data?.unreadMessages ?? 0
  if (!unread) return ADMIN_TABS.messages
  return (
    <>
      {ADMIN_TABS.messages} <span className="font-bold">({unread.toLocaleString('en-US')})</span>
      <span className="sr-only"> unread</span>
    </>
  )
}

export default function Admin() {
  return (
    <PageContainer>
      <PageHeading
        title="Admin Dashboard"
        subtitle="Manage users, the contact form's messages, content, announcements, resources, the newsletter, invoices, header images and the video cache, see each admin's changes, and back up the site."
      />
      <div className="space-y-8">
        <StatsCards />
        <UrlTabs<AdminTab>
          label="Dashboard sections"
          tabs={{ ...ADMIN_TABS, messages: <MessagesLabel /> }}
          fallback="users"
          render={renderTab}
        />
      </div>
    </PageContainer>
  )
}
