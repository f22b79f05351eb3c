import { billingRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';

/** GET /usage/enhanced: usage, limits, prices and plans in one answer (checked against the contract). */
export function getEnhancedUsage() {
  return callApi(billingRoutes.enhancedUsage);
}

export function enhancedUsageQueryOptions() {
  // The page is usually reached right after a refusal or a purchase: its figures must be those of now.
  return queryOptions({ queryKey: queryKeys.usageEnhanced, queryFn: getEnhancedUsage, staleTime: 0 });
}

export function useEnhancedUsage() {
  return useQuery(enhancedUsageQueryOptions());
}
