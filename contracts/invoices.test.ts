import { describe, expect, it } from 'vitest'
import { INVOICE_MESSAGES as M, InvoiceCreateInput, InvoiceListQuery } from './invoices.ts'

const valid = {
  clientName: 'Orion Optics',
  clientEmail: 'Billing@Orion.example',
  invoiceDate: '2026-11-23',
  dueDate: '2026-12-23',
  items: [{ description: 'Telescope tune-up', quantity: 1, rate: '1.005' }],
}
const firstMessage = (input: unknown) => {
  const r = InvoiceCreateInput.safeParse(input)
  return r.success ? null : r.error.issues[0]!.message
}

describe('InvoiceCreateInput', () => {
  it('keeps decimals as exact text, defaults currency and tax, drops client totals', () => {
    const r = InvoiceCreateInput.parse({ ...valid, totalAmount: 1, subtotal: 99, taxRate: 8.25 })
    expect(r.items[0]).toEqual({ description: 'Telescope tune-up', quantity: '1', rate: '1.005' })
    expect(r).toMatchObject({
      currency: 'USD',
      taxRate: '8.25',
      clientEmail: 'billing@orion.example',
    })
    expect(r).not.toHaveProperty('totalAmount')
  })
  it.each([
    [{ clientName: '  ' }, M.clientNameRequired],
    [{ clientEmail: 'nope' }, M.invalidEmail],
    [{ items: [] }, M.itemsRequired],
    [{ items: [{ description: '', quantity: 1, rate: 1 }] }, M.descriptionRequired],
    [{ items: [{ description: 'x', quantity: 0, rate: 1 }] }, M.quantityPositive],
    [{ items: [{ description: 'x', quantity: -2, rate: 1 }] }, M.quantityPositive],
    [{ items: [{ description: 'x', quantity: 1, rate: -0.01 }] }, M.rateNegative],
    [{ items: [{ description: 'x', quantity: '1e3', rate: 1 }] }, M.quantityInvalid],
    [{ taxRate: 100.01 }, M.taxRateRange],
    [{ taxRate: -1 }, M.taxRateRange],
    [{ currency: 'US' }, M.currencyLength],
    [{ currency: 'ABC' }, M.currencyUnknown],
    [{ invoiceDate: '2026-02-30' }, M.dateInvalid],
    [{ dueDate: '2026-11-01' }, M.dueBeforeInvoice],
  ])('%o → %s', (change, message) => {
    expect(firstMessage({ ...valid, ...change })).toBe(message)
  })
  it('accepts the edges: 0 and 100 % tax, rate 0, lower-case currency', () => {
    expect(firstMessage({ ...valid, taxRate: 0 })).toBeNull()
    expect(firstMessage({ ...valid, taxRate: '100' })).toBeNull()
    expect(InvoiceCreateInput.parse({ ...valid, currency: 'jpy' }).currency).toBe('JPY')
    expect(
      firstMessage({ ...valid, items: [{ description: 'x', quantity: 0.5, rate: 0 }] }),
    ).toBeNull()
  })
})

describe('InvoiceListQuery', () => {
  it('defaults and empty values', () => {
    expect(InvoiceListQuery.parse({ search: '', status: '' })).toEqual({
      page: 1,
      limit: 10,
      sortBy: 'invoiceDate',
      sortOrder: 'desc',
    })
    expect(InvoiceListQuery.safeParse({ limit: 101 }).success).toBe(false)
    expect(InvoiceListQuery.safeParse({ clientEmail: 'x' }).error?.issues[0]?.message).toBe(
      M.invalidEmail,
    )
  })
})
