import { orgRoutes } from '@invoicing/contract';
import type { OrganizationProfileInput } from '@invoicing/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';
import { useSession } from '../../../lib/session';

/** Changes the organization's name, country, tax id and address (owners and admins). */
export function updateOrganization(input: OrganizationProfileInput) {
  return callApi(orgRoutes.updateCurrent, { body: input });
}

export function useUpdateOrganizationMutation() {
  const queryClient = useQueryClient();
  const { organizationId } = useSession();
  return useMutation({
    mutationFn: updateOrganization,
    onSuccess: async (organization) => {
      queryClient.setQueryData(queryKeys.currentOrganization(organizationId), organization);
      // The name shows in the organization list too.
      await queryClient.invalidateQueries({ queryKey: queryKeys.organizations });
    },
  });
}
