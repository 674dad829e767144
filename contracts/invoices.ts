import { z } from 'zod'
import {
  PAGE_NUMBER_MAX,
  positiveId,
  requiredString,
  wholeNumber,
  withinDateRange,
} from './common.ts'
import {
  INVOICE_DEFAULT_CURRENCY,
  INVOICE_ITEMS_MAX,
  INVOICE_MESSAGES as M,
  INVOICE_SORT_FIELDS,
  INVOICE_STATUSES,
  INVOICES_LIMIT_MAX,
  INVOICES_PAGE_SIZE,
} from './invoice-constants.ts'
import {
  decimalText,
  isKnownCurrency,
  parseDecimal,
  QUANTITY_SCALE,
  RATE_SCALE,
  TAX_RATE_SCALE,
} from './invoice-money.ts'
import { prose } from './text.ts'

export * from './invoice-constants.ts'

const invoiceId = positiveId(M.invoiceIdInvalid)

/** A decimal kept as exact text ("19.99"): numbers and strings are read digit by digit. */
const decimal = (scale: number, invalid: string, check: (d: bigint) => boolean, range: string) =>
  z.union([z.number(), z.string()], { error: invalid }).transform((v, ctx) => {
    const d = parseDecimal(v, scale)
    if (!d) {
      ctx.addIssue({ code: 'custom', message: invalid })
      return z.NEVER
    }
    if (!check(d.units * 10n ** BigInt(TAX_RATE_SCALE + 6 - d.scale))) {
      ctx.addIssue({ code: 'custom', message: range })
      return z.NEVER
    }
    return decimalText(d)
  })

/** Scaled to 10 decimals by `decimal` before the range check. */
const ONE = 10n ** 10n

const quantity = decimal(QUANTITY_SCALE, M.quantityInvalid, (v) => v > 0n, M.quantityPositive)
const rate = decimal(RATE_SCALE, M.rateInvalid, (v) => v >= 0n, M.rateNegative)
const taxRate = decimal(
  TAX_RATE_SCALE,
  M.taxRateRange,
  (v) => v >= 0n && v <= 100n * ONE,
  M.taxRateRange,
)

/** A calendar date, YYYY-MM-DD (a date-time is cut to its UTC day), in the years dates may take. */
const calendarDate = (label: string) =>
  withinDateRange(
    z
      .string({ error: M.dateInvalid })
      .trim()
      .transform((v, ctx) => {
        const day = /^\d{4}-\d{2}-\d{2}/.exec(v)?.[0]
        const parsed = day ? new Date(`${day}T00:00:00Z`) : null
        if (
          !day ||
          !parsed ||
          Number.isNaN(parsed.getTime()) ||
          parsed.toISOString().slice(0, 10) !== day
        ) {
          ctx.addIssue({ code: 'custom', message: M.dateInvalid })
          return z.NEVER
        }
        return day
      }),
    label,
  )

const currency = z
  .string({ error: M.currencyLength })
  .trim()
  .toUpperCase()
  .length(3, { error: M.currencyLength })
  .refine(isKnownCurrency, { error: M.currencyUnknown })

const optionalText = (max: number) =>
  prose(
    z
      .string()
      .trim()
      .max(max)
      .nullish()
      .transform((v) => (v ? v : null)),
  )

export const InvoiceItemInput = z.object({
  description: prose(requiredString(M.descriptionRequired).pipe(z.string().max(500))),
  quantity,
  rate,
})
export type InvoiceItemInput = z.infer<typeof InvoiceItemInput>

const invoiceFields = {
  clientName: requiredString(M.clientNameRequired).pipe(z.string().max(200)),
  clientEmail: z
    .string({ error: M.invalidEmail })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: M.invalidEmail })),
  clientAddress: optionalText(1000),
  invoiceDate: calendarDate('Invoice date'),
  dueDate: calendarDate('Due date'),
  paymentTerms: optionalText(200),
  notes: optionalText(5000),
  taxRate: taxRate.default('0'),
  currency: currency.default(INVOICE_DEFAULT_CURRENCY),
  items: z
    .array(InvoiceItemInput, { error: M.itemsRequired })
    .min(1, { error: M.itemsRequired })
    .max(INVOICE_ITEMS_MAX, { error: M.tooManyItems }),
}

const dueNotBeforeInvoice = (v: { invoiceDate: string; dueDate: string }) =>
  v.dueDate >= v.invoiceDate

/**
 * Totals (subtotal, taxAmount, totalAmount) and the number are never read from the client: the
 * server computes them. Unknown keys are dropped.
 */
export const InvoiceCreateInput = z
  .object(invoiceFields)
  .refine(dueNotBeforeInvoice, { error: M.dueBeforeInvoice, path: ['dueDate'] })
export type InvoiceCreateInput = z.infer<typeof InvoiceCreateInput>

export const InvoiceUpdateInput = z
  .object({
    ...invoiceFields,
    invoiceId,
    status: z.enum(INVOICE_STATUSES, { error: M.statusInvalid }),
  })
  .refine(dueNotBeforeInvoice, { error: M.dueBeforeInvoice, path: ['dueDate'] })
export type InvoiceUpdateInput = z.infer<typeof InvoiceUpdateInput>

export const InvoiceIdInput = z.object({ invoiceId })

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v)

export const InvoiceListQuery = z.object({
  page: wholeNumber(1, PAGE_NUMBER_MAX),
  limit: wholeNumber(INVOICES_PAGE_SIZE, INVOICES_LIMIT_MAX),
  sortBy: z.preprocess(emptyAsUndefined, z.enum(INVOICE_SORT_FIELDS).default('invoiceDate')),
  sortOrder: z.preprocess(emptyAsUndefined, z.enum(['asc', 'desc']).default('desc')),
  search: z.preprocess(emptyAsUndefined, z.string().trim().max(200).optional()),
  status: z.preprocess(
    emptyAsUndefined,
    z.enum(INVOICE_STATUSES, { error: M.statusInvalid }).optional(),
  ),
  clientEmail: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: M.invalidEmail }))
      .optional(),
  ),
})
export type InvoiceListQuery = z.infer<typeof InvoiceListQuery>
