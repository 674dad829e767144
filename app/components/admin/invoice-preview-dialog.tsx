import * as API_PATHS from '../../../contracts/endpoints.ts'
import { INVOICE_MESSAGES as M } from '../../../contracts/invoice-constants.ts'
import { Button } from '../ui/button.tsx'
import { Dialog } from '../ui/dialog.tsx'
import { Skeleton } from '../ui/skeleton.tsx'
import { messageOf } from './admin-api.ts'
import { InvoiceDocument, printInvoice } from './invoice-document.tsx'
import { useInvoice, useInvoiceIssuer } from './invoices-api.ts'

/** The printable document of one invoice, with Print / Save PDF and the server's PDF. */
export function InvoicePreviewDialog({
  invoiceId,
  onClose,
}: {
  invoiceId: number
  onClose: () => void
}) {
  const invoice = useInvoice(invoiceId)
  const issuer = useInvoiceIssuer()
  const notFound = invoice.isError && (invoice.error as { status?: number } | null)?.status === 404
  return (
    <Dialog
      open
      wide
      onOpenChange={(open) => !open && onClose()}
      title={invoice.data ? `Invoice ${invoice.data.invoiceNumber}` : 'Invoice'}
      description="Print it, save it as PDF from the print dialog, or download the PDF that is e-mailed."
    >
      {invoice.isPending || issuer.isPending ? (
        <div role="status" className="space-y-3" aria-label="Loading invoice">
          <Skeleton className="h-10 w-1/2" />
          <Skeleton className="h-40 w-full" />
        </div>
      ) : notFound ? (
        <p role="alert">{M.notFound}</p>
      ) : invoice.isError || issuer.isError ? (
        <p role="alert" className="text-error">
          Error loading invoice: {messageOf(invoice.error ?? issuer.error, 'Unknown error')}
        </p>
      ) : (
        <div className="space-y-4">
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" asChild>
              <a
                href={`/_api${API_PATHS.downloadInvoicePdf.path}?invoiceId=${invoice.data.id}`}
                download
              >
                Download PDF
              </a>
            </Button>
            <Button onClick={printInvoice}>Print / Save PDF</Button>
          </div>
          <div className="rounded-lg bg-neutral-200 p-2 sm:p-6 dark:bg-neutral-800">
            <InvoiceDocument invoice={invoice.data} issuer={issuer.data} />
          </div>
        </div>
      )}
    </Dialog>
  )
}
