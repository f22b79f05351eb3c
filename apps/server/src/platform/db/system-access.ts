import type { Db } from './client';

/**
 * The raw database for the few places that work across organizations or before one is chosen: sign-up,
 * sign-in, the membership check of the tenancy hook, the admin panel and the workers. Everything else
 * goes through an OrgScope. Importing this module is the explicit, greppable exception.
 */
export interface SystemAccess {
  readonly db: Db;
}

export const createSystemAccess = (db: Db): SystemAccess => ({ db });
