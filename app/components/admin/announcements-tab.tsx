import { useState } from 'react'
import { toast } from 'sonner'
import type { Announcement } from '../../../contracts/announcements.ts'
import * as API_PATHS from '../../../contracts/endpoints.ts'
import { settled } from '../../lib/api-result.ts'
import { callApi } from '../../lib/api.ts'
import { useApiForm } from '../../lib/form.ts'
import { useApi } from '../../lib/store.ts'
import { Button } from '../ui/button.tsx'
import { Dialog, FormActions } from '../ui/dialog.tsx'
import { FormField, fieldProps } from '../ui/form-field.tsx'
import { Input } from '../ui/input.tsx'
import { LocalDate } from '../ui/local-date.tsx'
import { RowMenu } from '../ui/row-menu.tsx'
import { ActionsTd, ActionsTh, MessageRow, SkeletonRows, Table, Td, Th } from '../ui/table.tsx'
import { messageOf, useRefreshAdmin } from './admin-api.ts'
import { DeleteDialog } from './delete-dialog.tsx'
import { Pager } from './pager.tsx'
import { RichTextField } from './rich-text-field.tsx'

// ANNOUNCEMENTS_PAGE_SIZE, the most a page may hold (its module would bring the schemas into this chunk).
const PAGE_SIZE = 20
const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }

/** The creator's notes to members (/announcements and the members page's card). */
export function AnnouncementsTab() {
  const [page, setPage] = useState(1)
  const list = settled(
    useApi(
      API_PATHS.listAnnouncements,
      { page, limit: PAGE_SIZE },
      { keepPrevious: true, fallbackMessage: 'Failed to fetch announcements' },
    ),
  )
  const rows = list.data?.announcements
  const refresh = useRefreshAdmin()
  const [editing, setEditing] = useState<{ announcement: Announcement | null } | null>(null)
  const [deleting, setDeleting] = useState<Announcement | null>(null)
  const columns = 3

  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={() => setEditing({ announcement: null })}>New Announcement</Button>
      </div>
      <Table label="Announcements">
        <thead>
          <tr>
            <Th>Title</Th>
            <Th>Posted</Th>
            <ActionsTh />
          </tr>
        </thead>
        <tbody>
          {list.isPending ? (
            <SkeletonRows rows={3} columns={columns} />
          ) : list.isError ? (
            <MessageRow columns={columns} error>
              Error fetching announcements: {list.error.message}
            </MessageRow>
          ) : !rows?.length ? (
            <MessageRow columns={columns}>No announcements yet.</MessageRow>
          ) : (
            rows.map((announcement) => (
              <tr key={announcement.id}>
                <Td className="font-medium">{announcement.title}</Td>
                <Td className="whitespace-nowrap">
                  <LocalDate iso={announcement.createdAt} options={DATE_TIME} />
                </Td>
                <ActionsTd>
                  <RowMenu
                    label={`Actions for ${announcement.title}`}
                    actions={[
                      { label: 'Edit', onSelect: () => setEditing({ announcement }) },
                      {
                        label: 'Delete',
                        destructive: true,
                        onSelect: () => setDeleting(announcement),
                      },
                    ]}
                  />
                </ActionsTd>
              </tr>
            ))
          )}
        </tbody>
      </Table>
      <Pager page={page} totalPages={list.data?.pagination.totalPages} onPage={setPage} />
      {editing && (
        <AnnouncementDialog
          announcement={editing.announcement}
          onClose={() => setEditing(null)}
          onSaved={() => refresh('announcements')}
        />
      )}
      <DeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title="Delete Announcement"
        message={(a) =>
          `Are you sure you want to delete the announcement "${a.title}"? This action cannot be undone.`
        }
        remove={(a) =>
          callApi(
            API_PATHS.deleteAnnouncement,
            { id: a.id },
            { fallbackMessage: 'Failed to delete announcement' },
          )
        }
        resource="announcements"
        success="Announcement deleted successfully."
        failure="Failed to delete announcement"
      />
    </div>
  )
}

function AnnouncementDialog({
  announcement,
  onClose,
  onSaved,
}: {
  announcement: Announcement | null
  onClose: () => void
  onSaved: () => Promise<unknown>
}) {
  const verb = announcement ? 'update' : 'create'
  const { form, submit, busy } = useApiForm(
    announcement ? API_PATHS.updateAnnouncement : API_PATHS.createAnnouncement,
    {
      defaultValues: { title: announcement?.title ?? '', content: announcement?.content ?? '' },
      toInput: (values: { title: string; content: string }) =>
        announcement ? { id: announcement.id, ...values } : values,
      fallbackMessage: `Failed to ${verb} announcement`,
      onSuccess: async () => {
        await onSaved()
        toast.success(`Announcement ${verb}d successfully.`)
        onClose()
      },
      onError: (error) =>
        toast.error(`Failed to ${verb} announcement: ${messageOf(error, 'Unknown error')}`),
    },
  )
  const { errors } = form.formState

  return (
    <Dialog
      open
      wide
      onOpenChange={(open) => !open && !busy && onClose()}
      title={announcement ? 'Edit Announcement' : 'Create Announcement'}
      description="Members read it on the announcements page; the newest one is named on the members page."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField id="announcement-title" label="Title" error={errors.title?.message}>
          <Input
            {...fieldProps('announcement-title', errors.title?.message)}
            {...form.register('title')}
          />
        </FormField>
        <RichTextField
          control={form.control}
          name="content"
          id="announcement-content"
          label="Content"
          error={errors.content?.message}
        />
        <FormActions onCancel={onClose} busy={busy} submitLabel="Save" />
      </form>
    </Dialog>
  )
}
