import crypto from 'node:crypto';
import { toMb } from '@invoicing/contract';
import type { OrgScope } from '../../platform/db/org-scope';
import { AppError } from '../../platform/errors/app-error';
import type { InspectedUpload } from '../../platform/files/inspect-upload';
import type { FileStore } from '../../platform/storage/file-store';
import { findExtraStorage } from '../billing/storage-purchases.service';
import { findSubscription } from '../subscriptions/subscriptions.service';
import { attachmentsRepository, type AttachmentRow } from './attachments.repository';

const MB = 1024 * 1024;

/**
 * The folder of every stored file of an organization: each key starts with it (attachments, their pages'
 * pictures, and invoice images stored before they were attachments).
 */
export const organizationFolder = (organizationId: string) => `${organizationId}/`;

/** The key of a file's stored variant: `<organization>/attachments/<attachment>/<name>`. */
export const attachmentKey = (organizationId: string, attachmentId: string, name: string) =>
  `${organizationFolder(organizationId)}attachments/${attachmentId}/${name}`;

/** A checked file written under the keys of an attachment that is not recorded yet. */
interface StagedFile {
  id: string;
  mime: string;
  size: number;
  sha256: string;
  storageKey: string;
  previewKey: string;
  previewSize: number;
  /** The organization's storage, in bytes, when the file was staged. */
  limitBytes: number;
}

/**
 * Every stored file of an organization goes through here, whatever feature it belongs to: it is an
 * attachment, its bytes count in the organization's storage (checked against the plan's quota), and its
 * files are removed only once no committed record refers to them.
 */
export const attachmentStorage = (scope: OrgScope, files: FileStore) => {
  const repo = attachmentsRepository(scope);
  const org = scope.organizationId;

  /** The plan's storage (extra storage purchases add to it), in bytes. */
  const limitBytes = async () => {
    const [subscription, extra] = await Promise.all([findSubscription(scope), findExtraStorage(scope)]);
    return ((subscription?.maxStorageMb ?? 0) + extra.totalMb) * MB;
  };

  /** The 403 of a file that does not fit; `freeing`: bytes the same change frees. */
  const limitReached = async (size: number, freeing = 0) => {
    const [{ usedBytes }, limit] = await Promise.all([repo.usage(), limitBytes()]);
    return new AppError('STORAGE_LIMIT_REACHED', 'Storage limit reached', {
      extra: {
        upgrade_required: true,
        message: `This file needs ${toMb(size)} MB and ${toMb(Math.max(0, limit - usedBytes + freeing))} MB are left.`,
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
    limitBytes,

    /**
     * Writes a checked file durably under the keys of a new attachment. A file that cannot fit is refused
     * before anything is written (`freeing`: bytes the same change frees, such as the image it replaces).
     * Nothing is recorded yet: `record` does that inside the caller's transaction, and `discard` removes the
     * files when that transaction fails.
     */
    stage: async (bytes: Buffer, inspected: InspectedUpload, freeing = 0): Promise<StagedFile> => {
      const limit = await limitBytes();
      if ((await repo.usage()).usedBytes - freeing + bytes.length > limit) {
        throw await limitReached(bytes.length, freeing);
      }
      const id = crypto.randomUUID();
      const staged: StagedFile = {
        id,
        mime: inspected.mime,
        size: bytes.length,
        sha256: crypto.createHash('sha256').update(bytes).digest('hex'),
        storageKey: attachmentKey(org, id, `original.${inspected.ext}`),
        previewKey: attachmentKey(org, id, 'preview.webp'),
        previewSize: inspected.preview.length,
        limitBytes: limit,
      };
      await files.put(staged.storageKey, bytes);
      await files.put(staged.previewKey, inspected.preview);
      return staged;
    },

    /**
     * Records a staged file and takes its space, in the caller's transaction: concurrent writers each see
     * the others' bytes, so together they never pass the quota (403 when this one does not fit).
     */
    record: (
      staged: StagedFile,
      file: { kind: AttachmentRow['kind']; name: string; userId: string | null },
    ): Promise<AttachmentRow> =>
      scope.run(async () => {
        if (!(await repo.reserveSpace(staged.size, staged.limitBytes))) throw await limitReached(staged.size);
        return repo.insert({
          id: staged.id,
          kind: file.kind,
          originalName: file.name,
          mime: staged.mime,
          size: staged.size,
          sha256: staged.sha256,
          storageKey: staged.storageKey,
          previewKey: staged.previewKey,
          previewSize: staged.previewSize,
          createdBy: file.userId,
        });
      }),

    /** Removes the files of a staged file whose record was not committed. */
    discard: async (staged: StagedFile) => {
      await Promise.all([files.remove(staged.storageKey), files.remove(staged.previewKey)]);
    },

    /**
     * Deletes a file's record and frees its space, in the caller's transaction; answers the keys of its
     * stored files (with its pages' pictures), which `removeFiles` removes once that transaction commits.
     */
    release: (id: string): Promise<string[]> =>
      scope.run(async () => {
        const row = await repo.find(id, { lock: true });
        if (!row) return [];
        const pages = await repo.pageKeys(id);
        await repo.remove(id);
        await repo.releaseSpace(row.size);
        return [row.storageKey, ...(row.previewKey ? [row.previewKey] : []), ...pages];
      }),

    /**
     * Removes released files, after the commit: a crash before this leaves files that no record refers
     * to, which the start-up sweep removes.
     */
    removeFiles: async (keys: string[]) => {
      await Promise.all(keys.map((key) => files.remove(key)));
    },
  };
};
