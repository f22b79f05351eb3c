import { adminRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { adminOrganizationsQueryKey } from './list-organizations';

export function getAdminOrganization(id: string) {
  return callApi(adminRoutes.organization, { params: { id } });
}

export function adminOrganizationQueryOptions(id: string) {
  return queryOptions({
    queryKey: [...adminOrganizationsQueryKey, 'detail', id],
    queryFn: () => getAdminOrganization(id),
    // What a deletion removes is counted when the dialog opens, not remembered from an earlier one.
    staleTime: 0,
  });
}

/** One organization with what its deletion would remove; nothing is asked while `id` is null. */
export function useAdminOrganization(id: string | null) {
  return useQuery({ ...adminOrganizationQueryOptions(id ?? ''), enabled: id !== null });
}
