import crypto from 'node:crypto';
import {
  currencies,
  customerInput,
  invoiceInput,
  itemInput,
  ocrCredits,
  type Extraction,
  type FieldsJson,
  type OcrMethod,
  type StartedOcr,
  type extractionCorrectionInput,
} from '@invoicing/contract';
import type { z } from 'zod';
import type { UrlSigner } from '../../platform/auth/url-signer';
import { isUniqueViolation } from '../../platform/db/errors';
import type { OrgScope } from '../../platform/db/org-scope';
import { AppError, notFound } from '../../platform/errors/app-error';
import type { JobQueue } from '../../platform/jobs/job-queue';
import type { FileStore } from '../../platform/storage/file-store';
import type { HeavyWork } from '../../platform/work/heavy-work';
import { attachmentLinker } from '../attachments/attachments.links';
import { findAttachment } from '../attachments/attachments.service';
import { chargeCredits, refundCredits } from '../credits/credits.service';
import { customersService, findCustomerNames } from '../customers/customers.service';
import { countInvoicesOfCustomer, invoicesService } from '../invoices/invoices.service';
import { findItemNames, itemsService } from '../items/items.service';
import type { JobDeps } from '../../platform/jobs/job-deps';
import { extractInvoiceFields } from './extract-invoice-fields.job';
import { eventOf, toExtraction, toExtractionListItem } from './ocr.wire';
import { ocrRepository, type ExtractionRow } from './ocr.repository';
import { findMatch } from './match-names';

interface OcrDeps {
  files: FileStore;
  signer: UrlSigner;
  heavyWork: HeavyWork;
  jobs: JobQueue<JobDeps>;
  events: JobDeps['events'];
}

type Correction = z.output<typeof extractionCorrectionInput>;

const notFoundExtraction = () => notFound('OCR result not found.');

/** DECISIONS.md: at least two of invoice number, a date, the total, the vendor, the customer, the lines. */
const hasInvoiceData = (f: FieldsJson) =>
  [
    f.invoice_number,
    f.issue_date ?? f.due_date,
    f.total,
    f.vendor.name,
    f.customer.name,
    f.line_items.length > 0 ? 'lines' : null,
  ].filter((v) => v !== null && v !== '').length >= 2;

/** Every correctable field of an extraction, by path, as text (for the history of who changed what). */
const flatten = (f: Pick<FieldsJson, 'vendor' | 'customer' | 'line_items'> & Record<string, unknown>) => {
  const out = new Map<string, string | null>();
  for (const key of [
    'invoice_number',
    'issue_date',
    'due_date',
    'currency',
    'subtotal',
    'tax_rate',
    'tax_amount',
    'total',
  ]) {
    out.set(key, (f[key] as string | null | undefined) ?? null);
  }
  for (const party of ['vendor', 'customer'] as const) {
    for (const key of ['name', 'tax_id', 'address'] as const)
      out.set(`${party}.${key}`, f[party][key] ?? null);
  }
  f.line_items.forEach((line, i) => {
    for (const key of ['description', 'quantity', 'unit_price', 'total'] as const) {
      out.set(`line_items.${i}.${key}`, line[key] ?? null);
    }
  });
  return out;
};

/** Text read from a page, made fit to be stored: no control characters, within the field's length. */
const clean = (value: string | null | undefined, max: number): string =>
  (value ?? '')
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, ' ')
    .trim()
    .slice(0, max);

const isoDay = (d: Date) => d.toISOString().slice(0, 10);

export const ocrService = (scope: OrgScope, deps: OcrDeps) => {
  const ocr = ocrRepository(scope);
  const org = scope.organizationId;

  const link = attachmentLinker(deps.signer, org);

  const load = async (id: string): Promise<Extraction> => {
    const found = await ocr.findWithFile(id);
    if (!found) throw notFoundExtraction();
    return toExtraction(found, await ocr.corrections(id), link);
  };

  /** The customer and items an extraction names, found among the organization's or created. */
  const customerFor = async (f: FieldsJson) => {
    const read = { name: clean(f.customer.name, 200) || null, taxId: clean(f.customer.tax_id, 60) || null };
    const existing = await findCustomerNames(scope);
    const match = findMatch(existing, read);
    if (match) return match.id;
    const input = customerInput.safeParse({
      name: read.name ?? 'Customer from OCR',
      tax_id: read.taxId ?? '',
      address: clean(f.customer.address, 1000),
    });
    if (!input.success)
      throw new AppError('VALIDATION_FAILED', 'The customer read from the file is not valid.');
    return (
      await customersService(scope, { countInvoices: countInvoicesOfCustomer(scope) }).create(input.data)
    ).id;
  };

  const itemFor = async (
    existing: { id: string; name: string }[],
    line: { description: string; unit_price: string },
    currency: string | undefined,
  ) => {
    const match = findMatch(existing, { name: line.description });
    if (match) return match.id;
    const input = itemInput.safeParse({
      name: line.description.slice(0, 200),
      unit_price: line.unit_price,
      currency,
    });
    if (!input.success) return null;
    const created = await itemsService(scope).create(input.data);
    existing.push({ id: created.id, name: created.name });
    return created.id;
  };

  return {
    get: load,

    list: async (q: {
      status?: string | undefined;
      attachment?: string | undefined;
      page: number;
      page_size: number;
    }) => {
      const { count, rows } = await ocr.list({ ...q, pageSize: q.page_size });
      return {
        count,
        page: q.page,
        page_size: q.page_size,
        results: rows.map((r) => toExtractionListItem(r, link)),
      };
    },

    /**
     * Starts OCR of a file: the credits are spent and the extraction created in one transaction, then the
     * job is queued; the answer comes at once.
     */
    start: async (attachmentId: string, method: OcrMethod, userId: string | null): Promise<StartedOcr> => {
      const id = crypto.randomUUID();
      const credits = ocrCredits[method];
      try {
        await scope.run(async () => {
          // Uploaded files only: an invoice's image already has its invoice.
          const file = await findAttachment(scope, attachmentId, {
            lock: true,
            kind: 'INVOICE_UPLOAD',
          });
          if (!file) throw notFound('File not found.');
          await chargeCredits(scope, { amount: credits, extractionId: id, userId });
          await ocr.create({ id, attachmentId, method, creditsCharged: credits, createdBy: userId });
        });
      } catch (error) {
        if (isUniqueViolation(error, 'ocr_extractions_one_running_key')) {
          throw new AppError('FILE_IN_USE', 'This file is being read by OCR already.');
        }
        throw error;
      }
      try {
        await deps.jobs.send(
          extractInvoiceFields,
          { organizationId: org, extractionId: id },
          { singletonKey: id },
        );
      } catch (error) {
        // Not queued: the run ends here, with its credits back, rather than waiting for nobody.
        await scope.run(async () => {
          if (
            await ocr.fail(id, {
              code: 'ENGINE_FAILED',
              message: 'OCR could not be started. Your credits were returned; please try again.',
            })
          ) {
            const refunded = await refundCredits(scope, id);
            await ocr.setRefunded(id, refunded);
          }
        });
        throw error;
      }
      const row = await ocr.find(id);
      if (row) deps.events.publish(org, eventOf(row));
      return { extraction_id: id, status: 'PROCESSING', method_used: method, credits_charged: credits };
    },

    /** Saves a user's corrections of a DONE extraction, with who changed what and when. */
    correct: async (id: string, input: Correction, userId: string | null) => {
      await scope.run(async () => {
        const row = await ocr.find(id, { lock: true });
        if (!row) throw notFoundExtraction();
        if (row.status !== 'DONE' || !row.fieldsJson) {
          throw new AppError('EXTRACTION_NOT_READY', 'Only a finished OCR result can be corrected.');
        }
        const before = row.fieldsJson;
        const after: FieldsJson = {
          ...before,
          invoice_number: input.invoice_number,
          issue_date: input.issue_date ?? null,
          due_date: input.due_date ?? null,
          currency: input.currency ?? null,
          vendor: input.vendor,
          customer: input.customer,
          subtotal: input.subtotal ?? null,
          tax_rate: input.tax_rate ?? null,
          tax_amount: input.tax_amount ?? null,
          total: input.total ?? null,
          line_items: input.line_items.map((l) => ({
            description: l.description,
            quantity: l.quantity ?? null,
            unit_price: l.unit_price ?? null,
            total: l.total ?? null,
          })),
        };
        const was = flatten(before);
        const now = flatten(after);
        const changes = [...new Set([...was.keys(), ...now.keys()])]
          .filter((path) => (was.get(path) ?? null) !== (now.get(path) ?? null))
          .map((path) => ({ path, from: was.get(path) ?? null, to: now.get(path) ?? null }));
        if (changes.length === 0) return;
        // A field a person set is sure.
        for (const change of changes) after.confidence[change.path] = 1;
        await ocr.setFields(id, after, hasInvoiceData(after));
        await ocr.addCorrection(id, userId, changes);
      });
      return load(id);
    },

    /**
     * Makes a DRAFT invoice of a DONE extraction, matching its customer and items to the organization's or
     * creating them, and showing the file it was read from as its image. Once made, the same invoice is
     * answered again, never a second one.
     */
    apply: async (id: string) =>
      scope.run(async () => {
        const unlocked = await ocr.find(id);
        if (!unlocked) throw notFoundExtraction();
        // The file first, then the run: the order in which deleting the file takes them. Held, it also keeps
        // the runs of the same file from giving it to two invoices at once.
        const file = await findAttachment(scope, unlocked.attachmentId, { lock: true });
        const row: ExtractionRow | null = file ? await ocr.find(id, { lock: true }) : null;
        if (!row) throw notFoundExtraction();
        if (row.status !== 'DONE' || !row.fieldsJson) {
          throw new AppError('EXTRACTION_NOT_READY', 'Only a finished OCR result can make an invoice.');
        }
        const invoices = invoicesService(scope, {
          files: deps.files,
          signer: deps.signer,
          heavyWork: deps.heavyWork,
        });
        if (row.invoiceId) {
          const existing = await invoices.get(row.invoiceId);
          return { invoice_id: existing.id, invoice_number: existing.number, created: false };
        }
        const f = row.fieldsJson;
        const customerId = await customerFor(f);
        const currency = (currencies as readonly string[]).includes(f.currency ?? '')
          ? (f.currency as (typeof currencies)[number])
          : undefined;
        const known = await findItemNames(scope);
        const lines = [];
        for (const line of f.line_items.slice(0, 500)) {
          const description = clean(line.description, 500) || 'Item';
          const quantity = line.quantity && Number(line.quantity) >= 1 ? line.quantity : '1';
          const unitPrice =
            line.unit_price ??
            (line.total && Number(quantity) > 0 ? (Number(line.total) / Number(quantity)).toFixed(2) : '0');
          const itemId = await itemFor(known, { description, unit_price: unitPrice }, currency);
          lines.push({ item_id: itemId, description, quantity, unit_price: unitPrice });
        }
        if (lines.length === 0) {
          // No lines were read: one line of the amount before tax, so the invoice's total is the one read.
          const amount = f.subtotal ?? (f.total ? (Number(f.total) / 1.14).toFixed(2) : '0');
          lines.push({
            item_id: null,
            description: clean(f.vendor.name, 200) || 'Invoice',
            quantity: '1',
            unit_price: amount,
          });
        }
        const issue = f.issue_date ?? isoDay(new Date());
        const due =
          f.due_date && f.due_date >= issue
            ? f.due_date
            : isoDay(new Date(Date.parse(`${issue}T00:00:00Z`) + 30 * 86_400_000));
        const number = clean(f.invoice_number, 40);
        const input = invoiceInput.safeParse({
          customer_id: customerId,
          number,
          issue_date: issue,
          due_date: due,
          currency,
          status: 'DRAFT',
          lines_data: lines,
        });
        if (!input.success) {
          throw new AppError(
            'VALIDATION_FAILED',
            'The data read from the file is not a valid invoice: correct it on the review screen.',
            {
              fieldErrors: Object.fromEntries(input.error.issues.map((i) => [i.path.join('.'), [i.message]])),
            },
          );
        }
        let invoice;
        try {
          invoice = await invoices.create(input.data);
        } catch (error) {
          // The number read is taken by another invoice: the next number of the sequence is used instead.
          if (!(error instanceof AppError) || error.code !== 'INVOICE_NUMBER_TAKEN') throw error;
          invoice = await invoices.create({ ...input.data, number: '' });
        }
        await ocr.setInvoice(id, invoice.id);
        // Another run of the same file may have made an invoice that shows it already: this one has none.
        await invoices.showUploadedFile(invoice.id, row.attachmentId);
        return { invoice_id: invoice.id, invoice_number: invoice.number, created: true };
      }),
  };
};
