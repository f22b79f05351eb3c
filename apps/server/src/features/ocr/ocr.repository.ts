import { and, count, desc, eq, lt, sql } from 'drizzle-orm';
import type { FieldsJson, OcrMethod, OcrProgress } from '@invoicing/contract';
import type { OrgScope, Queryable } from '../../platform/db/org-scope';
import { users } from '../auth/auth.table';
import { attachments } from '../attachments/attachments.table';
import { invoices } from '../invoices/invoices.table';
import { extractionCorrections, ocrExtractions, type StoredPage } from './ocr.table';

export type ExtractionRow = typeof ocrExtractions.$inferSelect;

/** An extraction with what its pages show of its file and of the invoice made from it. */
const listColumns = {
  row: ocrExtractions,
  fileName: attachments.originalName,
  fileMime: attachments.mime,
  fileSize: attachments.size,
  filePreviewKey: attachments.previewKey,
  invoiceNumber: invoices.number,
};

export const ocrRepository = (scope: OrgScope) => {
  const org = scope.organizationId;
  const mine = (id: string) => and(eq(ocrExtractions.organizationId, org), eq(ocrExtractions.id, id));
  const stillRunning = (id: string) => and(mine(id), eq(ocrExtractions.status, 'PROCESSING'));

  return {
    create: (values: {
      id: string;
      attachmentId: string;
      method: OcrMethod;
      creditsCharged: number;
      createdBy: string | null;
    }) =>
      scope.run(async (tx) => {
        const [row] = await tx
          .insert(ocrExtractions)
          .values({
            ...values,
            organizationId: org,
            status: 'PROCESSING',
            progress: { stage: 'queued', page: 0, pages: 0, percent: 0 },
          })
          .returning();
        return row!;
      }),

    find: (id: string, options: { lock?: boolean } = {}) =>
      scope.run(async (tx) => {
        const query = tx.select().from(ocrExtractions).where(mine(id)).limit(1);
        const [row] = options.lock ? await query.for('update') : await query;
        return row ?? null;
      }),

    /** One extraction with its file's name and the invoice made from it. */
    findWithFile: (id: string) =>
      scope.run(async (tx) => {
        const [row] = await tx
          .select(listColumns)
          .from(ocrExtractions)
          .innerJoin(
            attachments,
            and(eq(attachments.organizationId, org), eq(attachments.id, ocrExtractions.attachmentId)),
          )
          .leftJoin(
            invoices,
            and(eq(invoices.organizationId, org), eq(invoices.id, ocrExtractions.invoiceId)),
          )
          .where(mine(id))
          .limit(1);
        return row ?? null;
      }),

    list: (q: {
      status?: string | undefined;
      attachment?: string | undefined;
      page: number;
      pageSize: number;
    }) =>
      scope.run(
        async (tx) => {
          const where = and(
            eq(ocrExtractions.organizationId, org),
            q.status ? eq(ocrExtractions.status, q.status as ExtractionRow['status']) : undefined,
            q.attachment ? eq(ocrExtractions.attachmentId, q.attachment) : undefined,
          );
          const [total] = await tx.select({ n: count() }).from(ocrExtractions).where(where);
          const rows = await tx
            .select(listColumns)
            .from(ocrExtractions)
            .innerJoin(
              attachments,
              and(eq(attachments.organizationId, org), eq(attachments.id, ocrExtractions.attachmentId)),
            )
            .leftJoin(
              invoices,
              and(eq(invoices.organizationId, org), eq(invoices.id, ocrExtractions.invoiceId)),
            )
            .where(where)
            .orderBy(desc(ocrExtractions.createdAt), desc(ocrExtractions.id))
            .limit(q.pageSize)
            .offset((q.page - 1) * q.pageSize);
          return { count: total?.n ?? 0, rows };
        },
        { snapshot: true },
      ),

    /** Records how far a running extraction is; a settled one is left alone. */
    setProgress: (id: string, progress: OcrProgress) =>
      scope.run((tx) =>
        tx.update(ocrExtractions).set({ progress, updatedAt: new Date() }).where(stillRunning(id)),
      ),

    /** Settles a running extraction as DONE; answers false when it was settled already. */
    finish: (
      id: string,
      result: {
        confidenceScore: number;
        hasInvoiceData: boolean;
        fieldsJson: FieldsJson;
        rawText: string;
        warnings: string[];
        pages: StoredPage[];
        durationMs: number;
      },
    ) =>
      scope.run(async (tx) => {
        const rows = await tx
          .update(ocrExtractions)
          .set({
            ...result,
            status: 'DONE',
            progress: { stage: 'done', page: result.pages.length, pages: result.pages.length, percent: 100 },
            updatedAt: new Date(),
            finishedAt: new Date(),
          })
          .where(stillRunning(id))
          .returning({ id: ocrExtractions.id });
        return rows.length > 0;
      }),

    /** Settles a running extraction as FAILED; answers false when it was settled already. */
    fail: (id: string, error: { code: string; message: string }) =>
      scope.run(async (tx) => {
        const rows = await tx
          .update(ocrExtractions)
          .set({
            status: 'FAILED',
            errorCode: error.code,
            errorMessage: error.message,
            progress: null,
            updatedAt: new Date(),
            finishedAt: new Date(),
          })
          .where(stillRunning(id))
          .returning({ id: ocrExtractions.id });
        return rows.length > 0;
      }),

    setRefunded: (id: string, credits: number) =>
      scope.run((tx) =>
        tx
          .update(ocrExtractions)
          .set({
            creditsRefunded: sql`${ocrExtractions.creditsRefunded} + ${credits}`,
            updatedAt: new Date(),
          })
          .where(mine(id)),
      ),

    setFields: (id: string, fieldsJson: FieldsJson, hasInvoiceData: boolean) =>
      scope.run((tx) =>
        tx.update(ocrExtractions).set({ fieldsJson, hasInvoiceData, updatedAt: new Date() }).where(mine(id)),
      ),

    setInvoice: (id: string, invoiceId: string) =>
      scope.run((tx) => tx.update(ocrExtractions).set({ invoiceId, updatedAt: new Date() }).where(mine(id))),

    addCorrection: (
      id: string,
      userId: string | null,
      changes: { path: string; from: string | null; to: string | null }[],
    ) =>
      scope.run((tx) =>
        tx.insert(extractionCorrections).values({ organizationId: org, extractionId: id, userId, changes }),
      ),

    corrections: (id: string) =>
      scope.run((tx) =>
        tx
          .select({
            at: extractionCorrections.createdAt,
            byName: users.name,
            byEmail: users.email,
            changes: extractionCorrections.changes,
          })
          .from(extractionCorrections)
          .leftJoin(users, eq(users.id, extractionCorrections.userId))
          .where(
            and(eq(extractionCorrections.organizationId, org), eq(extractionCorrections.extractionId, id)),
          )
          .orderBy(desc(extractionCorrections.createdAt)),
      ),
  };
};

export type ExtractionWithFile = NonNullable<
  Awaited<ReturnType<ReturnType<typeof ocrRepository>['findWithFile']>>
>;

/** OCR runs across organizations (system access): the check that no run stays PROCESSING for ever. */
export const ocrSystemRepository = (db: Queryable) => ({
  /** Runs still PROCESSING that started before `before`, at most 500. */
  findProcessingSince: (before: Date) =>
    db
      .select({
        id: ocrExtractions.id,
        organizationId: ocrExtractions.organizationId,
        createdAt: ocrExtractions.createdAt,
      })
      .from(ocrExtractions)
      .where(and(eq(ocrExtractions.status, 'PROCESSING'), lt(ocrExtractions.createdAt, before)))
      .limit(500),
});
