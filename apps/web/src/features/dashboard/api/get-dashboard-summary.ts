import { usageRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

export const dashboardSummaryQueryKey = ['dashboard', 'summary'] as const;

/** The answer is checked against the contract's `dashboardSummary`; a partial one fails as INVALID_RESPONSE. */
export function getDashboardSummary() {
  return callApi(usageRoutes.dashboard);
}

export function dashboardSummaryQueryOptions() {
  return queryOptions({ queryKey: dashboardSummaryQueryKey, queryFn: getDashboardSummary });
}

export function useDashboardSummary() {
  return useQuery(dashboardSummaryQueryOptions());
}
