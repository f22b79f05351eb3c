import { sql } from 'drizzle-orm';
import { index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organizations } from '../orgs/orgs.table';
import { organizationIdColumn, tenantPolicy } from '../../platform/db/tenant';

export const items = pgTable(
  'items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn().references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    sku: text('sku').notNull().default(''),
    currency: text('currency').notNull().default('EGP'),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }).notNull(),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull().default('14.00'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('items_organization_name_idx').on(t.organizationId, t.name, t.id),
    // A SKU is unique within its organization, without regard to case; items may have none.
    uniqueIndex('items_organization_sku_key')
      .on(t.organizationId, sql`lower(${t.sku})`)
      .where(sql`${t.sku} <> ''`),
    tenantPolicy('items'),
  ],
).enableRLS();
