import { containsText } from './search.ts'
import { sql } from 'kysely'
import { type Database, isPostgres, type Trx } from './dialect.ts'
import type {
  InvoiceItemRow,
  InvoiceRow,
  InvoiceUpdate,
  NewInvoiceItemRow,
  NewInvoiceRow,
} from './schema.ts'

/** An item as the service hands it over: the invoice and the position are filled in here. */
export type NewInvoiceItem = Omit<NewInvoiceItemRow, 'invoice_id' | 'position'>

export interface InvoiceWithItems {
  invoice: InvoiceRow
  items: InvoiceItemRow[]
}

/** INV-2026-0001: four digits at least, as many as it takes after 9999. */
export function formatInvoiceNumber(year: number, sequence: number): string {
  return `INV-${year}-${String(sequence).padStart(4, '0')}`
}

/**
 * Takes the year's next number. One statement that writes first (an upsert): on PostgreSQL the
 * counter row stays locked until the calling transaction ends, so concurrent creates queue behind
 * it; on SQLite the write transaction is the only one. Rolled back with the invoice, so a failed
 * insert leaves no gap.
 */
async function takeNextNumber(trx: Trx, year: number): Promise<number> {
  const row = await trx
    .insertInto('invoice_counters')
    .values({ year, last_number: 1 })
    .onConflict((oc) =>
      oc
        .column('year')
        .doUpdateSet((eb) => ({ last_number: eb('invoice_counters.last_number', '+', 1) })),
    )
    .returning('last_number')
    .executeTakeFirstOrThrow()
  return Number(row.last_number)
}

async function insertItems(
  trx: Database,
  invoiceId: number,
  items: NewInvoiceItem[],
): Promise<InvoiceItemRow[]> {
  if (!items.length) return []
  return trx
    .insertInto('invoice_items')
    .values(items.map((item, position) => ({ ...item, invoice_id: invoiceId, position })))
    .returningAll()
    .execute()
    .then((rows) => rows.sort((a, b) => a.position - b.position))
}

/** Numbers the invoice by its date's year and stores it with its items, in the caller's transaction. */
export async function insertInvoice(
  trx: Trx,
  row: Omit<NewInvoiceRow, 'invoice_number'>,
  items: NewInvoiceItem[],
): Promise<InvoiceWithItems> {
  const year = Number(row.invoice_date.slice(0, 4))
  const invoiceNumber = formatInvoiceNumber(year, await takeNextNumber(trx, year))
  const invoice = await trx
    .insertInto('invoices')
    .values({ ...row, invoice_number: invoiceNumber })
    .returningAll()
    .executeTakeFirstOrThrow()
  return { invoice, items: await insertItems(trx, invoice.id, items) }
}

export async function findInvoice(db: Database, id: number): Promise<InvoiceRow | undefined> {
  return db.selectFrom('invoices').selectAll().where('id', '=', id).executeTakeFirst()
}

export async function findInvoiceItems(db: Database, invoiceId: number): Promise<InvoiceItemRow[]> {
  return db
    .selectFrom('invoice_items')
    .selectAll()
    .where('invoice_id', '=', invoiceId)
    .orderBy('position')
    .execute()
}

export async function findInvoiceWithItems(
  db: Database,
  id: number,
): Promise<InvoiceWithItems | undefined> {
  const invoice = await findInvoice(db, id)
  return invoice && { invoice, items: await findInvoiceItems(db, id) }
}

/**
 * Changes an invoice from what it is now: the row is read and written in the caller's transaction
 * (locked on PostgreSQL), so two updates cannot both start from the same state. `items`, when given,
 * replace the invoice's items. Undefined when there is no such invoice.
 */
export async function changeInvoice(
  trx: Trx,
  id: number,
  change: (current: InvoiceRow) => InvoiceUpdate,
  items?: NewInvoiceItem[],
): Promise<InvoiceWithItems | undefined> {
  const current = await trx
    .selectFrom('invoices')
    .selectAll()
    .where('id', '=', id)
    .$call((q) => (isPostgres(trx) ? q.forUpdate() : q))
    .executeTakeFirst()
  if (!current) return undefined
  const invoice = await trx
    .updateTable('invoices')
    .set(change(current))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow()
  if (!items) return { invoice, items: await findInvoiceItems(trx, id) }
  await trx.deleteFrom('invoice_items').where('invoice_id', '=', id).execute()
  return { invoice, items: await insertItems(trx, id, items) }
}

/** The items go with it (ON DELETE CASCADE); its number stays taken. */
export async function deleteInvoice(db: Database, id: number): Promise<boolean> {
  const result = await db.deleteFrom('invoices').where('id', '=', id).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

export type InvoiceSortColumn =
  'invoice_number' | 'client_name' | 'invoice_date' | 'due_date' | 'total_minor' | 'status'

/**
 * One page of invoices. The search matches the client's name or the number, ignoring case, with
 * `%` and `_` taken literally. Numbers sort by year, then by sequence (INV-2026-10000 comes after
 * INV-2026-9999).
 */
export async function listInvoices(
  db: Database,
  query: {
    search?: string
    status?: string
    clientEmail?: string
    sortBy: InvoiceSortColumn
    sortOrder: 'asc' | 'desc'
    limit: number
    offset: number
  },
): Promise<{ rows: InvoiceRow[]; total: number }> {
  let base = db.selectFrom('invoices')
  if (query.search) {
    base = base.where(containsText(['client_name', 'invoice_number'], query.search))
  }
  if (query.status) base = base.where('status', '=', query.status)
  if (query.clientEmail) base = base.where('client_email', '=', query.clientEmail.toLowerCase())

  const order = query.sortOrder
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .$call((q) => {
        switch (query.sortBy) {
          case 'invoice_number':
            return q
              .orderBy(sql`substr(invoice_number, 1, 9)`, order)
              .orderBy(sql`length(invoice_number)`, order)
              .orderBy('invoice_number', order)
          case 'client_name':
            return q.orderBy(sql`lower(client_name)`, order)
          default:
            return q.orderBy(query.sortBy, order)
        }
      })
      .orderBy('id', order)
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}
