import type { InvoiceStatus } from '../../../contracts/invoice-constants.ts'
import { INVOICE_MESSAGES as M, INVOICES_PAGE_SIZE } from '../../../contracts/invoice-constants.ts'
import * as API_PATHS from '../../../contracts/endpoints.ts'
import { settled } from '../../lib/api-result.ts'
import { useApi } from '../../lib/store.ts'

export interface InvoicesQuery {
  page: number
  search: string
  status: InvoiceStatus | ''
}

export function useInvoices(q: InvoicesQuery) {
  return settled(
    useApi(
      API_PATHS.listInvoices,
      { ...q, limit: INVOICES_PAGE_SIZE },
      { keepPrevious: true, fallbackMessage: M.fetchFailed },
    ),
  )
}

// One try: the form or the preview closes with the reason at once.
export function useInvoice(invoiceId: number | null) {
  return settled(
    useApi(API_PATHS.getInvoice, invoiceId === null ? null : { invoiceId }, {
      retries: 0,
      fallbackMessage: M.fetchOneFailed,
    }),
  )
}

/** The issuer's details come from the server's configuration: read once per visit. */
export function useInvoiceIssuer() {
  return settled(
    useApi(
      API_PATHS.getInvoiceIssuer,
      {},
      { staleMs: Infinity, fallbackMessage: M.fetchOneFailed },
    ),
  )
}
