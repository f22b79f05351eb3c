import { inArray } from 'drizzle-orm';
import type { SystemAccess } from '../../platform/db/system-access';
import type { FileReferences } from '../../platform/storage/sweep';
import { invoices } from './invoices.table';

const uuid = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** `<organization>/invoice-images/<invoice>-<upload>.<ext>` and its `-preview.webp` (invoices.service.ts). */
const imageKey = new RegExp(`^${uuid}/invoice-images/(${uuid})-${uuid}(?:-preview)?\\.[a-z]+$`);

/** Invoices refer to their image and its preview (kept while the image is deleted, so it can be restored). */
export const invoiceImageFiles = (system: SystemAccess): FileReferences => ({
  owns: (key) => imageKey.test(key),
  referenced: async (keys) => {
    // The invoice's id is in the key: its row is found by primary key, not by a scan of every invoice.
    const ids = [...new Set(keys.map((key) => imageKey.exec(key)![1]!))];
    const rows = await system.db
      .select({ image: invoices.imageKey, preview: invoices.imagePreviewKey })
      .from(invoices)
      .where(inArray(invoices.id, ids));
    const current = new Set(rows.flatMap((r) => [r.image, r.preview]));
    return new Set(keys.filter((key) => current.has(key)));
  },
});
