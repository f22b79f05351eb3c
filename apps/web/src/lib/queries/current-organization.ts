import type { orgRoutes } from '@invoicing/contract';
import { currentOrganizationCall } from '@invoicing/contract/read-calls';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { readApi, type RouteCall } from '../api-client';
import { useSession } from '../session';
import { queryKeys } from './query-keys';

/**
 * Read as the contract types it, without its schema: the navigation bar of every signed-in page asks for it,
 * and a page that only shows answers then loads no zod.
 */
const call: RouteCall<typeof orgRoutes.current> = currentOrganizationCall;

/** The organization the user works in: its name and role for the dashboard, its currency for invoices. */
export function getCurrentOrganization() {
  return readApi(call);
}

export function currentOrganizationQueryOptions(organizationId: string | null) {
  return queryOptions({
    queryKey: queryKeys.currentOrganization(organizationId),
    queryFn: getCurrentOrganization,
    enabled: organizationId !== null,
  });
}

/** The current organization of the session; nothing is asked before one is chosen. */
export function useCurrentOrganization() {
  const { organizationId } = useSession();
  return useQuery(currentOrganizationQueryOptions(organizationId));
}
