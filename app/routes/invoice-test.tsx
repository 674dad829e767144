import { useState } from 'react'
import {
  type Invoice,
  INVOICE_DEFAULT_CURRENCY,
  INVOICE_STATUSES,
  type InvoiceIssuer,
} from '../../contracts/invoice-constants.ts'
import { computeTotals, minorToNumber } from '../../contracts/invoice-money.ts'
import {
  InvoiceDocument,
  InvoiceStatusBadge,
  printInvoice,
} from '../components/admin/invoice-document.tsx'
import { InvoiceCells, InvoiceHeaderCells } from '../components/admin/invoice-cells.tsx'
import { InvoiceFormDialog, localToday } from '../components/admin/invoice-form-dialog.tsx'
import { PageContainer, PageHeading } from '../components/page.tsx'
import { Button } from '../components/ui/button.tsx'
import { Card } from '../components/ui/card.tsx'
import { MessageRow, Table } from '../components/ui/table.tsx'
import { pageMeta } from '../lib/meta.ts'
import { usePublicConfig } from '../lib/public-config.ts'
import type { createInvoice } from '../../contracts/admin-api-paths.ts'
import type { CallInput } from '../lib/api.ts'
import type { Route } from './+types/invoice-test'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: 'Invoice Test',
    description: 'A demonstration of the invoice tools.',
    path: '/invoice-test',
    noindex: true,
  })

/** What the form sends to create an invoice, with the status a demo invoice is shown in. */
type DemoValues = CallInput<typeof createInvoice> & { status?: Invoice['status'] }

/** An invoice made in the browser only, with the same arithmetic as the server's. */
function demoInvoice(id: number, values: DemoValues): Invoice {
  // The contract's defaults, as the server applies them.
  const currency = values.currency ?? INVOICE_DEFAULT_CURRENCY
  const taxRate = values.taxRate ?? '0'
  const totals = computeTotals(values.items, taxRate, currency)
  const amount = (minor: bigint) => minorToNumber(minor, totals.digits)
  const now = new Date().toISOString()
  return {
    id,
    invoiceNumber: `DEMO-${String(id).padStart(4, '0')}`,
    clientName: values.clientName,
    clientEmail: values.clientEmail,
    clientAddress: values.clientAddress || null,
    invoiceDate: values.invoiceDate,
    dueDate: values.dueDate,
    paymentTerms: values.paymentTerms || null,
    notes: values.notes || null,
    taxRate: Number(taxRate),
    currency,
    status: values.status ?? 'draft',
    subtotal: amount(totals.subtotal),
    taxAmount: amount(totals.tax),
    totalAmount: amount(totals.total),
    items: values.items.map((item, i) => ({
      id: i + 1,
      description: item.description,
      quantity: Number(item.quantity),
      rate: Number(item.rate),
      amount: amount(totals.lines[i]!),
    })),
    createdAt: now,
    updatedAt: now,
    createdBy: null,
    sentAt: null,
    paidAt: null,
    pdfUrl: null,
    stripePaymentIntentId: null,
  }
}

/**
 * The page's opening invoices, made when the page first renders rather than when the server
 * loads its routes: their arithmetic reads the platform's currency data (ICU), about 5 MB of the
 * Node binary that the reading pages (posts, lists, search) never touch.
 */
const FIRST_SAMPLE_ID = 1
const samples = (): Invoice[] => [
  demoInvoice(FIRST_SAMPLE_ID, {
    clientName: 'Orion Optics Ltd.',
    clientEmail: 'accounts@orion-optics.example',
    clientAddress: '12 Observatory Lane\nFlagstaff, AZ 86001',
    invoiceDate: '2026-11-02',
    dueDate: '2026-12-02',
    paymentTerms: 'Net 30',
    notes: 'Sponsored segment in the November live stream.',
    taxRate: '8.25',
    currency: 'USD',
    status: 'sent',
    items: [
      { description: 'Sponsored segment (live stream)', quantity: '1', rate: '450' },
      { description: 'Product review video', quantity: '1', rate: '900' },
      { description: 'Social media posts', quantity: '3', rate: '75.5' },
    ],
  }),
  demoInvoice(2, {
    clientName: 'Dark Sky Tours',
    clientEmail: 'hello@darksky.example',
    invoiceDate: '2026-10-15',
    dueDate: '2026-11-14',
    paymentTerms: 'Net 30',
    taxRate: '0',
    currency: 'EUR',
    status: 'paid',
    items: [{ description: 'Star party talk', quantity: '2', rate: '180' }],
  }),
  demoInvoice(3, {
    clientName: 'Tsukimi Planetarium',
    clientEmail: 'info@tsukimi.example',
    invoiceDate: '2026-09-01',
    dueDate: '2026-10-01',
    paymentTerms: 'Net 30',
    taxRate: '10',
    currency: 'JPY',
    status: 'overdue',
    items: [{ description: 'Planetarium show narration', quantity: '1.5', rate: '40000' }],
  }),
]

const DEMO_ISSUER_NOTE =
  'Everything on this page stays in your browser: nothing is saved and no e-mail is sent.'

/**
 * A demonstration of the invoice tools on sample data: the manager, the form in create mode, the
 * printable preview and every status badge. It never reads or writes real invoices.
 */
export default function InvoiceTest() {
  const { siteName } = usePublicConfig()
  const issuer: InvoiceIssuer = { name: siteName, address: null, email: null }
  const [invoices, setInvoices] = useState<Invoice[]>(samples)
  const [selected, setSelected] = useState<number>(FIRST_SAMPLE_ID)
  const [creating, setCreating] = useState(false)
  const shown = invoices.find((i) => i.id === selected) ?? invoices[0]!

  return (
    <PageContainer>
      <PageHeading title="Invoice Test" subtitle={DEMO_ISSUER_NOTE} />

      <Card className="mb-8">
        <h2 className="font-display text-lg font-semibold">Statuses</h2>
        <ul className="mt-3 flex flex-wrap gap-2" aria-label="Invoice statuses">
          {INVOICE_STATUSES.map((s) => (
            <li key={s}>
              <InvoiceStatusBadge status={s} />
            </li>
          ))}
        </ul>
      </Card>

      <section aria-labelledby="manager-title" className="mb-10 space-y-4">
        <div className="flex items-center justify-between gap-3">
          <h2 id="manager-title" className="font-display text-xl font-semibold">
            Invoice manager
          </h2>
          <Button onClick={() => setCreating(true)}>New Invoice</Button>
        </div>
        <Table label="Sample invoices">
          <thead>
            <tr>
              <InvoiceHeaderCells />
            </tr>
          </thead>
          <tbody>
            {invoices.length === 0 ? (
              <MessageRow columns={5}>No invoices found.</MessageRow>
            ) : (
              invoices.map((invoice) => (
                <tr key={invoice.id} aria-selected={invoice.id === shown.id}>
                  <InvoiceCells invoice={invoice} onOpen={() => setSelected(invoice.id)} />
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </section>

      <section aria-labelledby="preview-title" className="space-y-4">
        <div className="flex items-center justify-between gap-3">
          <h2 id="preview-title" className="font-display text-xl font-semibold">
            Preview of {shown.invoiceNumber}
          </h2>
          <Button onClick={printInvoice}>Print / Save PDF</Button>
        </div>
        <div className="rounded-xl bg-neutral-200 p-2 sm:p-6 dark:bg-neutral-800">
          <InvoiceDocument invoice={shown} issuer={issuer} />
        </div>
      </section>

      {creating && (
        <InvoiceFormDialog
          invoice={null}
          onClose={() => setCreating(false)}
          submit={(body) =>
            Promise.resolve(
              demoInvoice(invoices.length + 1, {
                ...body,
                invoiceDate: body.invoiceDate || localToday(),
              }),
            )
          }
          onSaved={(saved) => {
            setInvoices((list) => [saved, ...list])
            setSelected(saved.id)
          }}
        />
      )}
    </PageContainer>
  )
}
