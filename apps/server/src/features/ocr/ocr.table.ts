import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FieldsJson, OcrProgress } from '@invoicing/contract';
import { users } from '../auth/auth.table';
import { organizations } from '../orgs/orgs.table';
import { attachments } from '../attachments/attachments.table';
import { invoices } from '../invoices/invoices.table';
import { organizationIdColumn, tenantPolicy } from '../../platform/db/tenant';

export interface StoredPage {
  page: number;
  key: string;
  width: number;
  height: number;
}

/** One OCR run of a file: its method and cost, its progress, and what it read. */
export const ocrExtractions = pgTable(
  'ocr_extractions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn().references(() => organizations.id, { onDelete: 'cascade' }),
    attachmentId: uuid('attachment_id')
      .notNull()
      .references(() => attachments.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['normal', 'advanced'] }).notNull(),
    status: text('status', { enum: ['PROCESSING', 'DONE', 'FAILED'] }).notNull(),
    creditsCharged: integer('credits_charged').notNull(),
    creditsRefunded: integer('credits_refunded').notNull().default(0),
    confidenceScore: doublePrecision('confidence_score'),
    hasInvoiceData: boolean('has_invoice_data').notNull().default(false),
    fieldsJson: jsonb('fields_json').$type<FieldsJson>(),
    rawText: text('raw_text').notNull().default(''),
    warnings: jsonb('warnings').$type<string[]>().notNull().default([]),
    pages: jsonb('pages').$type<StoredPage[]>().notNull().default([]),
    progress: jsonb('progress').$type<OcrProgress>(),
    errorCode: text('error_code'),
    errorMessage: text('error_message'),
    durationMs: integer('duration_ms'),
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('ocr_extractions_organization_created_idx').on(
      t.organizationId,
      t.createdAt.desc().nullsFirst(),
      t.id,
    ),
    index('ocr_extractions_attachment_idx').on(t.organizationId, t.attachmentId, t.createdAt),
    // One run at a time per file: a double click starts one.
    uniqueIndex('ocr_extractions_one_running_key')
      .on(t.attachmentId)
      .where(sql`${t.status} = 'PROCESSING'`),
    uniqueIndex('ocr_extractions_invoice_key').on(t.invoiceId),
    check('ocr_extractions_status_check', sql`${t.status} in ('PROCESSING', 'DONE', 'FAILED')`),
    check('ocr_extractions_method_check', sql`${t.method} in ('normal', 'advanced')`),
    tenantPolicy('ocr_extractions'),
  ],
).enableRLS();

/** Who corrected which fields of an extraction, and when. */
export const extractionCorrections = pgTable(
  'extraction_corrections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: organizationIdColumn().references(() => organizations.id, { onDelete: 'cascade' }),
    extractionId: uuid('extraction_id')
      .notNull()
      .references(() => ocrExtractions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    changes: jsonb('changes').$type<{ path: string; from: string | null; to: string | null }[]>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('extraction_corrections_extraction_idx').on(t.organizationId, t.extractionId, t.createdAt),
    tenantPolicy('extraction_corrections'),
  ],
).enableRLS();
