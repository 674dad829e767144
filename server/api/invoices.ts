import * as API from '../../contracts/endpoints.ts'
import { deleted } from './audit.ts'
import { activitySummary } from '../../contracts/activity.ts'
import { INVOICE_BODY_BYTES } from './body-sizes.ts'
import { handle } from './define.ts'

// The admin's invoices: every endpoint here is admin only.

export const listInvoices = handle(API.listInvoices, {
  heavy: true,
  handler: (input, { services }) => services.invoices.list(input),
})

export const getInvoice = handle(API.getInvoice, {
  handler: (input, { services }) => services.invoices.get(input.invoiceId),
})

export const createInvoice = handle(API.createInvoice, {
  audit: (_input, invoice) => ({
    kind: 'invoice',
    action: 'create',
    targetId: invoice.id,
    summary: activitySummary('Created', 'invoice', invoice.invoiceNumber),
  }),
  maxBodyBytes: INVOICE_BODY_BYTES,
  handler: (input, { user, services }) => services.invoices.create(input, user),
})

export const updateInvoice = handle(API.updateInvoice, {
  audit: (_input, invoice) => ({
    kind: 'invoice',
    action: 'update',
    targetId: invoice.id,
    summary: activitySummary('Updated', 'invoice', invoice.invoiceNumber, [
      `status ${invoice.status}`,
    ]),
  }),
  maxBodyBytes: INVOICE_BODY_BYTES,
  handler: (input, { services }) => services.invoices.update(input),
})

export const deleteInvoice = handle(API.deleteInvoice, {
  audit: deleted('invoice', (input) => input.invoiceId),
  async handler(input, { services }) {
    await services.invoices.remove(input.invoiceId)
    return { success: true }
  },
})

/** E-mails the PDF to the client and marks the invoice sent: 503 without mail, 502 when refused. */
export const sendInvoice = handle(API.sendInvoice, {
  audit: (_input, invoice) => ({
    kind: 'invoice',
    action: 'send',
    targetId: invoice.id,
    summary: activitySummary('Sent', 'invoice', invoice.invoiceNumber),
  }),
  heavy: true,
  handler: (input, { services }) => services.invoices.send(input.invoiceId),
})

/** The invoice as a PDF download: /_api/invoices/pdf?invoiceId=1 → INV-2026-0001.pdf. */
export const downloadInvoicePdf = handle(API.downloadInvoicePdf, {
  heavy: true,
  async handler(input, { services }) {
    const { filename, content } = await services.invoices.pdf(input.invoiceId)
    return new Response(new Uint8Array(content), {
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${filename}"`,
        'Content-Length': String(content.length),
      },
    })
  },
})

export const getInvoiceIssuer = handle(API.getInvoiceIssuer, {
  handler: (_input, { services }) => services.invoices.issuer(),
})
