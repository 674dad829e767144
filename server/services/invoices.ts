import type { SessionUser } from '../../contracts/auth.ts'
import {
  type Invoice,
  type InvoiceIssuer,
  type InvoiceListResponse,
  type InvoiceSortField,
  type InvoiceStatus,
  type InvoiceSummary,
  INVOICE_MESSAGES as M,
} from '../../contracts/invoice-constants.ts'
import {
  computeTotals,
  currencyDigits,
  formatMoney,
  minorToNumber,
} from '../../contracts/invoice-money.ts'
import type {
  InvoiceCreateInput,
  InvoiceListQuery,
  InvoiceUpdateInput,
} from '../../contracts/invoices.ts'
import { type Database, inTransaction } from '../db/dialect.ts'
import {
  changeInvoice,
  deleteInvoice,
  findInvoiceWithItems,
  insertInvoice,
  type InvoiceSortColumn,
  type InvoiceWithItems,
  listInvoices,
  type NewInvoiceItem,
} from '../db/invoices.ts'
import type { InvoiceRow } from '../db/schema.ts'
import type { Logger } from '../shared/logger.ts'
import type { Mailer } from '../mail/mailer.ts'
import { BadGateway, NotFound, Unavailable, ValidationError } from '../shared/errors.ts'
import type { Clock } from '../shared/clock.ts'
import { invoiceDay, renderInvoicePdf } from './invoice-pdf.ts'

const SORT_COLUMNS: Record<InvoiceSortField, InvoiceSortColumn> = {
  invoiceNumber: 'invoice_number',
  clientName: 'client_name',
  invoiceDate: 'invoice_date',
  dueDate: 'due_date',
  totalAmount: 'total_minor',
  status: 'status',
}

/**
 * The largest amount an invoice may reach, in minor units: 15 digits, so every amount is stored
 * in a 64-bit integer and answered as an exact JSON number.
 */
export const AMOUNT_MAX_MINOR = 999_999_999_999_999n

function toSummary(row: InvoiceRow): InvoiceSummary {
  const digits = currencyDigits(row.currency)
  return {
    id: row.id,
    invoiceNumber: row.invoice_number,
    clientName: row.client_name,
    clientEmail: row.client_email,
    clientAddress: row.client_address,
    invoiceDate: row.invoice_date,
    dueDate: row.due_date,
    paymentTerms: row.payment_terms,
    notes: row.notes,
    taxRate: Number(row.tax_rate),
    currency: row.currency,
    status: row.status as InvoiceStatus,
    subtotal: minorToNumber(BigInt(row.subtotal_minor), digits),
    taxAmount: minorToNumber(BigInt(row.tax_minor), digits),
    totalAmount: minorToNumber(BigInt(row.total_minor), digits),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    createdBy: row.created_by,
    sentAt: row.sent_at,
    paidAt: row.paid_at,
    pdfUrl: row.pdf_url,
    stripePaymentIntentId: row.stripe_payment_intent_id,
  }
}

function toInvoice({ invoice, items }: InvoiceWithItems): Invoice {
  const digits = currencyDigits(invoice.currency)
  return {
    ...toSummary(invoice),
    items: items.map((item) => ({
      id: item.id,
      description: item.description,
      quantity: Number(item.quantity),
      rate: Number(item.rate),
      amount: minorToNumber(BigInt(item.amount_minor), digits),
    })),
  }
}

/**
 * The figures of an invoice, always computed here from its items, tax rate and currency (whatever
 * totals a client sends are never read).
 */
function priced(input: InvoiceCreateInput) {
  const totals = computeTotals(input.items, input.taxRate, input.currency)
  if (totals.total > AMOUNT_MAX_MINOR) throw ValidationError.field('items', M.amountTooLarge)
  const items: NewInvoiceItem[] = input.items.map((item, i) => ({
    description: item.description,
    quantity: item.quantity,
    rate: item.rate,
    amount_minor: totals.lines[i]!,
  }))
  const fields = {
    client_name: input.clientName,
    client_email: input.clientEmail,
    client_address: input.clientAddress,
    invoice_date: input.invoiceDate,
    due_date: input.dueDate,
    payment_terms: input.paymentTerms,
    notes: input.notes,
    tax_rate: input.taxRate,
    currency: input.currency,
    subtotal_minor: totals.subtotal,
    tax_minor: totals.tax,
    total_minor: totals.total,
  }
  return { fields, items }
}

/**
 * When an invoice went out and was paid, as its status changes: becoming sent stamps sentAt (once),
 * becoming paid stamps paidAt; leaving paid clears paidAt; going back to draft clears sentAt.
 */
export function statusDates(
  current: Pick<InvoiceRow, 'sent_at' | 'paid_at'>,
  status: InvoiceStatus,
  now: string,
): { status: InvoiceStatus; sent_at: string | null; paid_at: string | null } {
  return {
    status,
    sent_at:
      status === 'draft' ? null : status === 'sent' ? (current.sent_at ?? now) : current.sent_at,
    paid_at: status === 'paid' ? (current.paid_at ?? now) : null,
  }
}

const pdfName = (invoice: Invoice) => `${invoice.invoiceNumber}.pdf`

const oneLine = (s: string) => s.replace(/[\r\n]+/g, ' ').trim()

function invoiceMail(invoice: Invoice, issuer: InvoiceIssuer) {
  const amount = formatMoney(invoice.totalAmount, invoice.currency)
  return {
    subject: `Invoice ${invoice.invoiceNumber} from ${oneLine(issuer.name)}`,
    text: [
      `Dear ${oneLine(invoice.clientName)},`,
      '',
      `Please find attached invoice ${invoice.invoiceNumber} from ${oneLine(issuer.name)}.`,
      '',
      `Amount due: ${amount}`,
      `Due date:   ${invoiceDay(invoice.dueDate)}`,
      ...(invoice.paymentTerms ? [`Terms:      ${oneLine(invoice.paymentTerms)}`] : []),
      '',
      'Thank you for your business!',
      '',
      oneLine(issuer.name),
      ...(issuer.email ? [issuer.email] : []),
    ].join('\n'),
    replyTo: issuer.email ? { name: oneLine(issuer.name), address: issuer.email } : undefined,
  }
}

export function createInvoiceService(deps: {
  db: Database
  clock: Clock
  logger: Logger
  /** Null when SMTP_URL is not set: invoices cannot be e-mailed. */
  mailer: Mailer | null
  issuer: InvoiceIssuer
}) {
  const { db, clock, logger, mailer, issuer } = deps
  const now = () => clock.now().toISOString()

  async function get(id: number): Promise<Invoice> {
    const found = await findInvoiceWithItems(db, id)
    if (!found) throw new NotFound(M.notFound)
    return toInvoice(found)
  }

  return {
    issuer: (): InvoiceIssuer => ({ ...issuer }),

    async list(query: InvoiceListQuery): Promise<InvoiceListResponse> {
      const { rows, total } = await listInvoices(db, {
        search: query.search || undefined,
        status: query.status,
        clientEmail: query.clientEmail,
        sortBy: SORT_COLUMNS[query.sortBy],
        sortOrder: query.sortOrder,
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
      })
      return { invoices: rows.map(toSummary), total }
    },

    get,

    /** A new draft, numbered INV-{year of its date}-{next}, with figures computed here. */
    async create(input: InvoiceCreateInput, actor: SessionUser): Promise<Invoice> {
      const { fields, items } = priced(input)
      const at = now()
      const record = {
        ...fields,
        status: 'draft',
        created_at: at,
        updated_at: at,
        created_by: actor.id,
        sent_at: null,
        paid_at: null,
        pdf_url: null,
        stripe_payment_intent_id: null,
      } as const
      const created = await inTransaction(db, (trx) => insertInvoice(trx, record, items))
      return toInvoice(created)
    },

    /** Replaces the fields and items; the number stays, even if the date moves to another year. */
    async update(input: InvoiceUpdateInput): Promise<Invoice> {
      const { fields, items } = priced(input)
      const at = now()
      const updated = await inTransaction(db, (trx) =>
        changeInvoice(
          trx,
          input.invoiceId,
          (current) => ({ ...fields, ...statusDates(current, input.status, at), updated_at: at }),
          items,
        ),
      )
      if (!updated) throw new NotFound(M.notFound)
      return toInvoice(updated)
    },

    async remove(id: number): Promise<void> {
      if (!(await deleteInvoice(db, id))) throw new NotFound(M.notFound)
    },

    /** The invoice as a PDF, named after its number. */
    async pdf(id: number): Promise<{ filename: string; content: Buffer }> {
      const invoice = await get(id)
      return { filename: pdfName(invoice), content: await renderInvoicePdf(invoice, issuer) }
    },

    /**
     * E-mails the invoice as a PDF to the client, then marks it sent. Nothing changes when mail is
     * not configured (503) or the mail server refuses or cannot be reached (502).
     */
    async send(id: number): Promise<Invoice> {
      if (!mailer) {
        await get(id)
        throw new Unavailable(M.mailNotConfigured)
      }
      // The client gets the invoice as it will be once sent, not marked as a draft.
      const invoice: Invoice = { ...(await get(id)), status: 'sent' }
      const filename = pdfName(invoice)
      const content = await renderInvoicePdf(invoice, issuer)
      try {
        await mailer.send({
          to: invoice.clientEmail,
          ...invoiceMail(invoice, issuer),
          attachments: [{ filename, content, contentType: 'application/pdf' }],
        })
      } catch (error) {
        logger.error('invoice e-mail failed; the invoice was not marked sent', {
          id,
          number: invoice.invoiceNumber,
          error: error instanceof Error ? error.message : String(error),
        })
        throw new BadGateway(M.mailRefused, { cause: error })
      }
      const at = now()
      const sent = await inTransaction(db, (trx) =>
        changeInvoice(trx, id, (current) => ({
          ...statusDates(current, 'sent', at),
          updated_at: at,
        })),
      )
      if (!sent) throw new NotFound(M.notFound)
      logger.info('invoice sent', { id, number: invoice.invoiceNumber })
      return toInvoice(sent)
    },
  }
}

export type InvoiceService = ReturnType<typeof createInvoiceService>
