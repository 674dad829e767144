import type { InvoiceSummary } from '../../../contracts/invoice-constants.ts'
import { formatMoney } from '../../../contracts/invoice-money.ts'
import { formatShortDate } from '../../lib/format.ts'
import { Td, Th } from '../ui/table.tsx'
import { InvoiceStatusBadge } from './invoice-document.tsx'

/** The invoice table's columns: Invoice #, Client, Amount, Status, Due Date. */
export function InvoiceHeaderCells() {
  return (
    <>
      <Th>Invoice #</Th>
      <Th>Client</Th>
      <Th className="text-right">Amount</Th>
      <Th>Status</Th>
      <Th>Due Date</Th>
    </>
  )
}

/** One invoice's cells; its number is a button that opens it. */
export function InvoiceCells({ invoice, onOpen }: { invoice: InvoiceSummary; onOpen: () => void }) {
  return (
    <>
      <Td className="font-medium whitespace-nowrap">
        <button type="button" className="cursor-pointer hover:underline" onClick={onOpen}>
          {invoice.invoiceNumber}
        </button>
      </Td>
      <Td>
        <div className="font-medium">{invoice.clientName}</div>
        <div className="text-xs break-all text-muted-foreground">{invoice.clientEmail}</div>
      </Td>
      <Td className="text-right whitespace-nowrap tabular-nums">
        {formatMoney(invoice.totalAmount, invoice.currency)}
      </Td>
      <Td>
        <InvoiceStatusBadge status={invoice.status} />
      </Td>
      <Td className="whitespace-nowrap">{formatShortDate(`${invoice.dueDate}T00:00:00Z`)}</Td>
    </>
  )
}
