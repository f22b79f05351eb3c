import { usageRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';

export const dashboardSummaryQueryKey = queryKeys.dashboardSummary;

/** The answer is checked against the contract's `dashboardSummary`; a partial one fails as INVALID_RESPONSE. */
export function getDashboardSummary() {
  return callApi(usageRoutes.dashboard);
}

export function dashboardSummaryQueryOptions() {
  // Uploads, OCR runs and deletions on the other pages change every figure: coming back to the dashboard
  // asks again (the figures held meanwhile show until the answer comes).
  return queryOptions({ queryKey: dashboardSummaryQueryKey, queryFn: getDashboardSummary, staleTime: 0 });
}

export function useDashboardSummary() {
  return useQuery(dashboardSummaryQueryOptions());
}
