import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  billingCycles,
  paymentMethodCodes,
  paymentRegions,
  paymentStatuses,
  paymentTypes,
} from '@invoicing/contract';
import { users } from '../auth/auth.table';
import { organizations } from '../orgs/orgs.table';
import { plans } from '../plans/plans.table';
import { organizationIdColumn, tenantPolicy } from '../../platform/db/tenant';

const listOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * The payment methods the product offers (global): seeded on first start, enabled, named and ordered by
 * superusers. Which gateway carries a method is configuration (gateways/registry.ts), not data.
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code', { enum: paymentMethodCodes }).notNull(),
    displayName: text('display_name').notNull(),
    displayNameAr: text('display_name_ar').notNull(),
    description: text('description').notNull().default(''),
    descriptionAr: text('description_ar').notNull().default(''),
    region: text('region', { enum: paymentRegions }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payment_methods_code_key').on(t.code),
    check('payment_methods_code_check', sql`${t.code} in (${listOf(paymentMethodCodes)})`),
    check('payment_methods_region_check', sql`${t.region} in (${listOf(paymentRegions)})`),
    check('payment_methods_sort_order_check', sql`${t.sortOrder} >= 0`),
  ],
);

/**
 * One payment of an organization: what it buys, its price in EGP as the server computed it, what the
 * gateway charges (currency and minor units) and how it stands. `fulfilled_at` is set once, in the
 * transaction that grants what was bought. Payments are the ledger's history and outlive their
 * organization: `organization_id` has no foreign key, and the organization's name is copied on the row
 * when it is deleted.
 */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn(),
    /** The organization's name, copied when it is deleted (null while it exists). */
    organizationName: text('organization_name'),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    method: text('method', { enum: paymentMethodCodes }).notNull(),
    gateway: text('gateway').notNull(),
    paymentType: text('payment_type', { enum: paymentTypes }).notNull(),
    credits: integer('credits').notNull().default(0),
    storageMb: integer('storage_mb').notNull().default(0),
    planId: uuid('plan_id').references(() => plans.id),
    billingCycle: text('billing_cycle', { enum: billingCycles }),
    /** The price in EGP. */
    amount: numeric('amount', { precision: 14, scale: 2 }).notNull(),
    chargedCurrency: text('charged_currency').notNull(),
    chargedAmountMinor: bigint('charged_amount_minor', { mode: 'number' }).notNull(),
    status: text('status', { enum: paymentStatuses }).notNull().default('PENDING'),
    /** The gateway's own id of the charge, once it answered. */
    gatewayRef: text('gateway_ref'),
    /** The reference code a kiosk or Fawry payer pays with. */
    reference: text('reference'),
    referenceExpiresAt: timestamp('reference_expires_at', { withTimezone: true }),
    description: text('description').notNull().default(''),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('payments_gateway_ref_key').on(t.gateway, t.gatewayRef),
    index('payments_organization_created_idx').on(t.organizationId, t.createdAt),
    // The status check finds the pending payments of every organization.
    index('payments_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'PENDING'`),
    check('payments_method_check', sql`${t.method} in (${listOf(paymentMethodCodes)})`),
    check('payments_type_check', sql`${t.paymentType} in (${listOf(paymentTypes)})`),
    check('payments_status_check', sql`${t.status} in (${listOf(paymentStatuses)})`),
    check('payments_quantities_check', sql`${t.credits} >= 0 and ${t.storageMb} >= 0`),
    check('payments_amounts_check', sql`${t.amount} > 0 and ${t.chargedAmountMinor} > 0`),
    // Fulfilled means succeeded.
    check('payments_fulfilled_check', sql`${t.fulfilledAt} is null or ${t.status} = 'SUCCEEDED'`),
    tenantPolicy('payments'),
  ],
).enableRLS();

/**
 * Extra storage bought by a payment: it adds to the plan's quota until removed (removal is refused while
 * the files would not fit without it).
 */
export const storagePurchases = pgTable(
  'storage_purchases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn().references(() => organizations.id, { onDelete: 'cascade' }),
    paymentId: uuid('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    storageMb: integer('storage_mb').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When it stops counting on its own (null: until removed). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [
    // A payment grants its storage once.
    uniqueIndex('storage_purchases_payment_key').on(t.paymentId),
    index('storage_purchases_organization_idx').on(t.organizationId),
    check('storage_purchases_mb_check', sql`${t.storageMb} > 0`),
    tenantPolicy('storage_purchases'),
  ],
).enableRLS();
