import { useState } from 'react'
import { toast } from 'sonner'
import type { ContentStatus } from '../../../contracts/common.ts'
import type { BlogPostCard } from '../../../contracts/blog-constants.ts'
import type { ContentPageSummary } from '../../../contracts/pages.ts'
import { callApi } from '../../lib/api.ts'
import { useHydrated } from '../../lib/hydrated.ts'
import { Badge, type BadgeVariant } from '../ui/badge.tsx'
import { Button } from '../ui/button.tsx'
import { Input } from '../ui/input.tsx'
import { LocalDate } from '../ui/local-date.tsx'
import { RowMenu } from '../ui/row-menu.tsx'
import { ActionsTd, ActionsTh, MessageRow, SkeletonRows, Table, Td, Th } from '../ui/table.tsx'
import { LockBadge } from '../blog/post-card.tsx'
import { messageOf, useAdminPages, useAdminPosts, useDebounced } from './admin-api.ts'
import {
  CONTENT_KINDS,
  type ContentKind,
  type ContentRecord,
  ContentFormDialog,
} from './content-form-dialog.tsx'
import { readDraft, draftKey } from './drafts.ts'
import { DeleteDialog } from './delete-dialog.tsx'
import { Pager } from './pager.tsx'

const STATUS_BADGE: Record<ContentStatus, BadgeVariant> = {
  published: 'success',
  draft: 'secondary',
  archived: 'outline',
}

export function StatusBadge({ status }: { status: ContentStatus | null | undefined }) {
  const s = status ?? 'draft'
  return <Badge variant={STATUS_BADGE[s]}>{s[0]!.toUpperCase() + s.slice(1)}</Badge>
}

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }

/** A row of the table: lists carry no bodies, the editor fetches the whole record. */
type ContentRow = BlogPostCard | ContentPageSummary

export interface ContentTabLabels {
  newButton: string
  createTitle: string
  editTitle: string
}

const TEXT = {
  post: {
    search: 'Search posts...',
    empty: 'No blog posts found.',
    error: 'Error fetching blog posts',
    skeletons: 5,
    table: 'Blog posts',
  },
  page: {
    search: 'Search pages...',
    empty: 'No pages found.',
    error: 'Error fetching pages',
    skeletons: 3,
    table: 'Pages',
  },
} as const

/** The Blog Posts and Pages tabs: search, the table, row menus, the editor dialog and deletion. */
export function ContentTab({ kind, labels }: { kind: ContentKind; labels: ContentTabLabels }) {
  const text = TEXT[kind]
  const meta = CONTENT_KINDS[kind]
  const [searchText, setSearchText] = useState('')
  const search = useDebounced(searchText.trim(), 500)
  const [page, setPage] = useState(1)
  const [editing, setEditing] = useState<{ record: ContentRecord | null } | null>(null)
  const [deleting, setDeleting] = useState<ContentRow | null>(null)
  const [loadingId, setLoadingId] = useState<string | null>(null)

  // One tab, one list: the other kind's query stays idle.
  const posts = useAdminPosts({ page, search }, kind === 'post')
  const pages = useAdminPages({ page, search }, kind === 'page')
  const query = kind === 'post' ? posts : pages
  const rows: ContentRow[] | undefined = kind === 'post' ? posts.data?.posts : pages.data?.pages
  const totalPages = query.data?.pagination.totalPages
  const columns = 4
  const hydrated = useHydrated()
  // Read at each render: closing the editor (saved or not) changes what is stored.
  const newDraft = hydrated ? readDraft<{ title?: string }>(draftKey(kind, null)) : null

  async function openEditor(record: ContentRow) {
    // The list may be a moment old: the editor starts from the stored record.
    setLoadingId(record.id)
    try {
      const fresh = await callApi(
        meta.api.get,
        { id: record.id },
        { fallbackMessage: 'Failed to load' },
      )
      // An administrator always reads the body; a locked answer has nothing to edit.
      if ('locked' in fresh && fresh.locked) throw new Error('Failed to load')
      setEditing({ record: fresh })
    } catch (error) {
      toast.error(messageOf(error, 'Failed to load'))
    } finally {
      setLoadingId(null)
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <Input
          type="search"
          aria-label={text.search}
          placeholder={text.search}
          value={searchText}
          onChange={(e) => {
            setSearchText(e.target.value)
            setPage(1)
          }}
          className="sm:max-w-xs"
        />
        <Button onClick={() => setEditing({ record: null })}>{labels.newButton}</Button>
      </div>
      {newDraft && !editing && (
        <p
          role="status"
          className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground"
        >
          You have an unsaved new {meta.noun}
          {newDraft.values.title ? ` “${newDraft.values.title}”` : ''}.
          <Button size="sm" variant="outline" onClick={() => setEditing({ record: null })}>
            Continue editing
          </Button>
        </p>
      )}
      <Table label={text.table}>
        <thead>
          <tr>
            <Th>Title</Th>
            <Th>Status</Th>
            <Th>{kind === 'post' ? 'Published At' : 'Last Updated'}</Th>
            <ActionsTh />
          </tr>
        </thead>
        <tbody>
          {query.isPending ? (
            <SkeletonRows rows={text.skeletons} columns={columns} />
          ) : query.isError ? (
            <MessageRow columns={columns} error>
              {text.error}: {query.error.message}
            </MessageRow>
          ) : !rows?.length ? (
            <MessageRow columns={columns}>{text.empty}</MessageRow>
          ) : (
            rows.map((row) => (
              <tr key={row.id}>
                <Td>
                  <div className="font-medium">{row.title}</div>
                  <div className="text-xs text-muted-foreground">/{row.slug}</div>
                </Td>
                <Td>
                  <div className="flex flex-wrap items-center gap-1.5">
                    <StatusBadge status={row.status} />
                    {'visibility' in row && <LockBadge visibility={row.visibility} />}
                  </div>
                </Td>
                <Td className="whitespace-nowrap">
                  {kind === 'post' ? (
                    row.publishedAt ? (
                      <LocalDate iso={row.publishedAt} options={DATE_TIME} />
                    ) : (
                      'Not published'
                    )
                  ) : (
                    <LocalDate iso={row.updatedAt} options={DATE_TIME} />
                  )}
                </Td>
                <ActionsTd>
                  <RowMenu
                    label={
                      loadingId === row.id ? `Loading ${row.title}` : `Actions for ${row.title}`
                    }
                    actions={[
                      { label: 'Edit', onSelect: () => void openEditor(row) },
                      { label: 'Delete', destructive: true, onSelect: () => setDeleting(row) },
                    ]}
                  />
                </ActionsTd>
              </tr>
            ))
          )}
        </tbody>
      </Table>
      <Pager page={page} totalPages={totalPages} onPage={setPage} />

      {editing && (
        <ContentFormDialog
          kind={kind}
          record={editing.record}
          title={editing.record ? labels.editTitle : labels.createTitle}
          onClose={() => setEditing(null)}
        />
      )}
      <DeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title={meta.deleteTitle}
        message={(item) =>
          `Are you sure you want to delete the ${meta.noun} "${item.title}"? This action cannot be undone.`
        }
        remove={(item) =>
          callApi(meta.api.remove, { id: item.id }, { fallbackMessage: meta.deleteFailed })
        }
        resource={kind === 'post' ? 'posts' : 'pages'}
        success={meta.deleted}
        failure={meta.deleteFailed}
      />
    </div>
  )
}
