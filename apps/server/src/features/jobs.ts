import type { AnyJob } from '../platform/jobs/define-job';
import type { JobDeps } from '../platform/jobs/job-deps';
import { extractInvoiceFields } from './ocr/extract-invoice-fields.job';

export type { JobDeps, OcrEngine } from '../platform/jobs/job-deps';

/** Every job of the product (no folder autoload), beside the list of feature routes in index.ts. */
export const productJobs: AnyJob<JobDeps>[] = [extractInvoiceFields];
