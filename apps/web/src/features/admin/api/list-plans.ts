import { adminRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';

export const adminPlansQueryKey = [...queryKeys.admin, 'plans'] as const;

export function listAdminPlans() {
  return callApi(adminRoutes.plans);
}

export function adminPlansQueryOptions() {
  return queryOptions({ queryKey: adminPlansQueryKey, queryFn: listAdminPlans });
}

export function useAdminPlans() {
  return useQuery(adminPlansQueryOptions());
}
