import { sql } from 'drizzle-orm';
import { pgPolicy, pgRole, uuid } from 'drizzle-orm/pg-core';

/**
 * The role tenant transactions switch to (SET LOCAL ROLE). It owns nothing, so row-level security applies
 * to it even when the application connects as the tables' owner or as a superuser.
 */
export const tenantRole = pgRole('invoicing_tenant').existing();

/** The organization_id column every tenant table carries. */
export const organizationIdColumn = () => uuid('organization_id').notNull();

/** The row-level security policy of a tenant table: rows of the scope's organization only. */
export const tenantPolicy = (table: string) =>
  pgPolicy(`${table}_tenant_isolation`, {
    as: 'permissive',
    for: 'all',
    to: tenantRole,
    using: sql`organization_id = nullif(current_setting('app.organization_id', true), '')::uuid`,
    withCheck: sql`organization_id = nullif(current_setting('app.organization_id', true), '')::uuid`,
  });
