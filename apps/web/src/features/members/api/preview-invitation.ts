import { invitationRoutes } from '@invoicing/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/queries/query-keys';

export function previewInvitation(token: string) {
  return callApi(invitationRoutes.preview, { body: { token } });
}

export function invitationPreviewQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...queryKeys.invitations, 'preview', token],
    queryFn: () => previewInvitation(token),
    // A link that is not valid stays so: asking again says the same.
    retry: false,
  });
}

export function useInvitationPreview(token: string) {
  return useQuery(invitationPreviewQueryOptions(token));
}
