import {
  boolean,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/** Subscription plans; seeded on first start and editable by superusers. Limits of null mean unlimited. */
export const plans = pgTable(
  'plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceMonthly: numeric('price_monthly', { precision: 14, scale: 2 }).notNull(),
    priceYearly: numeric('price_yearly', { precision: 14, scale: 2 }).notNull(),
    currency: text('currency').notNull().default('EGP'),
    creditsPerMonth: integer('credits_per_month').notNull(),
    maxStorageMb: integer('max_storage_mb').notNull(),
    maxCustomers: integer('max_customers'),
    maxItems: integer('max_items'),
    maxInvoicesPerMonth: integer('max_invoices_per_month'),
    features: jsonb('features').$type<string[]>().notNull().default([]),
    isPopular: boolean('is_popular').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('plans_code_key').on(t.code)],
);

/**
 * The seeds that ran on this database, by name (`plans`): a seed runs once per database, so what a
 * superuser deleted afterwards stays deleted through every restart.
 */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});
