import { billingRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';

export function listPlans() {
  return callApi(billingRoutes.plans);
}

/** SPEC §7: the plans are asked for again 3 times, 1 second apart, unless the answer says asking cannot help. */
function retryPlans(failureCount: number, error: unknown): boolean {
  if (
    error instanceof ApiError &&
    (error.code === 'INVALID_RESPONSE' || (error.status >= 400 && error.status < 500))
  ) {
    return false;
  }
  return failureCount < 3;
}

export function plansQueryOptions() {
  return queryOptions({
    queryKey: [...queryKeys.payments, 'plans'],
    queryFn: listPlans,
    retry: retryPlans,
    retryDelay: 1000,
  });
}

export function usePlans() {
  return useQuery(plansQueryOptions());
}
