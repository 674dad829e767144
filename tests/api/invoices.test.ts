import type { AddressInfo } from 'node:net'
import { inflateSync } from 'node:zlib'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Invoice, INVOICE_MESSAGES as M } from '../../contracts/invoices.ts'
import { loadConfig } from '../../server/config.ts'
import { HTTP_MESSAGES } from '../../server/http/errors.ts'
import { startSmtpServer } from '../support/smtp.ts'
import { createTestApp, testClock } from '../support/test-app.ts'

const item = (description: string, quantity: number | string, rate: number | string) => ({
  description,
  quantity,
  rate,
})

/** Three items at 8.25 %: 39.98 + 150.00 + 1.00 (0.999 rounded) = 190.98; tax 15.76; 206.74. */
const valid = {
  clientName: 'Ada Lovelace',
  clientEmail: 'Ada@Example.com',
  clientAddress: '12 Analytical Row\nLondon',
  invoiceDate: '2026-11-22',
  dueDate: '2026-12-22',
  paymentTerms: 'Net 30',
  notes: 'Observatory maintenance, November.',
  taxRate: '8.25',
  currency: 'USD',
  items: [
    item('Eyepiece cleaning', 2, '19.99'),
    item('Mount alignment', '1.5', 100),
    item('Lens tissue', 3, '0.333'),
  ],
}

/** What a test sends: the invoice fields with any changes. */
const invoiceInput = (change: Record<string, unknown> = {}) => ({ ...valid, ...change })

async function adminApp(env?: Record<string, string>) {
  const clock = testClock()
  const t = await createTestApp({ env, clock })
  const { user, cookie } = await t.signedIn('admin')
  const call = (path: string, json?: unknown) =>
    t.request(`/_api/invoices/${path}`, json === undefined ? { cookie } : { json, cookie })
  const create = async (change: Record<string, unknown> = {}) => {
    const res = await call('create', invoiceInput(change))
    if (res.status !== 201) throw new Error(`create failed: ${res.status} ${res.text}`)
    return res.json as unknown as Invoice
  }
  const get = async (id: number) =>
    (await call('get', { invoiceId: id })).json as unknown as Invoice
  return { t, clock, admin: user, cookie, call, create, get }
}

type AdminApp = Awaited<ReturnType<typeof adminApp>>

/** One app for the enclosing describe block, opened before its tests and closed after them. */
function adminAppPerBlock(env?: Record<string, string>): AdminApp {
  const a = {} as AdminApp
  beforeAll(async () => {
    Object.assign(a, await adminApp(env))
  })
  afterAll(() => a.t.close())
  return a
}

/** The PDF's text: every content stream inflated, each text-showing operator decoded (WinAnsi). */
function pdfText(pdf: Buffer): string {
  const latin = pdf.toString('latin1')
  const decoder = new TextDecoder('windows-1252')
  const lines: string[] = []
  for (let at = latin.indexOf('stream\n'); at >= 0; at = latin.indexOf('stream\n', at)) {
    const end = latin.indexOf('\nendstream', at)
    const raw = pdf.subarray(at + 'stream\n'.length, end)
    at = end + '\nendstream'.length
    let content: string
    try {
      content = inflateSync(raw).toString('latin1')
    } catch {
      content = raw.toString('latin1')
    }
    for (const shown of content.matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      const hex = [...shown[1]!.matchAll(/<([0-9a-fA-F]*)>/g)].map((m) => m[1]).join('')
      lines.push(decoder.decode(Buffer.from(hex, 'hex')))
    }
  }
  return lines.join('\n')
}

/** The PDF attached to a raw message, and its plain-text part. */
function mailParts(raw: string): { text: string; pdf: Buffer; pdfHeaders: string } {
  const parts = raw.split(/\r?\n--[^\r\n]+/)
  const body = (part: string) => part.slice(part.search(/\r?\n\r?\n/)).trim()
  const pdfPart = parts.find((p) => /Content-Type: application\/pdf/i.test(p))
  const textPart = parts.find((p) => /Content-Type: text\/plain/i.test(p))
  if (!pdfPart || !textPart) throw new Error(`no PDF or text part in:\n${raw.slice(0, 2000)}`)
  const text = /quoted-printable/i.test(textPart)
    ? body(textPart)
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)))
    : body(textPart)
  return {
    text: text.replace(/\r\n/g, '\n'),
    pdf: Buffer.from(body(pdfPart).replace(/\s+/g, ''), 'base64'),
    pdfHeaders: pdfPart.slice(0, pdfPart.search(/\r?\n\r?\n/)),
  }
}

describe('create: validation through the API, every message', () => {
  const a = adminAppPerBlock()

  const line = (change: Record<string, unknown>) => ({
    items: [{ ...item('Eyepiece cleaning', 1, 10), ...change }],
  })
  it.each([
    ['clientName', M.clientNameRequired, { clientName: '  ' }],
    ['clientName', M.clientNameRequired, { clientName: undefined }],
    ['clientEmail', M.invalidEmail, { clientEmail: 'not-an-email' }],
    ['clientEmail', M.invalidEmail, { clientEmail: undefined }],
    ['items', M.itemsRequired, { items: [] }],
    ['items', M.itemsRequired, { items: undefined }],
    ['items.0.description', M.descriptionRequired, line({ description: ' ' })],
    ['items.0.quantity', M.quantityPositive, line({ quantity: 0 })],
    ['items.0.quantity', M.quantityPositive, line({ quantity: '-2' })],
    ['items.0.quantity', M.quantityInvalid, line({ quantity: '1.23456' })],
    ['items.0.quantity', M.quantityInvalid, line({ quantity: '1e3' })],
    ['items.0.rate', M.rateNegative, line({ rate: -0.01 })],
    ['items.0.rate', M.rateInvalid, line({ rate: '0.1234567' })],
    ['items.0.rate', M.rateInvalid, line({ rate: 'ten' })],
    ['taxRate', M.taxRateRange, { taxRate: '100.01' }],
    ['taxRate', M.taxRateRange, { taxRate: -1 }],
    ['taxRate', M.taxRateRange, { taxRate: 'lots' }],
    ['currency', M.currencyLength, { currency: 'US' }],
    ['currency', M.currencyUnknown, { currency: 'ABC' }],
    ['invoiceDate', M.dateInvalid, { invoiceDate: '2026-02-30' }],
    ['dueDate', M.dateInvalid, { dueDate: 'next week' }],
    ['dueDate', M.dueBeforeInvoice, { dueDate: '2026-11-21' }],
    ['items', M.tooManyItems, { items: Array.from({ length: 201 }, () => item('x', 1, 1)) }],
    ['items', M.amountTooLarge, { items: [item('A galaxy', '999999999999999', '999999')] }],
  ])('#%# %s: %s', async (field, message, change) => {
    const res = await a.call('create', invoiceInput(change))
    expect(res.status, res.text).toBe(400)
    expect(res.json.error).toBe(message)
    expect(res.json.details).toMatchObject({ [field]: [message] })
  })

  it('update refuses an unknown status and a bad id; get, delete, send and pdf too', async () => {
    const created = await a.create()
    const status = await a.call('update', { ...valid, invoiceId: created.id, status: 'void' })
    expect(status.status).toBe(400)
    expect(status.json).toMatchObject({
      error: M.statusInvalid,
      details: { status: [M.statusInvalid] },
    })
    for (const invoiceId of [0, -1, 'abc', 1.5, undefined]) {
      const res = await a.call('update', { ...valid, invoiceId, status: 'draft' })
      expect(res.json).toMatchObject({ error: M.invoiceIdInvalid })
    }
    for (const path of ['get', 'delete', 'send']) {
      const res = await a.call(path, { invoiceId: 'abc' })
      expect(res.status).toBe(400)
      expect(res.json.error).toBe(M.invoiceIdInvalid)
    }
    const pdf = await a.t.request('/_api/invoices/pdf?invoiceId=0', { cookie: a.cookie })
    expect(pdf.status).toBe(400)
    expect(pdf.json.error).toBe(M.invoiceIdInvalid)
  })

  it('the list refuses a bad status, a bad e-mail and a limit over 100', async () => {
    const bad = async (query: string) => {
      const res = await a.t.request(`/_api/invoices/list?${query}`, { cookie: a.cookie })
      expect(res.status, query).toBe(400)
      return res.json.error
    }
    expect(await bad('status=void')).toBe(M.statusInvalid)
    expect(await bad('clientEmail=nobody')).toBe(M.invalidEmail)
    expect(await bad('limit=101')).toBe('Must be at most 100')
    expect(await bad('page=0')).toBe('Must be a positive whole number')
    expect(await bad('sortBy=secret')).toBeTruthy()
  })

  it('nothing was stored by the refused requests', async () => {
    const rows = await a.t.db.selectFrom('invoices').select('id').execute()
    expect(rows).toHaveLength(1)
  })
})

describe('totals are computed by the server', () => {
  const a = adminAppPerBlock()

  it('3 items at 8.25 %: the totals sent by the client are ignored', async () => {
    const res = await a.call(
      'create',
      invoiceInput({
        subtotal: 1,
        taxAmount: 999,
        totalAmount: 0,
        status: 'paid',
        invoiceNumber: 'INV-1999-0042',
        items: valid.items.map((i) => ({ ...i, amount: 5 })),
      }),
    )
    expect(res.status, res.text).toBe(201)
    const invoice = res.json as unknown as Invoice
    expect(invoice).toMatchObject({
      invoiceNumber: 'INV-2026-0001',
      status: 'draft',
      clientEmail: 'ada@example.com',
      taxRate: 8.25,
      currency: 'USD',
      subtotal: 190.98,
      taxAmount: 15.76,
      totalAmount: 206.74,
      createdBy: a.admin.id,
      sentAt: null,
      paidAt: null,
      pdfUrl: null,
      stripePaymentIntentId: null,
    })
    expect(invoice.items.map(({ quantity, rate, amount }) => [quantity, rate, amount])).toEqual([
      [2, 19.99, 39.98],
      [1.5, 100, 150],
      [3, 0.333, 1],
    ])
    const row = await a.t.db
      .selectFrom('invoices')
      .selectAll()
      .where('id', '=', invoice.id)
      .executeTakeFirstOrThrow()
    expect([row.subtotal_minor, row.tax_minor, row.total_minor].map(BigInt)).toEqual([
      19098n,
      1576n,
      20674n,
    ])
    expect(row.tax_rate).toBe('8.25')
    expect(await a.get(invoice.id)).toEqual(invoice)
  })

  it('half-up once per line, exactly: 1.005 × 1 is 1.01', async () => {
    const invoice = await a.create({ taxRate: 0, items: [item('Filter', 1, '1.005')] })
    expect(invoice).toMatchObject({ subtotal: 1.01, taxAmount: 0, totalAmount: 1.01 })
  })

  it('JPY has no minor unit: 3 × 333.5 = 1,001 yen, 10 % tax 100, total 1,101', async () => {
    const invoice = await a.create({
      currency: 'jpy',
      taxRate: 10,
      items: [item('Star chart', 3, '333.5')],
      totalAmount: 1000.5,
    })
    expect(invoice).toMatchObject({
      currency: 'JPY',
      subtotal: 1001,
      taxAmount: 100,
      totalAmount: 1101,
    })
    expect(invoice.items[0]!.amount).toBe(1001)
  })

  it('KWD has three decimals: 1.2345 → 1.235, 5 % tax 0.062, total 1.297', async () => {
    const invoice = await a.create({
      currency: 'KWD',
      taxRate: 5,
      items: [item('Dew heater', 1, '1.2345')],
    })
    expect(invoice).toMatchObject({
      currency: 'KWD',
      subtotal: 1.235,
      taxAmount: 0.062,
      totalAmount: 1.297,
    })
    const row = await a.t.db
      .selectFrom('invoices')
      .select('total_minor')
      .where('id', '=', invoice.id)
      .executeTakeFirstOrThrow()
    expect(BigInt(row.total_minor)).toBe(1297n)
  })

  it('an update recomputes the figures from the new items, tax rate and currency', async () => {
    const created = await a.create()
    const res = await a.call('update', {
      ...valid,
      invoiceId: created.id,
      status: 'draft',
      taxRate: '20',
      currency: 'EUR',
      items: [item('Collimation', 2, '45.50')],
      totalAmount: 1,
    })
    expect(res.status, res.text).toBe(200)
    const updated = res.json as unknown as Invoice
    expect(updated).toMatchObject({
      id: created.id,
      invoiceNumber: created.invoiceNumber,
      currency: 'EUR',
      subtotal: 91,
      taxAmount: 18.2,
      totalAmount: 109.2,
    })
    expect(updated.items).toHaveLength(1)
    expect(updated.items[0]).toMatchObject({ description: 'Collimation', quantity: 2, rate: 45.5 })
    const items = await a.t.db
      .selectFrom('invoice_items')
      .select('id')
      .where('invoice_id', '=', created.id)
      .execute()
    expect(items).toHaveLength(1)
  })

  it('items keep the order they were entered in', async () => {
    const names = Array.from({ length: 12 }, (_, i) => `Item ${String.fromCharCode(90 - i)}`)
    const created = await a.create({ items: names.map((n) => item(n, 1, 1)) })
    expect((await a.get(created.id)).items.map((i) => i.description)).toEqual(names)
  })
})

describe('numbering: INV-{year}-{0001}, per year, never reused, no gap', () => {
  const a = adminAppPerBlock()
  const seq = (n: string) => Number(n.split('-')[2])

  it('20 concurrent creates get 20 distinct consecutive numbers', async () => {
    const first = await a.create()
    expect(first.invoiceNumber).toBe('INV-2026-0001')
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => a.call('create', invoiceInput({ clientName: `C${i}` }))),
    )
    expect(results.map((r) => r.status)).toEqual(Array(20).fill(201))
    const numbers = results.map((r) => String(r.json.invoiceNumber))
    expect(new Set(numbers).size).toBe(20)
    expect(numbers.map(seq).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 2),
    )
    const counter = await a.t.db
      .selectFrom('invoice_counters')
      .selectAll()
      .where('year', '=', 2026)
      .executeTakeFirstOrThrow()
    expect(counter.last_number).toBe(21)
  })

  it('the year of the invoice date picks the sequence; a new year starts at 0001', async () => {
    const nextYear = await a.create({ invoiceDate: '2027-01-04', dueDate: '2027-02-03' })
    expect(nextYear.invoiceNumber).toBe('INV-2027-0001')
    expect(
      (await a.create({ invoiceDate: '2027-03-01', dueDate: '2027-03-31' })).invoiceNumber,
    ).toBe('INV-2027-0002')
    expect((await a.create()).invoiceNumber).toBe('INV-2026-0022')
  })

  it('a deleted invoice leaves its number unused: the next create takes the next one', async () => {
    const doomed = await a.create({ invoiceDate: '2028-05-01', dueDate: '2028-05-31' })
    expect(doomed.invoiceNumber).toBe('INV-2028-0001')
    expect((await a.call('delete', { invoiceId: doomed.id })).json).toEqual({ success: true })
    const gone = await a.call('get', { invoiceId: doomed.id })
    expect(gone.status).toBe(404)
    expect(gone.json.error).toBe(M.notFound)
    const again = await a.call('delete', { invoiceId: doomed.id })
    expect(again.status).toBe(404)
    expect(again.json.error).toBe(M.notFound)
    const items = await a.t.db
      .selectFrom('invoice_items')
      .select('id')
      .where('invoice_id', '=', doomed.id)
      .execute()
    expect(items).toEqual([])
    expect(
      (await a.create({ invoiceDate: '2028-06-01', dueDate: '2028-06-30' })).invoiceNumber,
    ).toBe('INV-2028-0002')
  })

  it('an update that moves the date to another year keeps the number', async () => {
    const created = await a.create({ invoiceDate: '2029-12-30', dueDate: '2030-01-29' })
    expect(created.invoiceNumber).toBe('INV-2029-0001')
    const res = await a.call('update', {
      ...valid,
      invoiceId: created.id,
      status: 'draft',
      invoiceDate: '2030-01-02',
      dueDate: '2030-02-01',
    })
    expect(res.json).toMatchObject({ invoiceNumber: 'INV-2029-0001', invoiceDate: '2030-01-02' })
    expect(
      (await a.create({ invoiceDate: '2030-01-05', dueDate: '2030-02-04' })).invoiceNumber,
    ).toBe('INV-2030-0001')
  })

  it('grows past 9999 and still sorts by sequence', async () => {
    await a.t.db.insertInto('invoice_counters').values({ year: 2031, last_number: 9998 }).execute()
    const dated = { invoiceDate: '2031-02-01', dueDate: '2031-03-01' }
    const numbers = []
    for (let i = 0; i < 3; i++) numbers.push((await a.create(dated)).invoiceNumber)
    expect(numbers).toEqual(['INV-2031-9999', 'INV-2031-10000', 'INV-2031-10001'])
    const res = await a.t.request(
      '/_api/invoices/list?search=INV-2031&sortBy=invoiceNumber&sortOrder=asc',
      { cookie: a.cookie },
    )
    const listed = (res.json.invoices as Invoice[]).map((i) => i.invoiceNumber)
    expect(listed).toEqual(numbers)
    const all = await a.t.request(
      '/_api/invoices/list?sortBy=invoiceNumber&sortOrder=desc&limit=3',
      {
        cookie: a.cookie,
      },
    )
    expect((all.json.invoices as Invoice[]).map((i) => i.invoiceNumber)).toEqual(
      [...numbers].reverse(),
    )
  })
})

describe('status changes stamp and clear sentAt and paidAt', () => {
  const a = adminAppPerBlock()

  it('sent → paid → overdue → sent → draft', async () => {
    const created = await a.create()
    const move = async (status: string) => {
      a.clock.advance(60_000)
      const res = await a.call('update', { ...valid, invoiceId: created.id, status })
      expect(res.status, res.text).toBe(200)
      return res.json as unknown as Invoice
    }
    const t1 = new Date(a.clock.now().getTime() + 60_000).toISOString()
    const sent = await move('sent')
    expect(sent).toMatchObject({ status: 'sent', sentAt: t1, paidAt: null, updatedAt: t1 })
    const paid = await move('paid')
    expect(paid).toMatchObject({ status: 'paid', sentAt: t1 })
    expect(paid.paidAt).toBe(paid.updatedAt)
    const stillPaid = await move('paid')
    expect(stillPaid.paidAt).toBe(paid.paidAt)
    const overdue = await move('overdue')
    expect(overdue).toMatchObject({ status: 'overdue', sentAt: t1, paidAt: null })
    const resent = await move('sent')
    expect(resent).toMatchObject({ status: 'sent', sentAt: t1, paidAt: null })
    const draft = await move('draft')
    expect(draft).toMatchObject({ status: 'draft', sentAt: null, paidAt: null })
    const cancelled = await move('cancelled')
    expect(cancelled).toMatchObject({ status: 'cancelled', sentAt: null, paidAt: null })
  })

  it('an unknown invoice is 404 for update', async () => {
    const res = await a.call('update', { ...valid, invoiceId: 999_999, status: 'draft' })
    expect(res.status).toBe(404)
    expect(res.json.error).toBe(M.notFound)
  })
})

describe('GET /_api/invoices/list', () => {
  const a = adminAppPerBlock()
  const list = async (query = '') => {
    const res = await a.t.request(`/_api/invoices/list?${query}`, { cookie: a.cookie })
    expect(res.status, res.text).toBe(200)
    return res.json as unknown as { invoices: Invoice[]; total: number }
  }
  beforeAll(async () => {
    const one = (name: string, email: string, rate: string, date: string) =>
      a.create({
        clientName: name,
        clientEmail: email,
        invoiceDate: date,
        dueDate: date,
        taxRate: 0,
        items: [item('Work', 1, rate)],
      })
    await one('Acme 100% Corp', 'acme@example.com', '100', '2026-01-10')
    await one('Beta_Labs', 'beta@example.com', '50', '2026-02-10')
    const gamma = await one('gamma industries', 'gamma@example.com', '300', '2026-03-10')
    await one('Delta Ltd', 'ACME@example.com', '5', '2026-04-10')
    for (let i = 0; i < 12; i++)
      await one(
        `Filler ${String(i).padStart(2, '0')}`,
        'filler@example.com',
        `${1000 + i}`,
        '2025-06-01',
      )
    await a.call('update', {
      ...valid,
      invoiceId: gamma.id,
      clientName: 'gamma industries',
      clientEmail: 'gamma@example.com',
      invoiceDate: '2026-03-10',
      dueDate: '2026-03-10',
      taxRate: 0,
      items: [item('Work', 1, '300')],
      status: 'paid',
    })
  })

  it('answers 10 by invoice date, newest first, with the total and no items', async () => {
    const { invoices, total } = await list()
    expect(total).toBe(16)
    expect(invoices).toHaveLength(10)
    expect(invoices.slice(0, 4).map((i) => i.clientName)).toEqual([
      'Delta Ltd',
      'gamma industries',
      'Beta_Labs',
      'Acme 100% Corp',
    ])
    expect(invoices[0]).not.toHaveProperty('items')
    expect(invoices[0]).toMatchObject({ totalAmount: 5, subtotal: 5, taxAmount: 0 })
  })

  it('searches the client name and the number, ignoring case', async () => {
    expect((await list('search=ACME')).invoices.map((i) => i.clientName)).toEqual([
      'Acme 100% Corp',
    ])
    const byNumber = await list('search=inv-2026-0002')
    expect(byNumber.invoices.map((i) => i.clientName)).toEqual(['Beta_Labs'])
    expect((await list('search=filler&limit=100')).total).toBe(12)
    expect((await list('search=nobody')).total).toBe(0)
  })

  it('takes % and _ literally', async () => {
    expect((await list('search=%25')).invoices.map((i) => i.clientName)).toEqual(['Acme 100% Corp'])
    expect((await list('search=_')).invoices.map((i) => i.clientName)).toEqual(['Beta_Labs'])
    expect((await list('search=!')).total).toBe(0)
  })

  it('filters by status and by client e-mail', async () => {
    expect((await list('status=paid')).invoices.map((i) => i.clientName)).toEqual([
      'gamma industries',
    ])
    expect((await list('status=draft')).total).toBe(15)
    expect((await list('status=overdue')).total).toBe(0)
    const acme = await list('clientEmail=ACME@Example.com&sortBy=clientName&sortOrder=asc')
    expect(acme.invoices.map((i) => i.clientName)).toEqual(['Acme 100% Corp', 'Delta Ltd'])
    expect((await list('status=draft&search=gamma')).total).toBe(0)
  })

  it('sorts by amount as a number, by name ignoring case, by each field either way', async () => {
    const asc = await list('sortBy=totalAmount&sortOrder=asc&limit=5')
    expect(asc.invoices.map((i) => i.totalAmount)).toEqual([5, 50, 100, 300, 1000])
    const desc = await list('sortBy=totalAmount&sortOrder=desc&limit=2')
    expect(desc.invoices.map((i) => i.totalAmount)).toEqual([1011, 1010])
    const names = await list('sortBy=clientName&sortOrder=asc&limit=100')
    expect(names.invoices.map((i) => i.clientName)).toEqual([
      'Acme 100% Corp',
      'Beta_Labs',
      'Delta Ltd',
      ...Array.from({ length: 12 }, (_, i) => `Filler ${String(i).padStart(2, '0')}`),
      'gamma industries',
    ])
    const status = await list('sortBy=status&sortOrder=desc&limit=1')
    expect(status.invoices[0]!.status).toBe('paid')
    const due = await list('sortBy=dueDate&sortOrder=asc&limit=100')
    const dues = due.invoices.map((i) => i.dueDate)
    expect(dues).toEqual([...dues].sort())
    const numbers = await list('sortBy=invoiceNumber&sortOrder=asc&limit=2')
    expect(numbers.invoices.map((i) => i.invoiceNumber)).toEqual(['INV-2025-0001', 'INV-2025-0002'])
  })

  it('pages: each invoice once, a page past the end empty', async () => {
    const seen: number[] = []
    for (let page = 1; page <= 4; page++) {
      const { invoices, total } = await list(`limit=5&page=${page}&sortBy=totalAmount`)
      expect(total).toBe(16)
      expect(invoices).toHaveLength(page === 4 ? 1 : 5)
      seen.push(...invoices.map((i) => i.id))
    }
    expect(new Set(seen).size).toBe(16)
    expect((await list('limit=5&page=5')).invoices).toEqual([])
    expect((await list('limit=100')).invoices).toHaveLength(16)
  })
})

describe('access', () => {
  const a = adminAppPerBlock()
  let member: string
  beforeAll(async () => {
    member = (await a.t.signedIn('user')).cookie
  })

  it('a member gets 403 and a visitor 401 on every invoice endpoint; nothing changes', async () => {
    const created = await a.create()
    const calls: Array<[string, unknown]> = [
      ['/_api/invoices/list', undefined],
      ['/_api/invoices/issuer', undefined],
      [`/_api/invoices/pdf?invoiceId=${created.id}`, undefined],
      ['/_api/invoices/get', { invoiceId: created.id }],
      ['/_api/invoices/create', valid],
      ['/_api/invoices/update', { ...valid, invoiceId: created.id, status: 'paid' }],
      ['/_api/invoices/delete', { invoiceId: created.id }],
      ['/_api/invoices/send', { invoiceId: created.id }],
    ]
    for (const [url, json] of calls) {
      const asMember = await a.t.request(url, { json, cookie: member })
      expect(asMember.status, url).toBe(403)
      expect(asMember.json.error).toBe(HTTP_MESSAGES.forbidden)
      const anonymous = await a.t.request(url, { json })
      expect(anonymous.status, url).toBe(401)
      expect(anonymous.json.error).toBe(HTTP_MESSAGES.notAuthenticated)
    }
    expect(await a.get(created.id)).toEqual(created)
    expect((await a.t.db.selectFrom('invoices').select('id').execute()).length).toBe(1)
  })
})

describe('PDF and issuer', () => {
  const a = adminAppPerBlock({
    INVOICE_FROM_NAME: 'Orion Supplies',
    INVOICE_FROM_ADDRESS: '7 Nebula Lane\\nTucson, AZ 85701',
    INVOICE_FROM_EMAIL: 'Billing@Orion.example',
  })

  async function download(id: number | string) {
    const res = await a.t.app.request(
      `http://localhost/_api/invoices/pdf?invoiceId=${id}`,
      { headers: { cookie: a.cookie } },
      { incoming: { socket: { remoteAddress: '203.0.113.7' } } } as never,
    )
    return { res, body: Buffer.from(await res.arrayBuffer()) }
  }

  it('GET /invoices/issuer answers INVOICE_FROM_*', async () => {
    const res = await a.call('issuer')
    expect(res.status).toBe(200)
    expect(res.json).toEqual({
      name: 'Orion Supplies',
      address: '7 Nebula Lane\nTucson, AZ 85701',
      email: 'Billing@Orion.example',
    })
  })

  it('the issuer defaults to the site name and MAIL_FROM', () => {
    expect(
      loadConfig({ DATA_DIR: '/tmp/x', SESSION_SECRET: 'x'.repeat(40) }).invoiceIssuer,
    ).toEqual({ name: 'Astro Cosmos', address: null, email: null })
    const config = loadConfig({
      DATA_DIR: '/tmp/x',
      SESSION_SECRET: 'x'.repeat(40),
      SITE_NAME: 'Skyward',
      MAIL_FROM: '"Skyward" <Hello@Skyward.example>',
    })
    expect(config.invoiceIssuer).toEqual({
      name: 'Skyward',
      address: null,
      email: 'Hello@Skyward.example',
    })
  })

  it('GET /invoices/pdf downloads the invoice as a PDF with everything on it', async () => {
    const invoice = await a.create()
    const { res, body } = await download(invoice.id)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="INV-2026-0001.pdf"')
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(body.subarray(0, 5).toString()).toBe('%PDF-')
    const text = pdfText(body)
    for (const expected of [
      'Orion Supplies',
      '7 Nebula Lane',
      'Tucson, AZ 85701',
      'Billing@Orion.example',
      'INVOICE',
      'DRAFT',
      'Bill To',
      'Ada Lovelace',
      'ada@example.com',
      '12 Analytical Row',
      'INV-2026-0001',
      'November 22, 2026',
      'December 22, 2026',
      'Net 30',
      'Description',
      'Qty',
      'Rate',
      'Amount',
      'Eyepiece cleaning',
      '$19.99',
      '$39.98',
      '1.5',
      '$0.333',
      'Subtotal',
      '$190.98',
      'Tax (8.25%)',
      '$15.76',
      'Total Due',
      '$206.74',
      'Observatory maintenance, November.',
      'Thank you for your business!',
    ])
      expect(text).toContain(expected)
  })

  it('no tax line at 0 %; amounts in its currency; text the fonts lack is replaced', async () => {
    const invoice = await a.create({
      clientName: 'Zoë Nakamura 中村',
      currency: 'EUR',
      taxRate: 0,
      notes: null,
      items: [item('Ő-ring set', 2, '1234.5')],
    })
    const text = pdfText((await download(invoice.id)).body)
    expect(text).toContain('Zoë Nakamura ??')
    expect(text).toContain('O-ring set')
    expect(text).toContain('€2,469.00')
    expect(text).not.toContain('Tax')
    expect(text).not.toContain('Notes')
    const rupees = await a.create({ currency: 'INR', items: [item('Filter', 1, '10')], taxRate: 0 })
    expect(pdfText((await download(rupees.id)).body)).toContain('INR\u00a010.00')
  })

  it('200 items run onto more pages with the column heads repeated', async () => {
    const items = Array.from({ length: 200 }, (_, i) =>
      item(`Plate ${i + 1}: ${'long description of the exposure '.repeat(i % 7)}`, 1, '2.50'),
    )
    const invoice = await a.create({ items })
    const { res, body } = await download(invoice.id)
    expect(res.status).toBe(200)
    const pages = body.toString('latin1').match(/\/Type \/Page\b/g)?.length ?? 0
    expect(pages).toBeGreaterThan(3)
    const text = pdfText(body)
    const heads = text.match(/^Description$/gm)?.length ?? 0
    expect(heads).toBeGreaterThanOrEqual(pages - 1)
    expect(heads).toBeLessThanOrEqual(pages)
    expect(text).toContain('Plate 200')
    expect(text).toContain('Total Due')
    expect(text).toContain('$541.25')
    expect(body.length).toBeLessThan(500_000)
  })

  it('an unknown invoice is 404', async () => {
    const { res, body } = await download(999_999)
    expect(res.status).toBe(404)
    expect(JSON.parse(body.toString()).error).toBe(M.notFound)
  })
})

describe('POST /_api/invoices/send', () => {
  it('e-mails the PDF to the client, then marks the invoice sent', async () => {
    const smtp = await startSmtpServer()
    const a = await adminApp({
      SMTP_URL: smtp.url,
      MAIL_FROM: '"Astro Cosmos" <billing@astro.example>',
      INVOICE_FROM_NAME: 'Orion Supplies',
    })
    try {
      const invoice = await a.create()
      a.clock.advance(5_000)
      const res = await a.call('send', { invoiceId: invoice.id })
      expect(res.status, res.text).toBe(200)
      const sentAt = a.clock.now().toISOString()
      expect(res.json).toMatchObject({ id: invoice.id, status: 'sent', sentAt, updatedAt: sentAt })
      expect(await a.get(invoice.id)).toEqual(res.json)

      expect(smtp.mails).toHaveLength(1)
      const mail = smtp.mails[0]!
      expect(mail.to).toEqual(['ada@example.com'])
      expect(mail.from).toBe('billing@astro.example')
      expect(mail.raw).toMatch(/^Subject: Invoice INV-2026-0001 from Orion Supplies\r?$/m)
      expect(mail.raw).toMatch(/^Reply-To: Orion Supplies <billing@astro.example>\r?$/m)
      const { text, pdf, pdfHeaders } = mailParts(mail.raw)
      expect(text).toContain('Amount due: $206.74')
      expect(text).toContain('Due date:   December 22, 2026')
      expect(pdfHeaders).toMatch(/filename="?INV-2026-0001\.pdf"?/)
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
      const pdfWords = pdfText(pdf)
      expect(pdfWords).toContain('INV-2026-0001')
      expect(pdfWords).toContain('$206.74')
      expect(pdfWords).toContain('SENT')

      // Sending again keeps the first sentAt.
      a.clock.advance(5_000)
      const again = await a.call('send', { invoiceId: invoice.id })
      expect(again.json).toMatchObject({ status: 'sent', sentAt })
      expect(smtp.mails).toHaveLength(2)

      const unknown = await a.call('send', { invoiceId: 999_999 })
      expect(unknown.status).toBe(404)
      expect(unknown.json.error).toBe(M.notFound)
    } finally {
      await a.t.close()
      await smtp.close()
    }
  })

  /** Sending fails with `status` and `message`; the invoice is left exactly as it was. */
  async function sendFails(env: Record<string, string>, status: number, message: string) {
    const a = await adminApp(env)
    try {
      const invoice = await a.create()
      const res = await a.call('send', { invoiceId: invoice.id })
      expect(res.status).toBe(status)
      expect(res.json.error).toBe(message)
      expect(await a.get(invoice.id)).toEqual(invoice)
      expect((await a.call('send', { invoiceId: 999_999 })).status).toBe(404)
    } finally {
      await a.t.close()
    }
  }

  it('without mail configured: 503 and the invoice unchanged', async () => {
    await sendFails({}, 503, M.mailNotConfigured)
  })

  it('with the mail server down: 502 and the invoice unchanged', async () => {
    const smtp = await startSmtpServer()
    await smtp.close()
    await sendFails({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}` }, 502, M.mailRefused)
  })

  it('with the mail server refusing the recipient: 502 and the invoice unchanged', async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(_address, _session, callback) {
        callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }))
      },
    })
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', resolve))
    const { port } = refusing.server.address() as AddressInfo
    try {
      await sendFails({ SMTP_URL: `smtp://127.0.0.1:${port}` }, 502, M.mailRefused)
    } finally {
      await new Promise<void>((resolve) => refusing.close(() => resolve()))
    }
  })
})
