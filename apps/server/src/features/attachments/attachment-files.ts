import { inArray } from 'drizzle-orm';
import type { SystemAccess } from '../../platform/db/system-access';
import type { FileReferences } from '../../platform/storage/sweep';
import { ocrExtractions } from '../ocr/ocr.table';
import { attachments } from './attachments.table';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** `<organization>/attachments/<attachment>/<name>` (attachments.service.ts, the OCR job's page pictures). */
const fileKey = new RegExp(`^${uuid}/attachments/(${uuid})/[a-z0-9._-]+$`);

/** Files refer to their original and preview; their extractions to the pictures of their pages. */
export const attachmentFiles = (system: SystemAccess): FileReferences => ({
  owns: (key) => fileKey.test(key),
  referenced: async (keys) => {
    const ids = [...new Set(keys.map((key) => fileKey.exec(key)![1]!))];
    const [files, runs] = await Promise.all([
      system.db
        .select({ original: attachments.storageKey, preview: attachments.previewKey })
        .from(attachments)
        .where(inArray(attachments.id, ids)),
      system.db
        .select({ pages: ocrExtractions.pages })
        .from(ocrExtractions)
        .where(inArray(ocrExtractions.attachmentId, ids)),
    ]);
    const current = new Set<string | null>([
      ...files.flatMap((f) => [f.original, f.preview]),
      ...runs.flatMap((r) => r.pages.map((p) => p.key)),
    ]);
    return new Set(keys.filter((key) => current.has(key)));
  },
});
