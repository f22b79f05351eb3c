import { adminRoutes } from '@invoicing/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';
import type { AdminListParams } from './list-users';

export const adminMembershipsQueryKey = [...queryKeys.admin, 'memberships'] as const;

export function listAdminMemberships({ q, page, pageSize }: AdminListParams) {
  return callApi(adminRoutes.memberships, { query: { q, page, page_size: pageSize } });
}

export function adminMembershipsQueryOptions(params: AdminListParams) {
  return queryOptions({
    queryKey: [...adminMembershipsQueryKey, params],
    queryFn: () => listAdminMemberships(params),
    placeholderData: keepPreviousData,
  });
}

export function useAdminMemberships(params: AdminListParams) {
  return useQuery(adminMembershipsQueryOptions(params));
}
