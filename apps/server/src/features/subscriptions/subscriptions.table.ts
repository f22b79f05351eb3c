import { sql } from 'drizzle-orm';
import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../orgs/orgs.table';
import { plans } from '../plans/plans.table';
import { organizationIdColumn, tenantPolicy } from '../../platform/db/tenant';

/** One subscription per organization: its plan, status and billing period. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn().references(() => organizations.id, { onDelete: 'cascade' }),
    planId: uuid('plan_id')
      .notNull()
      .references(() => plans.id),
    status: text('status', { enum: ['TRIAL', 'ACTIVE', 'PAST_DUE', 'CANCELLED'] }).notNull(),
    billingCycle: text('billing_cycle', { enum: ['monthly', 'yearly'] })
      .notNull()
      .default('monthly'),
    trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
    currentPeriodStart: timestamp('current_period_start', { withTimezone: true }).notNull().defaultNow(),
    currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscriptions_organization_key').on(t.organizationId),
    check('subscriptions_status_check', sql`${t.status} in ('TRIAL', 'ACTIVE', 'PAST_DUE', 'CANCELLED')`),
    tenantPolicy('subscriptions'),
  ],
).enableRLS();
