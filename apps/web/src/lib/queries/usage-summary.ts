import { usageRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../api-client';
import { queryKeys } from './query-keys';

/** The answer is checked against the contract's `usageSummary`; one without it fails as INVALID_RESPONSE. */
export function getUsageSummary() {
  return callApi(usageRoutes.summary);
}

/**
 * The credits and storage of the organization, read by the OCR page and the usage page. Spending credits or
 * uploading files anywhere invalidates `queryKeys.usageSummary`, which refreshes every copy.
 */
export function usageSummaryQueryOptions() {
  return queryOptions({ queryKey: queryKeys.usageSummary, queryFn: getUsageSummary });
}

/**
 * `fresh` asks the server again on every mount, showing what is held meanwhile: for a page the user usually
 * reaches right after a refusal, whose figures must be those of now.
 */
export function useUsageSummary({ fresh = false }: { fresh?: boolean } = {}) {
  return useQuery({ ...usageSummaryQueryOptions(), ...(fresh ? { staleTime: 0 } : {}) });
}
