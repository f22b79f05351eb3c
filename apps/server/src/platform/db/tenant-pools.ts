import type pg from 'pg';

/**
 * Connections that serve one-statement reads, beside each application pool: their role and organization
 * are session settings, so they never serve anything but tenant reads. `client.ts` attaches one to every
 * PostgreSQL pool it opens; `org-scope.ts` reads with it.
 */
const tenantPools = new WeakMap<pg.Pool, pg.Pool>();

export const attachTenantPool = (pool: pg.Pool, tenantPool: pg.Pool) => tenantPools.set(pool, tenantPool);

/** The tenant pool attached to `pool`, if any. */
export const tenantPoolOf = (pool: pg.Pool): pg.Pool | undefined => tenantPools.get(pool);
