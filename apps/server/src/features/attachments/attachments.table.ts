import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../auth/auth.table';
import { organizations } from '../orgs/orgs.table';
import { organizationIdColumn, tenantPolicy } from '../../platform/db/tenant';

/** A stored file of an organization: an uploaded invoice, or an invoice's image. */
export const attachments = pgTable(
  'attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn().references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['INVOICE_UPLOAD', 'INVOICE_IMAGE'] }).notNull(),
    originalName: text('original_name').notNull(),
    mime: text('mime').notNull(),
    size: integer('size').notNull(),
    /**
     * SHA-256 of the content, hex: the same file uploaded twice is recognized. Unknown (null) only for invoice
     * images stored before they were attachments: the migration that made them attachments could not read
     * their files.
     */
    sha256: text('sha256'),
    storageKey: text('storage_key').notNull(),
    /** A WEBP picture of the file (the first page of a PDF), and its size in bytes. */
    previewKey: text('preview_key'),
    previewSize: integer('preview_size').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attachments_organization_created_idx').on(t.organizationId, t.createdAt.desc().nullsFirst(), t.id),
    index('attachments_organization_sha256_idx').on(t.organizationId, t.sha256),
    check('attachments_kind_check', sql`${t.kind} in ('INVOICE_UPLOAD', 'INVOICE_IMAGE')`),
    check('attachments_sha256_check', sql`${t.kind} = 'INVOICE_IMAGE' or ${t.sha256} is not null`),
    tenantPolicy('attachments'),
  ],
).enableRLS();

/**
 * Bytes stored per organization, kept with every file stored or removed in the same transaction: the
 * quota is checked and the space taken in one conditional update, so concurrent uploads cannot pass it.
 */
export const organizationStorage = pgTable(
  'organization_storage',
  {
    organizationId: organizationIdColumn()
      .primaryKey()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    usedBytes: bigint('used_bytes', { mode: 'number' }).notNull().default(0),
    fileCount: integer('file_count').notNull().default(0),
  },
  (t) => [
    check('organization_storage_used_check', sql`${t.usedBytes} >= 0 and ${t.fileCount} >= 0`),
    tenantPolicy('organization_storage'),
  ],
).enableRLS();
