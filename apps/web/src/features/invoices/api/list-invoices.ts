import { invoiceRoutes } from '@invoicing/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';

export const invoicesQueryKey = queryKeys.invoices;

export interface InvoiceListParams {
  status: string;
  q: string;
  page: number;
  pageSize: number;
}

export function listInvoices({ status, q, page, pageSize }: InvoiceListParams) {
  return callApi(invoiceRoutes.list, {
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
