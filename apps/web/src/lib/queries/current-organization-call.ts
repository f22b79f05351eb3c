import { orgRoutes } from '@invoicing/contract';
import { callApi } from '../api-client';

/**
 * The call itself, with the contract's check of the answer: a file of its own, loaded with the first call,
 * so that the navigation bar (which asks for the role) does not bring zod and the routes to every page.
 */
export function callCurrentOrganization() {
  return callApi(orgRoutes.current);
}
