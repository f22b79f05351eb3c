import crypto from 'node:crypto';
import {
  MAX_UPLOAD_BYTES,
  hasRefusedCharacters,
  isInvisibleText,
  toMb,
  validationMessages as m,
  type Attachment,
  type StorageUsage,
  type UploadedAttachment,
} from '@invoicing/contract';
import type { UrlSigner } from '../../platform/auth/url-signer';
import type { OrgScope } from '../../platform/db/org-scope';
import { AppError, notFound } from '../../platform/errors/app-error';
import { checkUpload } from '../../platform/files/check-upload';
import type { FileStore } from '../../platform/storage/file-store';
import type { HeavyWork } from '../../platform/work/heavy-work';
import { getSubscription } from '../subscriptions/subscriptions.repository';
import { attachmentLink } from './attachments.links';
import { attachmentsRepository, type AttachmentRow, type LatestExtraction } from './attachments.repository';

export interface AttachmentDeps {
  files: FileStore;
  signer: UrlSigner;
  heavyWork: HeavyWork;
}

const MB = 1024 * 1024;

/** The key of a file's stored variant: `<organization>/attachments/<attachment>/<name>`. */
export const attachmentKey = (organizationId: string, attachmentId: string, name: string) =>
  `${organizationId}/attachments/${attachmentId}/${name}`;

/**
 * The name a file is shown under: the last part of what the browser sent, without characters that could
 * disguise it; a name that says nothing becomes `invoice.<ext>`.
 */
export const displayName = (given: string | undefined, ext: string): string => {
  const base = (given ?? '').split(/[\\/]/).pop()!.trim().slice(0, 255);
  if (hasRefusedCharacters(base, { directionMarks: false })) {
    throw new AppError('VALIDATION_FAILED', m.textControlCharacters, {
      fieldErrors: { file: [m.textControlCharacters] },
    });
  }
  return base === '' || isInvisibleText(base) ? `invoice.${ext}` : base;
};

export const attachmentsService = (scope: OrgScope, deps: AttachmentDeps) => {
  const repo = attachmentsRepository(scope);
  const org = scope.organizationId;

  const toAttachment = (row: AttachmentRow, latest: LatestExtraction | undefined): Attachment => ({
    id: row.id,
    original_name: row.originalName,
    mime: row.mime,
    size: row.size,
    size_mb: toMb(row.size),
    kind: row.kind,
    created_at: row.createdAt.toISOString(),
    file_url: attachmentLink(deps.signer, org, row.id, 'original'),
    preview_url: row.previewKey ? attachmentLink(deps.signer, org, row.id, 'preview') : null,
    sha256: row.sha256,
    has_extraction: Boolean(latest),
    extraction_status: latest?.status ?? null,
    extraction_id: latest?.id ?? null,
    extraction_error_code: latest?.status === 'FAILED' ? latest.errorCode : null,
    extraction_error_message: latest?.status === 'FAILED' ? latest.errorMessage : null,
    extraction_has_invoice_data: latest?.status === 'DONE' && latest.hasInvoiceData,
    invoice_id: latest?.invoiceId ?? null,
    invoice_number: latest?.invoiceNumber ?? null,
  });

  const load = async (id: string) => {
    const row = await repo.find(id);
    if (!row) throw notFound('File not found.');
    const latest = await repo.latestExtractions([id]);
    return toAttachment(row, latest.get(id));
  };

  /** The plan's storage (extra storage purchases add to it), in bytes. */
  const storageLimitBytes = async () => {
    const subscription = await getSubscription(scope);
    return (subscription?.maxStorageMb ?? 0) * MB;
  };

  const storageLimitReached = async (size: number) => {
    const [{ usedBytes }, limit] = await Promise.all([repo.usage(), storageLimitBytes()]);
    return new AppError('STORAGE_LIMIT_REACHED', 'Storage limit reached', {
      extra: {
        upgrade_required: true,
        message: `This file needs ${toMb(size)} MB and ${toMb(Math.max(0, limit - usedBytes))} MB are left.`,
        limit_type: 'storage',
        current_usage: toMb(usedBytes),
        limit: toMb(limit),
        upgrade_options: {
          buy_extra_storage: 'Buy extra storage: 0.10 EGP per MB each billing cycle.',
          upgrade_plan: 'Upgrade your plan for more storage.',
        },
      },
    });
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
        results: rows.map((r) => toAttachment(r, latest.get(r.id))),
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
      const sha256 = crypto.createHash('sha256').update(input.bytes).digest('hex');
      // Refused at once when it cannot fit, before anything is written.
      const limit = await storageLimitBytes();
      if ((await repo.usage()).usedBytes + input.bytes.length > limit) {
        throw await storageLimitReached(input.bytes.length);
      }
      const id = crypto.randomUUID();
      const storageKey = attachmentKey(org, id, `original.${inspected.ext}`);
      const previewKey = attachmentKey(org, id, 'preview.webp');
      await deps.files.put(storageKey, input.bytes);
      await deps.files.put(previewKey, inspected.preview);
      try {
        const row = await scope.run(async () => {
          if (!(await repo.reserveSpace(input.bytes.length, limit))) {
            throw await storageLimitReached(input.bytes.length);
          }
          return repo.insert({
            id,
            kind: 'INVOICE_UPLOAD',
            originalName: name,
            mime: inspected.mime,
            size: input.bytes.length,
            sha256,
            storageKey,
            previewKey,
            previewSize: inspected.preview.length,
            createdBy: input.userId,
          });
        });
        const duplicate = await repo.findDuplicate(sha256, row.id);
        let duplicateOf: UploadedAttachment['duplicate_of'] = null;
        if (duplicate) {
          const latest = (await repo.latestExtractions([duplicate.id])).get(duplicate.id);
          duplicateOf = {
            id: duplicate.id,
            original_name: duplicate.originalName,
            created_at: duplicate.createdAt.toISOString(),
            invoice_id: latest?.invoiceId ?? null,
            invoice_number: latest?.invoiceNumber ?? null,
          };
        }
        return { ...toAttachment(row, undefined), duplicate_of: duplicateOf } satisfies UploadedAttachment;
      } catch (error) {
        await Promise.all([deps.files.remove(storageKey), deps.files.remove(previewKey)]);
        throw error;
      }
    },

    /** Deletes a file and its record; its space is free when this answers. */
    remove: async (id: string) => {
      const removed = await scope.run(async () => {
        const row = await repo.find(id, { lock: true });
        if (!row) throw notFound('File not found.');
        if (await repo.isBeingRead(id)) {
          throw new AppError(
            'FILE_IN_USE',
            'This file is being read by OCR. Try again when it has finished.',
          );
        }
        const pages = await repo.pageKeys(id);
        await repo.remove(id);
        await repo.releaseSpace(row.size);
        return [row.storageKey, row.previewKey, ...pages];
      });
      // After the commit: a crash here leaves files no record refers to, which the start-up sweep removes.
      await Promise.all(removed.filter((k): k is string => Boolean(k)).map((k) => deps.files.remove(k)));
    },

    storageUsage: async (): Promise<StorageUsage> => {
      const [{ usedBytes, fileCount }, limit] = await Promise.all([repo.usage(), storageLimitBytes()]);
      return {
        total_files: fileCount,
        total_size_mb: toMb(usedBytes),
        used_bytes: usedBytes,
        limit_mb: toMb(limit),
        remaining_mb: toMb(Math.max(0, limit - usedBytes)),
      };
    },

    /** A stored variant of a file for its signed link: the original, its preview or a page picture. */
    readVariant: async (id: string, variant: string) => {
      const row = await repo.find(id);
      if (!row) return null;
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
      const data = await deps.files.get(key);
      return data ? { data, mime, name: row.originalName, isOriginal: variant === 'original' } : null;
    },
  };
};
