import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table';
import { organizations } from '../orgs/orgs.table';
import { organizationIdColumn, tenantPolicy } from '../../platform/db/tenant';

/**
 * Credits an organization holds, by where they came from: the plan's credits of one period, or an extra
 * purchase. Spending takes plan credits first, then extras by earliest expiry; `remaining` never goes
 * below zero (a check, and row locks when spending).
 */
export const creditBuckets = pgTable(
  'credit_buckets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn().references(() => organizations.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['plan', 'extra'] }).notNull(),
    granted: integer('granted').notNull(),
    remaining: integer('remaining').notNull(),
    /** For plan credits, the start of the subscription period they belong to. */
    periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The payment that bought an extra bucket (features/billing; no key: the ledger outlives it). */
    paymentId: uuid('payment_id'),
  },
  (t) => [
    // A payment grants its credits once.
    uniqueIndex('credit_buckets_payment_key')
      .on(t.paymentId)
      .where(sql`${t.paymentId} is not null`),
    // One grant of plan credits per period.
    uniqueIndex('credit_buckets_plan_period_key')
      .on(t.organizationId, t.periodStart)
      .where(sql`${t.source} = 'plan'`),
    index('credit_buckets_organization_expiry_idx').on(t.organizationId, t.expiresAt),
    check('credit_buckets_remaining_check', sql`${t.remaining} >= 0 and ${t.remaining} <= ${t.granted}`),
    check('credit_buckets_source_check', sql`${t.source} in ('plan', 'extra')`),
    tenantPolicy('credit_buckets'),
  ],
).enableRLS();

/**
 * The ledger: every movement of credits, signed, against the bucket it moved. A bucket's remaining credits
 * are always the sum of its movements.
 */
export const creditMovements = pgTable(
  'credit_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn().references(() => organizations.id, { onDelete: 'cascade' }),
    bucketId: uuid('bucket_id')
      .notNull()
      .references(() => creditBuckets.id, { onDelete: 'cascade' }),
    /** `expiry`: what was left in a bucket when it expired, taken away (negative). */
    kind: text('kind', {
      enum: ['plan_grant', 'extra_purchase', 'ocr_charge', 'refund', 'expiry'],
    }).notNull(),
    amount: integer('amount').notNull(),
    /** The OCR run charged or refunded (no foreign key: the ledger outlives deleted files). */
    extractionId: uuid('extraction_id'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_movements_organization_created_idx').on(t.organizationId, t.createdAt),
    index('credit_movements_extraction_idx').on(t.organizationId, t.extractionId),
    // A run is refunded at most once per bucket it was charged to.
    uniqueIndex('credit_movements_refund_key')
      .on(t.extractionId, t.bucketId)
      .where(sql`${t.kind} = 'refund'`),
    check(
      'credit_movements_kind_check',
      sql`${t.kind} in ('plan_grant', 'extra_purchase', 'ocr_charge', 'refund', 'expiry')`,
    ),
    tenantPolicy('credit_movements'),
  ],
).enableRLS();
