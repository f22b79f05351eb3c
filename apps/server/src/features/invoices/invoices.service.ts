import type { z } from 'zod';
import {
  INVOICE_TAX_RATE,
  MAX_IMAGE_BYTES,
  computeInvoiceTotals,
  invoiceStatuses,
  toMoney,
  toScaled,
  validationMessages as m,
  type InvoiceStats,
  type InvoiceStatus,
  type imageUploadInput,
  type invoiceInput,
} from '@invoicing/contract';
import type { UrlSigner } from '../../platform/auth/url-signer';
import type { OrgScope } from '../../platform/db/org-scope';
import { isUniqueViolation } from '../../platform/db/errors';
import { pageOf } from '../../platform/db/pagination';
import { AppError, notFound } from '../../platform/errors/app-error';
import { decodeDataUrl } from '../../platform/files/inspect-upload';
import { checkUpload } from '../../platform/files/check-upload';
import type { FileStore } from '../../platform/storage/file-store';
import type { HeavyWork } from '../../platform/work/heavy-work';
import { attachmentLinker } from '../attachments/attachments.links';
import { attachmentStorage } from '../attachments/attachments.storage';
import { getOrganizationCurrency } from '../orgs/orgs.service';
import { enforcePlanLimit } from '../subscriptions/subscriptions.service';
import { toInvoice, toInvoiceListItem, toInvoiceStats } from './invoices.wire';
import {
  invoicesRepository,
  type InvoiceImage,
  type InvoiceRow,
  type LineValues,
} from './invoices.repository';

type Input = z.output<typeof invoiceInput>;

/** The largest total numeric(14,2) holds. */
const MAX_AMOUNT = toScaled('999999999999.99', 2);

interface InvoiceDeps {
  files: FileStore;
  signer: UrlSigner;
  heavyWork: HeavyWork;
}

const invoiceNotFound = () => notFound('Invoice not found.');

const validation = (field: string, message: string) =>
  new AppError('VALIDATION_FAILED', `${field}: ${message}`, { fieldErrors: { [field]: [message] } });

const formatNumber = (n: number) => `INV-${String(n).padStart(6, '0')}`;

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

const DAY_MS = 86_400_000;

/** The last date an invoice may carry (four-digit years: the contract's `isoDate`). */
const LAST_DATE = '9999-12-31';

/** `today` moved on by as many days as lie between `from` and `to` (ISO dates), at most the last date. */
const sameTerm = (today: string, from: string, to: string) => {
  const days = Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
  const due = isoDay(new Date(Date.parse(`${today}T00:00:00Z`) + Math.max(0, days) * DAY_MS));
  return due.length === 10 && due <= LAST_DATE ? due : LAST_DATE;
};

/**
 * The start of `now`'s calendar month, UTC. The plan's `max_invoices_per_month` counts the invoices created
 * (not issued: a date typed by hand could dodge it) since then: the same window for every organization and
 * billing cycle (a yearly period is not a month), and the one the usage page names "invoices this month".
 */
const monthStart = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** How many invoices the organization has created in `now`'s calendar month (UTC), which its plan limits. */
export const countInvoicesThisMonth = (scope: OrgScope, now = new Date()) =>
  invoicesRepository(scope).countCreatedSince(monthStart(now));

/** How many invoices refer to the customer (the customers feature asks before a deletion). */
export const countInvoicesOfCustomer = (scope: OrgScope) => (customerId: string) =>
  invoicesRepository(scope).countOfCustomer(customerId);

export const invoicesService = (scope: OrgScope, deps: InvoiceDeps) => {
  const repo = invoicesRepository(scope);
  const storage = attachmentStorage(scope, deps.files);
  const org = scope.organizationId;

  const link = attachmentLinker(deps.signer, org);

  const load = async (id: string) => {
    const found = await repo.find(id);
    if (!found) throw invoiceNotFound();
    return toInvoice(found, link);
  };

  /** Checks references and computes every figure; client figures are never trusted. */
  const prepare = async (input: Input) => {
    if (!(await repo.customerExists(input.customer_id))) throw validation('customer_id', m.customerInvalid);
    const itemIds = input.lines_data.map((l) => l.item_id ?? l.item ?? null);
    const known = await repo.existingItemIds([...new Set(itemIds.filter((x): x is string => Boolean(x)))]);
    itemIds.forEach((id, i) => {
      if (id && !known.has(id)) throw validation(`lines_data.${i}.item_id`, m.itemInvalid);
    });
    const totals = computeInvoiceTotals(input.lines_data, INVOICE_TAX_RATE);
    if (toScaled(totals.total, 2) > MAX_AMOUNT || totals.lines.some((t) => toScaled(t, 2) > MAX_AMOUNT)) {
      throw validation('lines_data', m.amountTooLarge);
    }
    const lines: LineValues[] = input.lines_data.map((l, i) => ({
      itemId: itemIds[i] ?? null,
      position: i,
      description: l.description,
      quantity: l.quantity,
      unitPrice: toMoney(l.unit_price),
      total: totals.lines[i]!,
    }));
    return {
      lines,
      figures: {
        subtotal: totals.subtotal,
        taxRate: INVOICE_TAX_RATE,
        taxAmount: totals.tax_amount,
        total: totals.total,
      },
    };
  };

  const numberTaken = () =>
    new AppError('INVOICE_NUMBER_TAKEN', m.numberTaken, { fieldErrors: { number: [m.numberTaken] } });

  /** Runs a write and turns a duplicate number (a concurrent save won the race) into a 409. */
  const guardNumber = async <T>(work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'invoices_organization_number_key')) throw numberTaken();
      throw error;
    }
  };

  /**
   * The file of the invoice's image when it is the invoice's own (stored for it), which goes with the
   * invoice or with its replacement. An uploaded file the invoice was read from stays in the file manager:
   * the invoice only stops showing it.
   */
  const ownImage = (found: { row: InvoiceRow; image: InvoiceImage | null }) =>
    found.row.imageAttachmentId && found.image?.kind !== 'INVOICE_UPLOAD'
      ? found.row.imageAttachmentId
      : null;

  /** The next free number of the sequence, skipping numbers a user typed by hand. */
  const nextNumber = async () => {
    for (;;) {
      const candidate = formatNumber(await repo.nextSequenceValue());
      if (!(await repo.numberTaken(candidate))) return candidate;
    }
  };

  return {
    list: async (q: {
      status?: string | undefined;
      q?: string | undefined;
      page: number;
      page_size: number;
      limit?: number | undefined;
    }) => {
      const pageSize = q.limit ?? q.page_size;
      const status = (invoiceStatuses as readonly string[]).includes(q.status ?? '')
        ? (q.status as InvoiceStatus)
        : undefined;
      const { rows, count } = await repo.list({ status, q: q.q, page: q.page, pageSize });
      return pageOf(rows.map(toInvoiceListItem), count, q.page, pageSize);
    },

    get: load,

    /** Past the plan's monthly limit: 403 `PLAN_LIMIT_REACHED` and nothing written (one transaction). */
    create: async (input: Input) => {
      const id = await guardNumber(() =>
        scope.run(async () => {
          await enforcePlanLimit(scope, 'invoices', () => countInvoicesThisMonth(scope));
          const { lines, figures } = await prepare(input);
          let number = input.number;
          if (number === '') number = await nextNumber();
          else if (await repo.numberTaken(number)) throw numberTaken();
          const row = await repo.insert({
            number,
            status: input.status,
            issueDate: input.issue_date,
            dueDate: input.due_date,
            currency: input.currency ?? (await getOrganizationCurrency(scope)),
            customerId: input.customer_id,
            createdBy: scope.userId,
            ...figures,
          });
          await repo.replaceLines(row.id, lines);
          return row.id;
        }),
      );
      return load(id);
    },

    /**
     * A new DRAFT copy of an invoice: its customer, lines (with their items, where they still exist) and
     * currency, the next number of the sequence, issued today (UTC) and due after the same term as the
     * original. Its image is not copied. Counted like any creation: past the plan's monthly limit, 403
     * `PLAN_LIMIT_REACHED` and nothing written.
     */
    duplicate: async (id: string, now = new Date()) => {
      const copyId = await scope.run(async () => {
        const source = await repo.find(id);
        if (!source) throw invoiceNotFound();
        await enforcePlanLimit(scope, 'invoices', () => countInvoicesThisMonth(scope), now);
        // Both are held against deletion until the copy is written, as a save holds them.
        if (source.customer) await repo.customerExists(source.customer.id);
        const itemIds = source.lines.map((l) => l.itemId).filter((x): x is string => Boolean(x));
        const known = await repo.existingItemIds([...new Set(itemIds)]);
        const today = isoDay(now);
        const { row } = source;
        const copy = await repo.insert({
          number: await nextNumber(),
          status: 'DRAFT',
          issueDate: today,
          dueDate: sameTerm(today, row.issueDate, row.dueDate),
          currency: row.currency,
          customerId: source.customer?.id ?? null,
          createdBy: scope.userId,
          // The server's own figures of the same lines: the copy's are the same.
          subtotal: row.subtotal,
          taxRate: row.taxRate,
          taxAmount: row.taxAmount,
          total: row.total,
        });
        await repo.replaceLines(
          copy.id,
          source.lines.map((l, position) => ({
            itemId: l.itemId && known.has(l.itemId) ? l.itemId : null,
            position,
            description: l.description,
            quantity: l.quantity,
            unitPrice: l.unitPrice,
            total: l.total,
          })),
        );
        return copy.id;
      });
      return load(copyId);
    },

    update: async (id: string, input: Input) => {
      await guardNumber(() =>
        scope.run(async () => {
          const current = await repo.find(id, { lock: true });
          if (!current) throw invoiceNotFound();
          const { lines, figures } = await prepare(input);
          const number = input.number === '' ? current.row.number : input.number;
          if (number !== current.row.number && (await repo.numberTaken(number, id))) throw numberTaken();
          await repo.update(id, {
            number,
            status: input.status,
            issueDate: input.issue_date,
            dueDate: input.due_date,
            currency: input.currency ?? current.row.currency,
            customerId: input.customer_id,
            ...figures,
          });
          await repo.replaceLines(id, lines);
        }),
      );
      return load(id);
    },

    remove: async (id: string) => {
      const keys = await scope.run(async () => {
        const current = await repo.find(id, { lock: true });
        if (!current) throw invoiceNotFound();
        if (current.row.status !== 'DRAFT') {
          throw new AppError('INVOICE_NOT_DRAFT', 'Only draft invoices can be deleted.');
        }
        await repo.remove(id);
        // Its own image, shown or deleted, goes with it, and its space is free when this answers; a file of
        // the file manager stays there.
        const own = ownImage(current);
        return own ? storage.release(own) : [];
      });
      await storage.removeFiles(keys);
    },

    /**
     * Stores the image as an attachment of the organization (counted in its storage, refused past its
     * quota) and points the invoice at it, replacing its image, shown or deleted, in the same transaction.
     */
    uploadImage: async (id: string, input: z.output<typeof imageUploadInput>) => {
      const found = await repo.find(id);
      if (!found) throw invoiceNotFound();
      const decoded = decodeDataUrl(input.image_data, MAX_IMAGE_BYTES);
      if (!decoded)
        throw new AppError('UNSUPPORTED_FILE_TYPE', m.imageType, {
          fieldErrors: { image_data: [m.imageType] },
        });
      if (decoded.tooLarge || decoded.bytes.length > MAX_IMAGE_BYTES) {
        throw new AppError('FILE_TOO_LARGE', m.imageTooLarge, {
          fieldErrors: { image_data: [m.imageTooLarge] },
        });
      }
      const inspected = await checkUpload(deps.heavyWork, org, decoded.bytes, 'image_data');
      // The image it replaces frees its space in the same transaction: a replacement needs only the
      // difference. A file of the file manager frees nothing: it stays there.
      const freeing = ownImage(found) ? (found.image?.size ?? 0) : 0;
      const staged = await storage.stage(decoded.bytes, inspected, freeing);
      let replaced: string[];
      try {
        replaced = await scope.run(async () => {
          const current = await repo.find(id, { lock: true });
          if (!current) throw invoiceNotFound();
          const old = ownImage(current);
          const freed = old ? await storage.release(old) : [];
          const file = await storage.record(staged, {
            kind: 'INVOICE_IMAGE',
            name: input.file_name.slice(0, 255) || `invoice.${inspected.ext}`,
            userId: scope.userId,
          });
          await repo.update(id, {
            imageStatus: 'available',
            imageAttachmentId: file.id,
            imageDeletedAt: null,
            imageDeletedBy: null,
            imageDeletionReason: null,
          });
          return freed;
        });
      } catch (error) {
        await storage.discard(staged);
        throw error;
      }
      // The replaced file is no longer reachable from the invoice: only now is it removed.
      await storage.removeFiles(replaced);
      return load(id);
    },

    /**
     * Shows an uploaded file (of the file manager) as the image of an invoice that has none yet (one just
     * made), in the caller's transaction: the same stored file, counted once, and still the user's. A file
     * is the image of one invoice at most: when another invoice has it already, this one keeps no image.
     * The caller holds the file's row locked, so that two invoices cannot take it at once. Answers whether
     * the invoice shows it.
     */
    showUploadedFile: (id: string, attachmentId: string) =>
      scope.run(async () => {
        if (await repo.imageTaken(attachmentId)) return false;
        const updated = await repo.update(id, {
          imageStatus: 'available',
          imageAttachmentId: attachmentId,
          imageDeletedAt: null,
          imageDeletedBy: null,
          imageDeletionReason: null,
        });
        return updated !== null;
      }),

    deleteImage: async (id: string, reason: string) => {
      await scope.run(async () => {
        const current = await repo.find(id, { lock: true });
        if (!current) throw invoiceNotFound();
        if (current.row.imageStatus !== 'available') {
          throw new AppError('IMAGE_STATE_CONFLICT', 'This invoice has no image to delete.');
        }
        // The file stays: deletion can be undone until a new image replaces it.
        await repo.update(id, {
          imageStatus: 'deleted',
          imageDeletedAt: new Date(),
          imageDeletedBy: scope.userId,
          imageDeletionReason: reason,
        });
      });
      return { success: true, invoice: await load(id) };
    },

    restoreImage: async (id: string) => {
      await scope.run(async () => {
        const current = await repo.find(id, { lock: true });
        if (!current) throw invoiceNotFound();
        if (current.row.imageStatus !== 'deleted' || !current.row.imageAttachmentId) {
          throw new AppError('IMAGE_STATE_CONFLICT', 'This invoice has no deleted image to restore.');
        }
        await repo.update(id, {
          imageStatus: 'available',
          imageDeletedAt: null,
          imageDeletedBy: null,
          imageDeletionReason: null,
        });
      });
      return { success: true, invoice: await load(id) };
    },

    stats: async (days: number): Promise<InvoiceStats> => {
      const now = new Date();
      const since = isoDay(new Date(now.getTime() - (days - 1) * 86_400_000));
      // One transaction for the figures and the currency.
      const [rows, currency] = await scope.run(async () => [
        await repo.stats(since, isoDay(now)),
        await getOrganizationCurrency(scope),
      ]);
      return toInvoiceStats(days, currency, rows);
    },
  };
};
