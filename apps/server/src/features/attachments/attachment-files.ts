import { and, eq, inArray, or } from 'drizzle-orm';
import type { SystemAccess } from '../../platform/db/system-access';
import type { FileReferences } from '../../platform/storage/sweep';
import { ocrExtractions } from '../ocr/ocr.table';
import { attachments } from './attachments.table';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** `<organization>/attachments/<attachment>/<name>` (attachments.storage.ts, the OCR job's page pictures). */
const fileKey = new RegExp(`^${uuid}/attachments/(${uuid})/[a-z0-9._-]+$`);
/**
 * `<organization>/invoice-images/<invoice>-<upload>.<ext>` and its `-preview.webp`: where invoice images were
 * written before they were attachments. The attachments made of them (migration 0013) keep these keys.
 */
const imageKeyBeforeAttachments = new RegExp(
  `^(${uuid})/invoice-images/${uuid}-${uuid}(?:-preview)?\\.[a-z]+$`,
);

/** Files refer to their original and preview; their extractions to the pictures of their pages. */
export const attachmentFiles = (system: SystemAccess): FileReferences => ({
  owns: (key) => fileKey.test(key) || imageKeyBeforeAttachments.test(key),
  referenced: async (keys) => {
    const current = keys.filter((key) => fileKey.test(key));
    const older = keys.filter((key) => !fileKey.test(key));
    // The attachment's id is in its keys: its rows are found by primary key, not by a scan.
    const ids = [...new Set(current.map((key) => fileKey.exec(key)![1]!))];
    // An older image's key names its organization only: its attachment is among the organization's images.
    const organizations = [...new Set(older.map((key) => imageKeyBeforeAttachments.exec(key)![1]!))];
    const [files, runs, images] = await Promise.all([
      ids.length === 0
        ? []
        : system.db
            .select({ original: attachments.storageKey, preview: attachments.previewKey })
            .from(attachments)
            .where(inArray(attachments.id, ids)),
      ids.length === 0
        ? []
        : system.db
            .select({ pages: ocrExtractions.pages })
            .from(ocrExtractions)
            .where(inArray(ocrExtractions.attachmentId, ids)),
      organizations.length === 0
        ? []
        : system.db
            .select({ original: attachments.storageKey, preview: attachments.previewKey })
            .from(attachments)
            .where(
              and(
                inArray(attachments.organizationId, organizations),
                eq(attachments.kind, 'INVOICE_IMAGE'),
                or(inArray(attachments.storageKey, older), inArray(attachments.previewKey, older)),
              ),
            ),
    ]);
    const referenced = new Set<string | null>([
      ...[...files, ...images].flatMap((f) => [f.original, f.preview]),
      ...runs.flatMap((r) => r.pages.map((p) => p.key)),
    ]);
    return new Set(keys.filter((key) => referenced.has(key)));
  },
});
