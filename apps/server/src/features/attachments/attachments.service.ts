import {
  MAX_UPLOAD_BYTES,
  hasRefusedCharacters,
  isInvisibleText,
  toMb,
  validationMessages as m,
  type StorageUsage,
  type UploadedAttachment,
} from '@invoicing/contract';
import type { UrlSigner } from '../../platform/auth/url-signer';
import type { OrgScope } from '../../platform/db/org-scope';
import { AppError, notFound } from '../../platform/errors/app-error';
import { checkUpload } from '../../platform/files/check-upload';
import type { FileStore } from '../../platform/storage/file-store';
import type { HeavyWork } from '../../platform/work/heavy-work';
import { attachmentLinker } from './attachments.links';
import { toAttachment, toDuplicateOf } from './attachments.wire';
import { attachmentsRepository, type AttachmentRow } from './attachments.repository';
import { attachmentStorage } from './attachments.storage';

interface AttachmentDeps {
  files: FileStore;
  signer: UrlSigner;
  heavyWork: HeavyWork;
}

/**
 * The name a file is shown under: the last part of what the browser sent, without characters that could
 * disguise it; a name that says nothing becomes `invoice.<ext>`.
 */
const displayName = (given: string | undefined, ext: string): string => {
  const base = (given ?? '').split(/[\\/]/).pop()!.trim().slice(0, 255);
  if (hasRefusedCharacters(base, { directionMarks: false })) {
    throw new AppError('VALIDATION_FAILED', m.textControlCharacters, {
      fieldErrors: { file: [m.textControlCharacters] },
    });
  }
  return base === '' || isInvisibleText(base) ? `invoice.${ext}` : base;
};

/**
 * A stored file's record, or null; `lock` holds it for the caller's transaction (the OCR feature reads
 * and links files through this).
 */
export const findAttachment = (
  scope: OrgScope,
  id: string,
  opts?: Parameters<ReturnType<typeof attachmentsRepository>['find']>[1],
) => attachmentsRepository(scope).find(id, opts);

/** The organization's stored bytes and files (the usage pages ask). */
export const findStorageUsage = (scope: OrgScope) => attachmentsRepository(scope).usage();

export const attachmentsService = (scope: OrgScope, deps: AttachmentDeps) => {
  const repo = attachmentsRepository(scope);
  const storage = attachmentStorage(scope, deps.files);
  const org = scope.organizationId;

  const link = attachmentLinker(deps.signer, org);

  // The files of the file manager: an invoice's image is the invoice's, reached and changed through it.
  const load = async (id: string) => {
    const row = await repo.find(id, { kind: 'INVOICE_UPLOAD' });
    if (!row) throw notFound('File not found.');
    const latest = await repo.latestExtractions([id]);
    return toAttachment(row, latest.get(id), link);
  };

  return {
    get: load,

    list: async (q: { q?: string | undefined; page: number; page_size: number }) => {
      const { count, rows } = await repo.list({ search: q.q ?? '', page: q.page, pageSize: q.page_size });
      const latest = await repo.latestExtractions(rows.map((r) => r.id));
      return {
        count,
        page: q.page,
        page_size: q.page_size,
        results: rows.map((r) => toAttachment(r, latest.get(r.id), link)),
      };
    },

    /**
     * Stores an uploaded invoice file: checked by content, written durably, then recorded and its space
     * taken in one transaction, so a file past the quota or a failure leaves nothing behind.
     */
    upload: async (input: { bytes: Buffer; fileName: string | undefined; userId: string | null }) => {
      if (input.bytes.length > MAX_UPLOAD_BYTES) {
        throw new AppError('FILE_TOO_LARGE', m.imageTooLarge, { fieldErrors: { file: [m.imageTooLarge] } });
      }
      const inspected = await checkUpload(deps.heavyWork, org, input.bytes, 'file');
      const name = displayName(input.fileName, inspected.ext);
      const staged = await storage.stage(input.bytes, inspected);
      let row: AttachmentRow;
      try {
        row = await storage.record(staged, { kind: 'INVOICE_UPLOAD', name, userId: input.userId });
      } catch (error) {
        await storage.discard(staged);
        throw error;
      }
      const duplicate = await repo.findDuplicate(staged.sha256, row.id);
      const duplicateOf = duplicate
        ? toDuplicateOf(duplicate, (await repo.latestExtractions([duplicate.id])).get(duplicate.id))
        : null;
      return {
        ...toAttachment(row, undefined, link),
        duplicate_of: duplicateOf,
      } satisfies UploadedAttachment;
    },

    /** Deletes a file and its record; its space is free when this answers. */
    remove: async (id: string) => {
      const removed = await scope.run(async () => {
        const row = await repo.find(id, { lock: true, kind: 'INVOICE_UPLOAD' });
        if (!row) throw notFound('File not found.');
        if (await repo.isBeingRead(id)) {
          throw new AppError(
            'FILE_IN_USE',
            'This file is being read by OCR. Try again when it has finished.',
          );
        }
        return storage.release(id);
      });
      await storage.removeFiles(removed);
    },

    storageUsage: async (): Promise<StorageUsage> => {
      const [{ usedBytes, fileCount }, limit] = await Promise.all([repo.usage(), storage.limitBytes()]);
      return {
        total_files: fileCount,
        total_size_mb: toMb(usedBytes),
        used_bytes: usedBytes,
        limit_mb: toMb(limit),
        remaining_mb: toMb(Math.max(0, limit - usedBytes)),
      };
    },

    /**
     * A stored variant of a file for its signed link: the original, its preview or a page picture. An image
     * stored for an invoice is served while the invoice shows it: not while it is deleted (it is kept to be
     * restored), nor once replaced. An uploaded file is the file manager's, served to its links whether an
     * invoice shows it or not.
     */
    readVariant: async (id: string, variant: string) => {
      const row = await repo.find(id);
      if (!row) return null;
      if (row.kind === 'INVOICE_IMAGE' && !(await repo.isShownImage(id))) return null;
      let key: string | null = null;
      let mime = 'image/webp';
      if (variant === 'original') {
        key = row.storageKey;
        mime = row.mime;
      } else if (variant === 'preview') {
        key = row.previewKey;
      } else {
        const match = /^page-([0-9a-f-]{36})-(\d{1,3})$/.exec(variant);
        if (match) key = await repo.pageKey(id, match[1]!, Number(match[2]));
      }
      if (!key) return null;
      const file = await deps.files.open(key);
      return file ? { ...file, mime, name: row.originalName, isOriginal: variant === 'original' } : null;
    },
  };
};
