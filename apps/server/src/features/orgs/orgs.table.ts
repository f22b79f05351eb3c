import { sql } from 'drizzle-orm';
import { check, index, pgPolicy, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table';
import { organizationIdColumn, tenantPolicy, tenantRole } from '../../platform/db/tenant';

/**
 * Organizations are shared: any tenant transaction may read them (names in lists), but one may change only
 * its own organization's profile (and only the columns granted in migration 0021).
 */
export const organizations = pgTable(
  'organizations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** ISO 3166-1 alpha-2 code (`EG`, `SA`, ...); null when not given. `SA` puts ZATCA's QR on invoices. */
    country: text('country'),
    currency: text('currency').notNull().default('EGP'),
    /** The tax registration (VAT) number printed on invoices; empty when not given. */
    taxId: text('tax_id').notNull().default(''),
    /** The postal address printed on invoices; empty when not given. */
    address: text('address').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    pgPolicy('organizations_tenant_read', {
      as: 'permissive',
      for: 'select',
      to: tenantRole,
      using: sql`true`,
    }),
    pgPolicy('organizations_tenant_update', {
      as: 'permissive',
      for: 'update',
      to: tenantRole,
      using: sql`id = nullif(current_setting('app.organization_id', true), '')::uuid`,
      withCheck: sql`id = nullif(current_setting('app.organization_id', true), '')::uuid`,
    }),
  ],
).enableRLS();

export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn().references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['OWNER', 'ADMIN', 'USER'] }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('memberships_organization_user_key').on(t.organizationId, t.userId),
    index('memberships_user_idx').on(t.userId),
    check('memberships_role_check', sql`${t.role} in ('OWNER', 'ADMIN', 'USER')`),
    tenantPolicy('memberships'),
  ],
).enableRLS();

/**
 * Invitations to join an organization. The link's token is random and stored only as its SHA-256 hash; it
 * can be used once (`accepted_at`) before `expires_at`, unless revoked. One live invitation per email and
 * organization: a new one replaces it.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn().references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role', { enum: ['OWNER', 'ADMIN', 'USER'] }).notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => users.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    uniqueIndex('invitations_live_email_key')
      .on(t.organizationId, sql`lower(${t.email})`)
      .where(sql`${t.acceptedAt} is null and ${t.revokedAt} is null`),
    check('invitations_role_check', sql`${t.role} in ('OWNER', 'ADMIN', 'USER')`),
    tenantPolicy('invitations'),
  ],
).enableRLS();
