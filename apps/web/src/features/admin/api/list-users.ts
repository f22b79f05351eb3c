import { adminRoutes } from '@invoicing/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';

/** A searched page of one of the admin lists. */
export interface AdminListParams {
  q: string;
  page: number;
  pageSize: number;
}

export const adminUsersQueryKey = [...queryKeys.admin, 'users'] as const;

export function listAdminUsers({ q, page, pageSize }: AdminListParams) {
  return callApi(adminRoutes.users, { query: { q, page, page_size: pageSize } });
}

export function adminUsersQueryOptions(params: AdminListParams) {
  return queryOptions({
    queryKey: [...adminUsersQueryKey, params],
    queryFn: () => listAdminUsers(params),
    placeholderData: keepPreviousData,
  });
}

export function useAdminUsers(params: AdminListParams) {
  return useQuery(adminUsersQueryOptions(params));
}
