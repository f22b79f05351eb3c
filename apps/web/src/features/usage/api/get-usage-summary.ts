import { usageRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/**
 * The key every page reads the usage summary under: credits spent or files uploaded elsewhere refresh this
 * copy too, since those pages invalidate the same key.
 */
export const usageSummaryQueryKey = ['usage', 'summary'] as const;

/** The answer is checked against the contract's `usageSummary`; one without it fails as INVALID_RESPONSE. */
export function getUsageSummary() {
  return callApi(usageRoutes.summary);
}

export function usageSummaryQueryOptions() {
  // The user usually arrives here right after a refusal: the figures must be those of now, not of the last
  // visit to another page (what is held shows until the answer comes).
  return queryOptions({ queryKey: usageSummaryQueryKey, queryFn: getUsageSummary, staleTime: 0 });
}

export function useUsageSummary() {
  return useQuery(usageSummaryQueryOptions());
}
