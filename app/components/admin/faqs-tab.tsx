import { useState } from 'react'
import { toast } from 'sonner'
import type { Faq } from '../../../contracts/faqs.ts'
import * as API_PATHS from '../../../contracts/endpoints.ts'
import { callApi } from '../../lib/api.ts'
import { useApiForm } from '../../lib/form.ts'
import { Button } from '../ui/button.tsx'
import { Dialog, FormActions } from '../ui/dialog.tsx'
import { FormField, fieldProps } from '../ui/form-field.tsx'
import { Input, Textarea } from '../ui/input.tsx'
import { LocalDate } from '../ui/local-date.tsx'
import { RowMenu } from '../ui/row-menu.tsx'
import { ActionsTd, ActionsTh, MessageRow, SkeletonRows, Table, Td, Th } from '../ui/table.tsx'
import { messageOf, useAdminFaqs, useRefreshAdmin } from './admin-api.ts'
import { DeleteDialog } from './delete-dialog.tsx'
import { Pager } from './pager.tsx'

const DATE_TIME: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }

export function FaqsTab() {
  const [page, setPage] = useState(1)
  const faqs = useAdminFaqs({ page })
  const rows = faqs.data?.faqs
  const refresh = useRefreshAdmin()
  const [editing, setEditing] = useState<{ faq: Faq | null } | null>(null)
  const [deleting, setDeleting] = useState<Faq | null>(null)
  const columns = 3

  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <Button onClick={() => setEditing({ faq: null })}>New FAQ Section</Button>
      </div>
      <Table label="FAQ sections">
        <thead>
          <tr>
            <Th>Title</Th>
            <Th>Last Updated</Th>
            <ActionsTh />
          </tr>
        </thead>
        <tbody>
          {faqs.isPending ? (
            <SkeletonRows rows={3} columns={columns} />
          ) : faqs.isError ? (
            <MessageRow columns={columns} error>
              Error fetching FAQs: {faqs.error.message}
            </MessageRow>
          ) : !rows?.length ? (
            <MessageRow columns={columns}>No FAQ sections found.</MessageRow>
          ) : (
            rows.map((faq) => (
              <tr key={faq.id}>
                <Td className="font-medium">{faq.title}</Td>
                <Td className="whitespace-nowrap">
                  {faq.lastUpdated ? (
                    <LocalDate iso={faq.lastUpdated} options={DATE_TIME} />
                  ) : (
                    'N/A'
                  )}
                </Td>
                <ActionsTd>
                  <RowMenu
                    label={`Actions for ${faq.title}`}
                    actions={[
                      { label: 'Edit', onSelect: () => setEditing({ faq }) },
                      { label: 'Delete', destructive: true, onSelect: () => setDeleting(faq) },
                    ]}
                  />
                </ActionsTd>
              </tr>
            ))
          )}
        </tbody>
      </Table>
      <Pager page={page} totalPages={faqs.data?.pagination.totalPages} onPage={setPage} />
      {editing && (
        <FaqDialog
          faq={editing.faq}
          onClose={() => setEditing(null)}
          onSaved={() => refresh('faqs')}
        />
      )}
      <DeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title="Delete FAQ Section"
        message={(faq) =>
          `Are you sure you want to delete the FAQ section "${faq.title}"? This action cannot be undone.`
        }
        remove={(faq) =>
          callApi(API_PATHS.deleteFaq, { id: faq.id }, { fallbackMessage: 'Failed to delete FAQ' })
        }
        resource="faqs"
        success="FAQ section deleted successfully."
        failure="Failed to delete FAQ"
      />
    </div>
  )
}

function FaqDialog({
  faq,
  onClose,
  onSaved,
}: {
  faq: Faq | null
  onClose: () => void
  onSaved: () => Promise<unknown>
}) {
  const verb = faq ? 'update' : 'create'
  const { form, submit, busy } = useApiForm(faq ? API_PATHS.updateFaq : API_PATHS.createFaq, {
    defaultValues: { title: faq?.title ?? '', content: faq?.content ?? '' },
    toInput: (values: { title: string; content: string }) =>
      faq ? { id: faq.id, ...values } : values,
    fallbackMessage: `Failed to ${verb} FAQ`,
    onSuccess: async () => {
      await onSaved()
      toast.success(`FAQ section ${verb}d successfully.`)
      onClose()
    },
    onError: (error) => toast.error(`Failed to ${verb} FAQ: ${messageOf(error, 'Unknown error')}`),
  })
  const { errors } = form.formState

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && !busy && onClose()}
      title={faq ? 'Edit FAQ Section' : 'Create FAQ Section'}
      description="Each section is one question and its answer on the FAQs page."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField id="faq-title" label="Title" error={errors.title?.message}>
          <Input {...fieldProps('faq-title', errors.title?.message)} {...form.register('title')} />
        </FormField>
        <FormField id="faq-content" label="Content" error={errors.content?.message}>
          <Textarea
            rows={8}
            {...fieldProps('faq-content', errors.content?.message)}
            {...form.register('content')}
          />
        </FormField>
        <FormActions onCancel={onClose} busy={busy} submitLabel="Save" />
      </form>
    </Dialog>
  )
}
