import { adminRoutes } from '@invoicing/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';
import type { AdminListParams } from './list-users';

export const adminOrganizationsQueryKey = [...queryKeys.admin, 'organizations'] as const;

export function listAdminOrganizations({ q, page, pageSize }: AdminListParams) {
  return callApi(adminRoutes.organizations, { query: { q, page, page_size: pageSize } });
}

export function adminOrganizationsQueryOptions(params: AdminListParams) {
  return queryOptions({
    queryKey: [...adminOrganizationsQueryKey, 'list', params],
    queryFn: () => listAdminOrganizations(params),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrganizations(params: AdminListParams) {
  return useQuery(adminOrganizationsQueryOptions(params));
}
