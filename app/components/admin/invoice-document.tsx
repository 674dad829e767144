import type { ReactNode } from 'react'
import {
  type Invoice,
  type InvoiceIssuer,
  type InvoiceStatus,
} from '../../../contracts/invoice-constants.ts'
import { formatMoney } from '../../../contracts/invoice-money.ts'
import { formatLongDate } from '../../lib/format.ts'
import { Badge, type BadgeVariant } from '../ui/badge.tsx'

/** The spec's badges: paid success, sent secondary, overdue error, draft and cancelled outline. */
export const INVOICE_STATUS_BADGE: Record<InvoiceStatus, BadgeVariant> = {
  paid: 'success',
  sent: 'secondary',
  overdue: 'error',
  draft: 'outline',
  cancelled: 'outline',
}

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return <Badge variant={INVOICE_STATUS_BADGE[status]}>{capitalise(status)}</Badge>
}

/** The same badges for the document, which is black on white in either theme and on paper. */
const PAPER_BADGE: Record<InvoiceStatus, string> = {
  paid: 'border-green-800 bg-green-800 text-white',
  sent: 'border-neutral-300 bg-neutral-200 text-neutral-900',
  overdue: 'border-red-800 bg-red-800 text-white',
  draft: 'border-neutral-500 text-neutral-900',
  cancelled: 'border-neutral-500 text-neutral-900',
}

function PaperStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full border px-2.5 py-0.5 font-sans text-xs font-semibold tracking-normal ${PAPER_BADGE[status]}`}
    >
      {capitalise(status)}
    </span>
  )
}

/** A calendar date of the invoice (YYYY-MM-DD) in words, the same on every screen and paper. */
const day = (iso: string) => formatLongDate(`${iso}T00:00:00Z`)

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="text-xs font-semibold tracking-wider text-neutral-500 uppercase">{title}</h3>
      <div className="mt-1 text-sm leading-relaxed">{children}</div>
    </div>
  )
}

/**
 * The printable invoice: always black on white (on screen in both themes, and on paper). Printing
 * shows a copy of this element only, sized for A4 and Letter by the print stylesheet
 * (`.invoice-print` in app.css).
 */
export function InvoiceDocument({ invoice, issuer }: { invoice: Invoice; issuer: InvoiceIssuer }) {
  const money = (n: number) => formatMoney(n, invoice.currency)
  return (
    <article
      className="invoice-document mx-auto w-full max-w-3xl rounded-lg bg-white p-4 text-neutral-900 shadow-sm sm:p-10"
      aria-label={`Invoice ${invoice.invoiceNumber}`}
    >
      <header className="flex flex-col gap-6 border-b border-neutral-200 pb-6 sm:flex-row sm:justify-between">
        <div>
          <p className="font-display text-xl font-bold">{issuer.name}</p>
          {issuer.address && (
            <p className="mt-1 text-sm whitespace-pre-line text-neutral-600">{issuer.address}</p>
          )}
          {issuer.email && <p className="text-sm text-neutral-600">{issuer.email}</p>}
        </div>
        <div className="sm:text-right">
          <h2 className="flex items-center gap-3 font-display text-3xl font-bold tracking-wide sm:justify-end">
            INVOICE <PaperStatusBadge status={invoice.status} />
          </h2>
          <dl className="mt-3 grid grid-cols-[auto_auto] gap-x-4 gap-y-1 text-sm sm:justify-end">
            <dt className="text-neutral-500">Invoice #</dt>
            <dd className="font-semibold">{invoice.invoiceNumber}</dd>
            <dt className="text-neutral-500">Invoice date</dt>
            <dd>{day(invoice.invoiceDate)}</dd>
            <dt className="text-neutral-500">Due date</dt>
            <dd>{day(invoice.dueDate)}</dd>
            {invoice.paymentTerms && (
              <>
                <dt className="text-neutral-500">Terms</dt>
                <dd>{invoice.paymentTerms}</dd>
              </>
            )}
          </dl>
        </div>
      </header>

      <section className="py-6">
        <Block title="Bill To">
          <p className="font-semibold">{invoice.clientName}</p>
          <p>{invoice.clientEmail}</p>
          {invoice.clientAddress && <p className="whitespace-pre-line">{invoice.clientAddress}</p>}
        </Block>
      </section>

      {/* A narrow screen scrolls the items sideways; the keyboard can scroll it too. */}
      <div className="-mx-2 overflow-x-auto px-2" role="region" aria-label="Items" tabIndex={0}>
        <table className="w-full min-w-[22rem] text-sm">
          <thead>
            <tr className="border-b-2 border-neutral-800 text-left">
              <th scope="col" className="py-2 pr-2 font-semibold">
                Description
              </th>
              <th scope="col" className="px-2 py-2 text-right font-semibold">
                Qty
              </th>
              <th scope="col" className="px-2 py-2 text-right font-semibold">
                Rate
              </th>
              <th scope="col" className="py-2 pl-2 text-right font-semibold">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {invoice.items.map((item) => (
              <tr key={item.id} className="border-b border-neutral-200 align-top">
                <td className="py-2 pr-2 whitespace-pre-line">{item.description}</td>
                <td className="px-2 py-2 text-right tabular-nums">{item.quantity}</td>
                <td className="px-2 py-2 text-right tabular-nums">{money(item.rate)}</td>
                <td className="py-2 pl-2 text-right tabular-nums">{money(item.amount)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <dl className="mt-4 ml-auto grid max-w-xs grid-cols-2 gap-y-1 text-sm">
        <dt className="text-neutral-600">Subtotal</dt>
        <dd className="text-right tabular-nums">{money(invoice.subtotal)}</dd>
        {invoice.taxRate > 0 && (
          <>
            <dt className="text-neutral-600">Tax ({invoice.taxRate}%)</dt>
            <dd className="text-right tabular-nums">{money(invoice.taxAmount)}</dd>
          </>
        )}
        <dt className="mt-2 border-t-2 border-neutral-800 pt-2 text-base font-bold">Total Due</dt>
        <dd className="mt-2 border-t-2 border-neutral-800 pt-2 text-right text-base font-bold tabular-nums">
          {money(invoice.totalAmount)}
        </dd>
      </dl>

      <footer className="mt-8 space-y-4 border-t border-neutral-200 pt-6">
        {invoice.paymentTerms && (
          <Block title="Payment terms">
            {invoice.paymentTerms}. Please pay by {day(invoice.dueDate)}.
          </Block>
        )}
        {invoice.notes && (
          <Block title="Notes">
            <p className="whitespace-pre-line">{invoice.notes}</p>
          </Block>
        )}
        <p className="pt-2 text-center text-sm text-neutral-600">Thank you for your business!</p>
      </footer>
    </article>
  )
}

/**
 * Prints the invoice on the page, and only it: a copy of the document goes at the end of the body
 * for the print stylesheet (`.invoice-print` in app.css) and is removed once the print dialog
 * closes. The browser's dialog offers Save as PDF.
 */
export function printInvoice() {
  const source = document.querySelector('.invoice-document')
  if (!source) return
  const body = document.body
  body.querySelector(':scope > .invoice-print')?.remove()
  const copy = document.createElement('div')
  copy.className = 'invoice-print'
  copy.append(source.cloneNode(true))
  body.append(copy)
  body.classList.add('printing-invoice')
  const done = () => {
    copy.remove()
    body.classList.remove('printing-invoice')
    window.removeEventListener('afterprint', done)
  }
  window.addEventListener('afterprint', done)
  window.print()
}
