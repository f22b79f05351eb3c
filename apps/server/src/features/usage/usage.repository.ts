import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import type { OrgScope } from '../../platform/db/org-scope';
import { attachments } from '../attachments/attachments.table';
import { ocrExtractions } from '../ocr/ocr.table';

/**
 * The organization's OCR and file activity, for the dashboard: a read across the attachments and OCR
 * tables, every query filtered by the scope's organization.
 */
export const usageRepository = (scope: OrgScope) => {
  const org = scope.organizationId;
  return {
    /** Run counts (all, and since `weekAgo`), runs per month since `firstMonth`, the latest runs and files. */
    findActivity: (weekAgo: Date, firstMonth: Date) =>
      scope.run(async (tx) => {
        const mine = eq(ocrExtractions.organizationId, org);
        const [totals] = await tx
          .select({
            total: count(),
            done: sql<number>`count(*) filter (where ${ocrExtractions.status} = 'DONE')`.mapWith(Number),
            failed: sql<number>`count(*) filter (where ${ocrExtractions.status} = 'FAILED')`.mapWith(Number),
            processing: sql<number>`count(*) filter (where ${ocrExtractions.status} = 'PROCESSING')`.mapWith(
              Number,
            ),
            recent: sql<number>`count(*) filter (where ${ocrExtractions.createdAt} >= ${weekAgo})`.mapWith(
              Number,
            ),
            recentDone:
              sql<number>`count(*) filter (where ${ocrExtractions.createdAt} >= ${weekAgo} and ${ocrExtractions.status} = 'DONE')`.mapWith(
                Number,
              ),
            recentFailed:
              sql<number>`count(*) filter (where ${ocrExtractions.createdAt} >= ${weekAgo} and ${ocrExtractions.status} = 'FAILED')`.mapWith(
                Number,
              ),
          })
          .from(ocrExtractions)
          .where(mine);
        const month = sql<string>`to_char(${ocrExtractions.createdAt} at time zone 'UTC', 'YYYY-MM')`;
        const byMonth = await tx
          .select({
            month,
            total: count(),
            successful: sql<number>`count(*) filter (where ${ocrExtractions.status} = 'DONE')`.mapWith(
              Number,
            ),
          })
          .from(ocrExtractions)
          .where(and(mine, gte(ocrExtractions.createdAt, firstMonth)))
          .groupBy(month);
        const recentRuns = await tx
          .select({
            id: ocrExtractions.id,
            name: attachments.originalName,
            createdAt: ocrExtractions.createdAt,
            status: ocrExtractions.status,
          })
          .from(ocrExtractions)
          .innerJoin(
            attachments,
            and(eq(attachments.organizationId, org), eq(attachments.id, ocrExtractions.attachmentId)),
          )
          .where(and(mine, gte(ocrExtractions.createdAt, weekAgo)))
          .orderBy(desc(ocrExtractions.createdAt))
          .limit(10);
        const recentFiles = await tx
          .select({
            id: attachments.id,
            name: attachments.originalName,
            createdAt: attachments.createdAt,
            size: attachments.size,
          })
          .from(attachments)
          .where(and(eq(attachments.organizationId, org), eq(attachments.kind, 'INVOICE_UPLOAD')))
          .orderBy(desc(attachments.createdAt))
          .limit(6);
        return { totals, byMonth, recentRuns, recentFiles };
      }),
  };
};
