import { and, count, desc, eq, ilike, inArray, ne, sql } from 'drizzle-orm';
import type { OrgScope } from '../../platform/db/org-scope';
import { invoices } from '../invoices/invoices.table';
import { ocrExtractions } from '../ocr/ocr.table';
import { attachments, organizationStorage } from './attachments.table';

export type AttachmentRow = typeof attachments.$inferSelect;

export interface LatestExtraction {
  id: string;
  status: 'PROCESSING' | 'DONE' | 'FAILED';
  errorCode: string | null;
  errorMessage: string | null;
  hasInvoiceData: boolean;
  invoiceId: string | null;
  invoiceNumber: string | null;
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Files of the scope's organization, and the bytes they take. */
export const attachmentsRepository = (scope: OrgScope) => {
  const org = scope.organizationId;
  const mine = (id: string) => and(eq(attachments.organizationId, org), eq(attachments.id, id));

  /** The latest extraction of each file, with the invoice made from it. */
  const latestExtractions = (ids: string[]) =>
    scope.run(async (tx) => {
      if (ids.length === 0) return new Map<string, LatestExtraction>();
      const rows = await tx
        .selectDistinctOn([ocrExtractions.attachmentId], {
          attachmentId: ocrExtractions.attachmentId,
          id: ocrExtractions.id,
          status: ocrExtractions.status,
          errorCode: ocrExtractions.errorCode,
          errorMessage: ocrExtractions.errorMessage,
          hasInvoiceData: ocrExtractions.hasInvoiceData,
          invoiceId: ocrExtractions.invoiceId,
          invoiceNumber: invoices.number,
        })
        .from(ocrExtractions)
        .leftJoin(invoices, and(eq(invoices.organizationId, org), eq(invoices.id, ocrExtractions.invoiceId)))
        .where(and(eq(ocrExtractions.organizationId, org), inArray(ocrExtractions.attachmentId, ids)))
        .orderBy(ocrExtractions.attachmentId, desc(ocrExtractions.createdAt));
      return new Map(rows.map((r) => [r.attachmentId, r]));
    });

  return {
    latestExtractions,

    list: (q: { search: string; page: number; pageSize: number }) =>
      scope.run(
        async (tx) => {
          const where = and(
            eq(attachments.organizationId, org),
            eq(attachments.kind, 'INVOICE_UPLOAD'),
            q.search ? ilike(attachments.originalName, likePattern(q.search)) : undefined,
          );
          const [total] = await tx.select({ n: count() }).from(attachments).where(where);
          const rows = await tx
            .select()
            .from(attachments)
            .where(where)
            .orderBy(desc(attachments.createdAt), desc(attachments.id))
            .limit(q.pageSize)
            .offset((q.page - 1) * q.pageSize);
          return { count: total?.n ?? 0, rows };
        },
        { snapshot: true },
      ),

    /** The file; `kind` answers only a file of that kind. */
    find: (id: string, options: { lock?: boolean; kind?: AttachmentRow['kind'] } = {}) =>
      scope.run(async (tx) => {
        const query = tx
          .select()
          .from(attachments)
          .where(and(mine(id), options.kind ? eq(attachments.kind, options.kind) : undefined))
          .limit(1);
        const [row] = options.lock ? await query.for('update') : await query;
        return row ?? null;
      }),

    /** The earliest other uploaded file of the organization with the same content. */
    findDuplicate: (sha256: string, exceptId: string) =>
      scope.run(async (tx) => {
        const [row] = await tx
          .select({
            id: attachments.id,
            originalName: attachments.originalName,
            createdAt: attachments.createdAt,
          })
          .from(attachments)
          .where(
            and(
              eq(attachments.organizationId, org),
              eq(attachments.sha256, sha256),
              // An invoice's image is not among the files the user uploaded and sees in the file manager.
              eq(attachments.kind, 'INVOICE_UPLOAD'),
              ne(attachments.id, exceptId),
            ),
          )
          .orderBy(attachments.createdAt, attachments.id)
          .limit(1);
        return row ?? null;
      }),

    insert: (values: Omit<typeof attachments.$inferInsert, 'organizationId'>) =>
      scope.run(async (tx) => {
        const [row] = await tx
          .insert(attachments)
          .values({ ...values, organizationId: org })
          .returning();
        return row!;
      }),

    /**
     * Deletes the file's record. An invoice that has it as its image, shown or deleted, is left without
     * one, in the same transaction: the key alone would only lose the file's id, and the invoice would
     * still say it shows an image.
     */
    remove: (id: string) =>
      scope.run(async (tx) => {
        await tx
          .update(invoices)
          .set({
            imageStatus: 'no_image',
            imageAttachmentId: null,
            imageDeletedAt: null,
            imageDeletedBy: null,
            imageDeletionReason: null,
            updatedAt: new Date(),
          })
          .where(and(eq(invoices.organizationId, org), eq(invoices.imageAttachmentId, id)));
        return (await tx.delete(attachments).where(mine(id)).returning()).at(0) ?? null;
      }),

    /** Whether an invoice shows this image now (it has not deleted it). */
    isShownImage: (id: string) =>
      scope.run(async (tx) => {
        const [row] = await tx
          .select({ id: invoices.id })
          .from(invoices)
          .where(
            and(
              eq(invoices.organizationId, org),
              eq(invoices.imageAttachmentId, id),
              eq(invoices.imageStatus, 'available'),
            ),
          )
          .limit(1);
        return Boolean(row);
      }),

    /** Whether a run of OCR is reading the file now. */
    isBeingRead: (id: string) =>
      scope.run(async (tx) => {
        const [row] = await tx
          .select({ id: ocrExtractions.id })
          .from(ocrExtractions)
          .where(
            and(
              eq(ocrExtractions.organizationId, org),
              eq(ocrExtractions.attachmentId, id),
              eq(ocrExtractions.status, 'PROCESSING'),
            ),
          )
          .limit(1);
        return Boolean(row);
      }),

    /** Every page picture the file's extractions stored. */
    pageKeys: (id: string) =>
      scope.run(async (tx) => {
        const rows = await tx
          .select({ pages: ocrExtractions.pages })
          .from(ocrExtractions)
          .where(and(eq(ocrExtractions.organizationId, org), eq(ocrExtractions.attachmentId, id)));
        return rows.flatMap((r) => r.pages.map((p) => p.key));
      }),

    /** The stored picture of one page of one of the file's extractions. */
    pageKey: (id: string, extractionId: string, page: number) =>
      scope.run(async (tx) => {
        const [row] = await tx
          .select({ pages: ocrExtractions.pages })
          .from(ocrExtractions)
          .where(
            and(
              eq(ocrExtractions.organizationId, org),
              eq(ocrExtractions.attachmentId, id),
              eq(ocrExtractions.id, extractionId),
            ),
          );
        return row?.pages.find((p) => p.page === page)?.key ?? null;
      }),

    /**
     * Takes `bytes` of the organization's space if they fit under `limitBytes`, in one conditional update:
     * concurrent uploads each see the others' bytes. Answers false when they do not fit.
     */
    reserveSpace: (bytes: number, limitBytes: number) =>
      scope.run(async (tx) => {
        await tx.insert(organizationStorage).values({ organizationId: org }).onConflictDoNothing();
        const rows = await tx
          .update(organizationStorage)
          .set({
            usedBytes: sql`${organizationStorage.usedBytes} + ${bytes}`,
            fileCount: sql`${organizationStorage.fileCount} + 1`,
          })
          .where(
            and(
              eq(organizationStorage.organizationId, org),
              sql`${organizationStorage.usedBytes} + ${bytes} <= ${limitBytes}`,
            ),
          )
          .returning({ usedBytes: organizationStorage.usedBytes });
        return rows.length > 0;
      }),

    releaseSpace: (bytes: number) =>
      scope.run(async (tx) => {
        await tx
          .update(organizationStorage)
          .set({
            usedBytes: sql`greatest(0, ${organizationStorage.usedBytes} - ${bytes})`,
            fileCount: sql`greatest(0, ${organizationStorage.fileCount} - 1)`,
          })
          .where(eq(organizationStorage.organizationId, org));
      }),

    usage: () =>
      scope.run(async (tx) => {
        const [row] = await tx
          .select({ usedBytes: organizationStorage.usedBytes, fileCount: organizationStorage.fileCount })
          .from(organizationStorage)
          .where(eq(organizationStorage.organizationId, org));
        return { usedBytes: row?.usedBytes ?? 0, fileCount: row?.fileCount ?? 0 };
      }),
  };
};
