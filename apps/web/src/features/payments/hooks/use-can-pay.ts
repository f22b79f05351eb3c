import { useCurrentOrganization } from '../../../lib/queries/current-organization';

/**
 * Whether the user may pay: only an organization's owner buys (DECISIONS.md, roles). Until the role is known,
 * and when it cannot be read, the pages let the server decide.
 */
export function useCanPay(): boolean {
  const organization = useCurrentOrganization();
  return organization.data === undefined || organization.data.role === 'OWNER';
}
