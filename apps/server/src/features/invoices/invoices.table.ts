import { sql } from 'drizzle-orm';
import { invoiceStatuses } from '@invoicing/contract';
import {
  bigint,
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { attachments } from '../attachments/attachments.table';
import { users } from '../auth/auth.table';
import { customers } from '../customers/customers.table';
import { items } from '../items/items.table';
import { organizations } from '../orgs/orgs.table';
import { organizationIdColumn, tenantPolicy } from '../../platform/db/tenant';

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn().references(() => organizations.id, { onDelete: 'cascade' }),
    number: text('number').notNull(),
    status: text('status', { enum: invoiceStatuses }).notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    // A customer that invoices use cannot be deleted (the service says why; the key is the backstop).
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'restrict' }),
    subtotal: numeric('subtotal', { precision: 14, scale: 2 }).notNull(),
    taxRate: numeric('tax_rate', { precision: 5, scale: 2 }).notNull(),
    taxAmount: numeric('tax_amount', { precision: 14, scale: 2 }).notNull(),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
    imageStatus: text('image_status', { enum: ['available', 'deleted', 'no_image'] })
      .notNull()
      .default('no_image'),
    /**
     * The stored image (an attachment, counted in the organization's storage): an INVOICE_IMAGE stored for
     * the invoice, or the INVOICE_UPLOAD it was read from by OCR, which stays in the file manager. A deleted
     * image keeps it, so that it can be restored, until a new image replaces it.
     */
    imageAttachmentId: uuid('image_attachment_id').references(() => attachments.id, { onDelete: 'set null' }),
    imageDeletedAt: timestamp('image_deleted_at', { withTimezone: true }),
    imageDeletedBy: uuid('image_deleted_by').references(() => users.id, { onDelete: 'set null' }),
    imageDeletionReason: text('image_deletion_reason'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invoices_organization_number_key').on(t.organizationId, t.number),
    // The list: newest first, optionally by status.
    index('invoices_organization_created_idx').on(
      t.organizationId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('invoices_organization_status_created_idx').on(
      t.organizationId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    // Stats over a period of issue dates.
    index('invoices_organization_issue_date_idx').on(t.organizationId, t.issueDate),
    index('invoices_organization_customer_idx').on(t.organizationId, t.customerId),
    // Search by any part of the number (pg_trgm, migration 0005), read through invoice_ids_matching_number.
    index('invoices_number_trgm_idx').using('gin', t.number.op('gin_trgm_ops')),
    check(
      'invoices_status_check',
      sql`${t.status} in (${sql.raw(invoiceStatuses.map((s) => `'${s}'`).join(', '))})`,
    ),
    // Each image belongs to one invoice; deleting a stored file finds the invoice that shows it.
    uniqueIndex('invoices_image_attachment_key').on(t.imageAttachmentId),
    check('invoices_image_status_check', sql`${t.imageStatus} in ('available', 'deleted', 'no_image')`),
    tenantPolicy('invoices'),
  ],
).enableRLS();

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn().references(() => organizations.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').references(() => items.id, { onDelete: 'set null' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: numeric('quantity', { precision: 15, scale: 3 }).notNull(),
    unitPrice: numeric('unit_price', { precision: 14, scale: 2 }).notNull(),
    total: numeric('total', { precision: 14, scale: 2 }).notNull(),
  },
  (t) => [
    index('invoice_lines_organization_invoice_idx').on(t.organizationId, t.invoiceId, t.position),
    index('invoice_lines_organization_item_idx').on(t.organizationId, t.itemId),
    tenantPolicy('invoice_lines'),
  ],
).enableRLS();

/**
 * The last invoice number given in each organization. Taking the next one locks the organization's row
 * until the creating transaction ends, so concurrent creations get distinct numbers and a rolled-back
 * creation leaves no gap.
 */
export const invoiceNumberSequences = pgTable(
  'invoice_number_sequences',
  {
    organizationId: organizationIdColumn().references(() => organizations.id, { onDelete: 'cascade' }),
    lastValue: bigint('last_value', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId] }), tenantPolicy('invoice_number_sequences')],
).enableRLS();

/**
 * How many invoices each organization has in each status: the list's count without counting rows.
 * Kept by a trigger on invoices (migration 0007) in the writing transaction, so it always agrees with
 * the rows. One row per organization: every invoice write locks it first, so writers never deadlock.
 */
export const invoiceStatusCounts = pgTable(
  'invoice_status_counts',
  {
    organizationId: organizationIdColumn().references(() => organizations.id, { onDelete: 'cascade' }),
    draft: integer('draft').notNull().default(0),
    sent: integer('sent').notNull().default(0),
    paid: integer('paid').notNull().default(0),
    overdue: integer('overdue').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.organizationId] }), tenantPolicy('invoice_status_counts')],
).enableRLS();

/**
 * Invoice counts and totals per organization, issue date, status and due date: the dashboard's stats
 * read a few hundred of these rows instead of every invoice of the period. Kept by the same trigger.
 */
export const invoiceDailyTotals = pgTable(
  'invoice_daily_totals',
  {
    organizationId: organizationIdColumn().references(() => organizations.id, { onDelete: 'cascade' }),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    status: text('status').notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    invoiceCount: integer('invoice_count').notNull(),
    // The sum of as many invoices as the count can hold (2^31 - 1), each of the largest total an invoice
    // may have (numeric(14,2)): 22 digits before the point.
    totalAmount: numeric('total_amount', { precision: 24, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.issueDate, t.status, t.dueDate] }),
    tenantPolicy('invoice_daily_totals'),
  ],
).enableRLS();
