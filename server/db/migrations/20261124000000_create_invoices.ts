import { type Kysely, sql } from 'kysely'
import { identityColumn } from '../dialect.ts'

/**
 * Invoices, their line items and one numbering counter per year (INV-{year}-{0001}). Money is
 * exact: quantities, rates and the tax rate are decimal text as entered; every amount is a whole
 * number of the currency's minor unit (bigint on PostgreSQL, INTEGER on SQLite). See
 * docs/decisions/008-invoice-money-and-numbering.md.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const id = identityColumn(db)

  await db.schema
    .createTable('invoices')
    .addColumn('id', 'integer', id)
    .addColumn('invoice_number', 'text', (c) => c.notNull().unique())
    .addColumn('client_name', 'text', (c) => c.notNull())
    .addColumn('client_email', 'text', (c) => c.notNull())
    .addColumn('client_address', 'text')
    /** Calendar dates, YYYY-MM-DD. */
    .addColumn('invoice_date', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('payment_terms', 'text')
    .addColumn('notes', 'text')
    /** Exact decimal text, percent: "8.25". */
    .addColumn('tax_rate', 'text', (c) => c.notNull())
    .addColumn('currency', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('subtotal_minor', 'bigint', (c) => c.notNull())
    .addColumn('tax_minor', 'bigint', (c) => c.notNull())
    .addColumn('total_minor', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sent_at', 'text')
    .addColumn('paid_at', 'text')
    .addColumn('pdf_url', 'text')
    .addColumn('stripe_payment_intent_id', 'text')
    .addCheckConstraint(
      'invoices_status_known',
      sql`status in ('draft', 'sent', 'paid', 'overdue', 'cancelled')`,
    )
    .execute()
  // The list sorts by each of these (ties broken by id) and filters by status and client e-mail.
  for (const column of ['invoice_date', 'due_date', 'total_minor', 'status', 'client_email']) {
    await db.schema
      .createIndex(`invoices_${column}`)
      .on('invoices')
      .columns([column, 'id'])
      .execute()
  }
  await db.schema
    .createIndex('invoices_client_name_lower')
    .on('invoices')
    .expression(sql`lower(client_name)`)
    .execute()
  await db.schema.createIndex('invoices_created_by').on('invoices').column('created_by').execute()

  await db.schema
    .createTable('invoice_items')
    .addColumn('id', 'integer', id)
    .addColumn('invoice_id', 'integer', (c) =>
      c.notNull().references('invoices.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    /** Exact decimal text: "1.5", "19.99". */
    .addColumn('quantity', 'text', (c) => c.notNull())
    .addColumn('rate', 'text', (c) => c.notNull())
    .addColumn('amount_minor', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('invoice_items_invoice_position', ['invoice_id', 'position'])
    .execute()

  /** The last number handed out in each year; a deleted invoice never gives its number back. */
  await db.schema
    .createTable('invoice_counters')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last_number', 'integer', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('invoice_counters').execute()
  await db.schema.dropTable('invoice_items').execute()
  await db.schema.dropTable('invoices').execute()
}
