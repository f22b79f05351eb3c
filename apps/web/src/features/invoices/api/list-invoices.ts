import type { invoiceRoutes } from '@invoicing/contract';
import { invoiceListCall } from '@invoicing/contract/read-calls';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { readApi, type RouteCall } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';

export const invoicesQueryKey = queryKeys.invoices;
/** One invoice's key: here, so that the list's actions refresh it without loading the editor's calls. */
export const invoiceQueryKey = (id: string) => [...invoicesQueryKey, 'detail', id] as const;

/** The list's call: its answer is only shown, so the list page loads no schema (the contract's `list`). */
const listInvoicesCall: RouteCall<typeof invoiceRoutes.list> = invoiceListCall;

export interface InvoiceListParams {
  status: string;
  q: string;
  page: number;
  pageSize: number;
}

export function listInvoices({ status, q, page, pageSize }: InvoiceListParams) {
  return readApi(listInvoicesCall, {
    query: { status: status === 'ALL' ? undefined : status, q, page, page_size: pageSize },
  });
}

export function invoicesQueryOptions(params: InvoiceListParams) {
  return queryOptions({
    queryKey: [...invoicesQueryKey, 'list', params],
    queryFn: () => listInvoices(params),
    placeholderData: keepPreviousData,
  });
}

export function useInvoices(params: InvoiceListParams) {
  return useQuery(invoicesQueryOptions(params));
}
