import { invoiceRoutes } from '@invoicing/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { invoicesQueryKey } from './list-invoices';

export function getInvoiceStats(days: number) {
  return callApi(invoiceRoutes.stats, { query: { days } });
}

export function invoiceStatsQueryOptions(days: number) {
  return queryOptions({
    queryKey: [...invoicesQueryKey, 'stats', days],
    queryFn: () => getInvoiceStats(days),
    placeholderData: keepPreviousData,
  });
}

export function useInvoiceStats(days: number) {
  return useQuery(invoiceStatsQueryOptions(days));
}
