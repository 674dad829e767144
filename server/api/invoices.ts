import {
  type Invoice,
  InvoiceCreateInput,
  InvoiceIdInput,
  type InvoiceIssuer,
  InvoiceListQuery,
  type InvoiceListResponse,
  InvoiceUpdateInput,
} from '../../contracts/invoices.ts'
import { NoInput } from '../../contracts/common.ts'
import { INVOICE_BODY_BYTES } from './body-sizes.ts'
import { endpoint } from './define.ts'
import * as API_PATHS from '../../contracts/api-paths.ts'

// The admin's invoices: every endpoint here is admin only.

export const listInvoices = endpoint({
  ...API_PATHS.listInvoices,
  access: 'admin',
  heavy: true,
  source: 'query',
  input: InvoiceListQuery,
  async handler({ input, services, c }): Promise<InvoiceListResponse> {
    c.header('Cache-Control', 'no-store')
    return services.invoices.list(input)
  },
})

export const getInvoice = endpoint({
  ...API_PATHS.getInvoice,
  access: 'admin',
  source: 'json',
  input: InvoiceIdInput,
  handler: ({ input, services }): Promise<Invoice> => services.invoices.get(input.invoiceId),
})

export const createInvoice = endpoint({
  ...API_PATHS.createInvoice,
  access: 'admin',
  maxBodyBytes: INVOICE_BODY_BYTES,
  source: 'json',
  input: InvoiceCreateInput,
  async handler({ input, user, services, c }): Promise<Invoice> {
    const invoice = await services.invoices.create(input, user)
    c.status(201)
    return invoice
  },
})

export const updateInvoice = endpoint({
  ...API_PATHS.updateInvoice,
  access: 'admin',
  maxBodyBytes: INVOICE_BODY_BYTES,
  source: 'json',
  input: InvoiceUpdateInput,
  handler: ({ input, services }): Promise<Invoice> => services.invoices.update(input),
})

export const deleteInvoice = endpoint({
  ...API_PATHS.deleteInvoice,
  access: 'admin',
  source: 'json',
  input: InvoiceIdInput,
  async handler({ input, services }) {
    await services.invoices.remove(input.invoiceId)
    return { success: true }
  },
})

/** E-mails the PDF to the client and marks the invoice sent: 503 without mail, 502 when refused. */
export const sendInvoice = endpoint({
  ...API_PATHS.sendInvoice,
  access: 'admin',
  heavy: true,
  source: 'json',
  input: InvoiceIdInput,
  handler: ({ input, services }): Promise<Invoice> => services.invoices.send(input.invoiceId),
})

/** The invoice as a PDF download: /_api/invoices/pdf?invoiceId=1 → INV-2026-0001.pdf. */
export const downloadInvoicePdf = endpoint({
  ...API_PATHS.downloadInvoicePdf,
  access: 'admin',
  heavy: true,
  source: 'query',
  input: InvoiceIdInput,
  async handler({ input, services, c }): Promise<Response> {
    const { filename, content } = await services.invoices.pdf(input.invoiceId)
    return c.body(new Uint8Array(content), 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Content-Length': String(content.length),
      'Cache-Control': 'no-store',
    })
  },
})

export const getInvoiceIssuer = endpoint({
  ...API_PATHS.getInvoiceIssuer,
  access: 'admin',
  source: 'none',
  input: NoInput,
  handler({ services, c }): InvoiceIssuer {
    c.header('Cache-Control', 'no-store')
    return services.invoices.issuer()
  },
})
