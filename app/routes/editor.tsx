import { ContentTab } from '../components/admin/content-tab.tsx'
import { UrlTabs } from '../components/admin/url-tabs.tsx'
import { PageContainer, PageHeading } from '../components/page.tsx'
import { pageMeta } from '../lib/meta.ts'
import type { Route } from './+types/editor'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Content Editor',
    description: 'Write and edit blog posts and pages.',
    path: '/editor',
    noindex: true,
  })

const EDITOR_TABS = { posts: 'Blog Posts', pages: 'Pages' } as const

export default function Editor() {
  return (
    <PageContainer>
      <PageHeading title="Content Editor" subtitle="Write and edit blog posts and pages." />
      <UrlTabs
        label="Content"
        tabs={EDITOR_TABS}
        fallback="posts"
        render={(tab) =>
          tab === 'posts' ? (
            <ContentTab
              kind="post"
              labels={{
                newButton: 'New Blog Post',
                createTitle: 'Create New Blog Post',
                editTitle: 'Edit Blog Post',
              }}
            />
          ) : (
            <ContentTab
              kind="page"
              labels={{
                newButton: 'New Page',
                createTitle: 'Create New Page',
                editTitle: 'Edit Page',
              }}
            />
          )
        }
      />
    </PageContainer>
  )
}
