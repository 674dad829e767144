import { keepPreviousData, useQuery } from '../../lib/query.ts'
import type {
  Invoice,
  InvoiceIssuer,
  InvoiceListResponse,
  InvoiceStatus,
} from '../../../contracts/invoice-constants.ts'
import { INVOICE_MESSAGES as M, INVOICES_PAGE_SIZE } from '../../../contracts/invoice-constants.ts'
import * as API_PATHS from '../../../contracts/api-paths.ts'
import { apiFetch } from '../../lib/api.ts'
import { adminKeys } from './admin-api.ts'

export interface InvoicesQuery {
  page: number
  search: string
  status: InvoiceStatus | ''
}

export function useInvoices(q: InvoicesQuery) {
  return useQuery({
    queryKey: adminKeys.invoices(q),
    queryFn: ({ signal }) =>
      apiFetch<InvoiceListResponse>(
        API_PATHS.listInvoices,
        { query: { ...q, limit: INVOICES_PAGE_SIZE }, signal },
        M.fetchFailed,
      ),
    placeholderData: keepPreviousData,
  })
}

export function useInvoice(invoiceId: number | null) {
  return useQuery({
    queryKey: adminKeys.invoice(invoiceId),
    queryFn: ({ signal }) =>
      apiFetch<Invoice>(API_PATHS.getInvoice, { body: { invoiceId }, signal }, M.fetchOneFailed),
    enabled: invoiceId !== null,
    retry: false,
  })
}

export function useInvoiceIssuer() {
  return useQuery({
    queryKey: adminKeys.invoiceIssuer(),
    queryFn: ({ signal }) =>
      apiFetch<InvoiceIssuer>(API_PATHS.getInvoiceIssuer, { signal }, M.fetchOneFailed),
    staleTime: Infinity,
  })
}
