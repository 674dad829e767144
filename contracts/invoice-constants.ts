/**
 * Invoice constants, messages and response types. No schemas here: the admin screens import this
 * module without pulling zod into their bundle.
 */
export const INVOICE_STATUSES = ['draft', 'sent', 'paid', 'overdue', 'cancelled'] as const
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number]

export const INVOICE_SORT_FIELDS = [
  'invoiceNumber',
  'clientName',
  'invoiceDate',
  'dueDate',
  'totalAmount',
  'status',
] as const
export type InvoiceSortField = (typeof INVOICE_SORT_FIELDS)[number]

export const INVOICES_PAGE_SIZE = 10
export const INVOICES_LIMIT_MAX = 100
export const INVOICE_ITEMS_MAX = 200
export const INVOICE_DEFAULT_CURRENCY = 'USD'
export const INVOICE_DEFAULT_TERMS = 'Net 30'
export const INVOICE_DEFAULT_DUE_DAYS = 30

export const INVOICE_MESSAGES = {
  clientNameRequired: 'Client name is required',
  invalidEmail: 'Invalid email address',
  itemsRequired: 'At least one item is required',
  descriptionRequired: 'Description is required',
  quantityPositive: 'Quantity must be positive',
  rateNegative: 'Rate cannot be negative',
  quantityInvalid: 'Quantity must be a number with at most 4 decimals',
  rateInvalid: 'Rate must be a number with at most 6 decimals',
  taxRateRange: 'Tax rate must be between 0 and 100',
  currencyLength: 'Currency must be exactly 3 letters',
  currencyUnknown: 'Currency must be an ISO 4217 code such as USD, EUR or JPY',
  dateInvalid: 'Date must be a calendar date (YYYY-MM-DD)',
  dueBeforeInvoice: 'Due date cannot be before the invoice date',
  statusInvalid: 'Status must be draft, sent, paid, overdue or cancelled',
  invoiceIdInvalid: 'Invoice ID must be a positive integer',
  tooManyItems: 'An invoice can have at most 200 items',
  amountTooLarge: 'The invoice total is too large',
  notFound: 'Invoice not found.',

  fetchFailed: 'Failed to fetch invoices',
  fetchOneFailed: 'Failed to fetch invoice',
  createFailed: 'Failed to create invoice',
  updateFailed: 'Failed to update invoice',
  deleteFailed: 'Failed to delete invoice',
  created: 'Invoice created successfully.',
  updated: 'Invoice updated successfully.',
  deleted: 'Invoice deleted successfully.',
  sent: (n: string, to: string) => `Invoice ${n} sent to ${to}.`,
  sendFailed: 'Failed to send invoice',
  mailNotConfigured:
    'E-mail is not configured on this server (SMTP_URL and MAIL_FROM), so the invoice was not sent.',
  mailRefused: 'The mail server refused the message; the invoice was not sent.',
  empty: 'No invoices found.',
  errorFetching: 'Error fetching invoices',
} as const

export interface InvoiceItem {
  id: number
  description: string
  /** Exact decimals as numbers (1.5, 19.99); the line amount is computed by the server. */
  quantity: number
  rate: number
  amount: number
}

export interface Invoice {
  id: number
  invoiceNumber: string
  clientName: string
  clientEmail: string
  clientAddress: string | null
  /** Calendar dates, YYYY-MM-DD. */
  invoiceDate: string
  dueDate: string
  paymentTerms: string | null
  notes: string | null
  taxRate: number
  currency: string
  status: InvoiceStatus
  /** Exact to the currency's minor unit (1234.57), computed by the server. */
  subtotal: number
  taxAmount: number
  totalAmount: number
  items: InvoiceItem[]
  createdAt: string
  updatedAt: string
  createdBy: number | null
  sentAt: string | null
  paidAt: string | null
  pdfUrl: string | null
  stripePaymentIntentId: string | null
}

/** The list leaves the items out; every invoice carries its totals. */
export type InvoiceSummary = Omit<Invoice, 'items'>

export interface InvoiceListResponse {
  invoices: InvoiceSummary[]
  total: number
}

/** The business the invoices come from (INVOICE_FROM_*; the site's name by default). */
export interface InvoiceIssuer {
  name: string
  address: string | null
  email: string | null
}
