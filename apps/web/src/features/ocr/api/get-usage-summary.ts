import { usageRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** The same key wherever the usage summary is read, so that spending credits refreshes every copy. */
export const usageSummaryQueryKey = ['usage', 'summary'] as const;

export function getUsageSummary() {
  return callApi(usageRoutes.summary);
}

export function usageSummaryQueryOptions() {
  return queryOptions({ queryKey: usageSummaryQueryKey, queryFn: getUsageSummary });
}

export function useUsageSummary() {
  return useQuery(usageSummaryQueryOptions());
}
