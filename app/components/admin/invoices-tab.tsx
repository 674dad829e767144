import { useEffect, useState } from 'react'
import { toast } from 'sonner'
import {
  INVOICE_MESSAGES as M,
  INVOICE_STATUSES,
  INVOICES_PAGE_SIZE,
  type InvoiceStatus,
  type InvoiceSummary,
} from '../../../contracts/invoice-constants.ts'
import * as API_PATHS from '../../../contracts/endpoints.ts'
import { callApi } from '../../lib/api.ts'
import { Button } from '../ui/button.tsx'
import { ConfirmDialog } from '../ui/confirm-dialog.tsx'
import { Input } from '../ui/input.tsx'
import { RowMenu } from '../ui/row-menu.tsx'
import { ActionsTd, ActionsTh, MessageRow, SkeletonRows, Table } from '../ui/table.tsx'
import { messageOf, useDebounced, useRefreshAdmin } from './admin-api.ts'
import { DeleteDialog } from './delete-dialog.tsx'
import { FilterSelect } from './filter-select.tsx'
import { InvoiceCells, InvoiceHeaderCells } from './invoice-cells.tsx'
import { capitalise } from './invoice-document.tsx'
import { InvoiceFormDialog } from './invoice-form-dialog.tsx'
import { InvoicePreviewDialog } from './invoice-preview-dialog.tsx'
import { useInvoice, useInvoices } from './invoices-api.ts'
import { Pager } from './pager.tsx'

/** The Invoices tab: search, status filter, the table with its row menus, and the dialogs. */
export function InvoicesTab() {
  const refresh = useRefreshAdmin()
  const [searchText, setSearchText] = useState('')
  const search = useDebounced(searchText.trim(), 500)
  const [status, setStatus] = useState<InvoiceStatus | ''>('')
  const [page, setPage] = useState(1)
  const invoices = useInvoices({ page, search, status })
  const [editing, setEditing] = useState<{ id: number | null } | null>(null)
  const [previewId, setPreviewId] = useState<number | null>(null)
  const [sending, setSending] = useState<InvoiceSummary | null>(null)
  const [deleting, setDeleting] = useState<InvoiceSummary | null>(null)
  const totalPages = invoices.data && Math.ceil(invoices.data.total / INVOICES_PAGE_SIZE)
  const columns = 6

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="font-display text-xl font-semibold">Invoices</h2>
        <Button onClick={() => setEditing({ id: null })}>New Invoice</Button>
      </div>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Input
          type="search"
          aria-label="Search by client or invoice #"
          placeholder="Search by client or invoice #"
          value={searchText}
          onChange={(e) => {
            setSearchText(e.target.value)
            setPage(1)
          }}
          className="sm:max-w-xs"
        />
        <FilterSelect
          label="Filter by status"
          value={status}
          onChange={(value) => {
            setStatus(value as InvoiceStatus | '')
            setPage(1)
          }}
          all="All Statuses"
          options={INVOICE_STATUSES.map((s) => ({ value: s, label: capitalise(s) }))}
        />
      </div>
      <Table label="Invoices">
        <thead>
          <tr>
            <InvoiceHeaderCells />
            <ActionsTh />
          </tr>
        </thead>
        <tbody>
          {invoices.isPending ? (
            <SkeletonRows rows={5} columns={columns} />
          ) : invoices.isError ? (
            <MessageRow columns={columns} error>
              {M.errorFetching}: {messageOf(invoices.error, 'Unknown error')}
            </MessageRow>
          ) : invoices.data.invoices.length === 0 ? (
            <MessageRow columns={columns}>{M.empty}</MessageRow>
          ) : (
            invoices.data.invoices.map((invoice) => (
              <tr key={invoice.id}>
                <InvoiceCells invoice={invoice} onOpen={() => setPreviewId(invoice.id)} />
                <ActionsTd>
                  <RowMenu
                    label={`Actions for ${invoice.invoiceNumber}`}
                    actions={[
                      { label: 'Preview', onSelect: () => setPreviewId(invoice.id) },
                      { label: 'Edit', onSelect: () => setEditing({ id: invoice.id }) },
                      { label: 'Send Email', onSelect: () => setSending(invoice) },
                      { label: 'Delete', destructive: true, onSelect: () => setDeleting(invoice) },
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
        <EditInvoice
          id={editing.id}
          onClose={() => setEditing(null)}
          onSaved={() => refresh('invoices')}
        />
      )}
      {previewId !== null && (
        <InvoicePreviewDialog invoiceId={previewId} onClose={() => setPreviewId(null)} />
      )}
      <ConfirmDialog
        open={sending !== null}
        onOpenChange={(open) => !open && setSending(null)}
        title="Send Invoice"
        message={
          sending
            ? `E-mail invoice ${sending.invoiceNumber} as a PDF to ${sending.clientEmail}? It will be marked as sent.`
            : ''
        }
        confirmLabel="Send Email"
        busyLabel="Sending..."
        confirmVariant="primary"
        onConfirm={async () => {
          if (!sending) return true
          try {
            await callApi(
              API_PATHS.sendInvoice,
              { invoiceId: sending.id },
              { fallbackMessage: M.sendFailed },
            )
            await refresh('invoices')
            toast.success(M.sent(sending.invoiceNumber, sending.clientEmail))
            return true
          } catch (error) {
            toast.error(`${M.sendFailed}: ${messageOf(error, 'Unknown error')}`)
            return false
          }
        }}
      />
      <DeleteDialog
        item={deleting}
        onClose={() => setDeleting(null)}
        title="Delete Invoice"
        message={(invoice) =>
          `Are you sure you want to delete invoice "${invoice.invoiceNumber}"? This action cannot be undone.`
        }
        remove={(invoice) =>
          callApi(
            API_PATHS.deleteInvoice,
            { invoiceId: invoice.id },
            { fallbackMessage: M.deleteFailed },
          )
        }
        resource="invoices"
        success={M.deleted}
        failure={M.deleteFailed}
      />
    </div>
  )
}

/** The form, once the invoice being edited has loaded (a new one opens at once). */
function EditInvoice({
  id,
  onClose,
  onSaved,
}: {
  id: number | null
  onClose: () => void
  onSaved: () => Promise<unknown>
}) {
  const invoice = useInvoice(id)
  const failed = id !== null && invoice.isError ? invoice.error : null
  useEffect(() => {
    if (!failed) return
    toast.error(`${M.fetchOneFailed}: ${messageOf(failed, 'Unknown error')}`)
    onClose()
  }, [failed, onClose])
  if (id !== null && (invoice.isPending || failed)) return null
  return <InvoiceFormDialog invoice={invoice.data ?? null} onClose={onClose} onSaved={onSaved} />
}
