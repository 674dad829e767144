import {
  type Invoice,
  InvoiceCreateInput,
  InvoiceIdInput,
  type InvoiceIssuer,
  InvoiceListQuery,
  type InvoiceListResponse,
  InvoiceUpdateInput,
} from '../../contracts/invoices.ts'
import { NoInput } from './auth.ts'
import { endpoint } from './define.ts'

// The admin's invoices: every endpoint here is admin only.

export const listInvoices = endpoint({
  method: 'GET',
  path: '/invoices/list',
  access: 'admin',
  source: 'query',
  input: InvoiceListQuery,
  async handler({ input, services, c }): Promise<InvoiceListResponse> {
    c.header('Cache-Control', 'no-store')
    return services.invoices.list(input)
  },
})

export const getInvoice = endpoint({
  method: 'POST',
  path: '/invoices/get',
  access: 'admin',
  source: 'json',
  input: InvoiceIdInput,
  handler: ({ input, services }): Promise<Invoice> => services.invoices.get(input.invoiceId),
})

export const createInvoice = endpoint({
  method: 'POST',
  path: '/invoices/create',
  access: 'admin',
  source: 'json',
  input: InvoiceCreateInput,
  async handler({ input, user, services, c }): Promise<Invoice> {
    const invoice = await services.invoices.create(input, user)
    c.status(201)
    return invoice
  },
})

export const updateInvoice = endpoint({
  method: 'POST',
  path: '/invoices/update',
  access: 'admin',
  source: 'json',
  input: InvoiceUpdateInput,
  handler: ({ input, services }): Promise<Invoice> => services.invoices.update(input),
})

export const deleteInvoice = endpoint({
  method: 'POST',
  path: '/invoices/delete',
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
  method: 'POST',
  path: '/invoices/send',
  access: 'admin',
  source: 'json',
  input: InvoiceIdInput,
  handler: ({ input, services }): Promise<Invoice> => services.invoices.send(input.invoiceId),
})

/** The invoice as a PDF download: /_api/invoices/pdf?invoiceId=1 → INV-2026-0001.pdf. */
export const downloadInvoicePdf = endpoint({
  method: 'GET',
  path: '/invoices/pdf',
  access: 'admin',
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
  method: 'GET',
  path: '/invoices/issuer',
  access: 'admin',
  source: 'none',
  input: NoInput,
  handler({ services, c }): InvoiceIssuer {
    c.header('Cache-Control', 'no-store')
    return services.invoices.issuer()
  },
})
