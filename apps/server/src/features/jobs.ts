import type { SystemAccess } from '../platform/db/system-access';
import type { AnyJob } from '../platform/jobs/define-job';
import type { JobDeps } from '../platform/jobs/job-deps';
import type { JobQueue } from '../platform/jobs/job-queue';
import { extractInvoiceFields } from './ocr/extract-invoice-fields.job';
import { reconcileExtractions } from './ocr/ocr.reconcile';
import { moveSubscriptionOnJob, scheduleSubscriptionsDue } from './subscriptions/move-subscription-on.job';
import { checkPaymentStatusJob, schedulePendingPaymentChecks } from './billing/check-payment-status.job';
import { finishFileRemovals } from './admin/admin.service';

export type { JobDeps, OcrEngine } from '../platform/jobs/job-deps';

/** Every job of the product (no folder autoload), beside the list of feature routes in index.ts. */
export const productJobs: AnyJob<JobDeps>[] = [
  extractInvoiceFields,
  moveSubscriptionOnJob,
  checkPaymentStatusJob,
];

const CHECK_EVERY_MS = 60_000;

/**
 * Runs the product's jobs in this process, and at once and then once a minute makes sure no OCR run was
 * left without its job, queues the subscriptions whose trial or period has ended and the payments whose
 * gateway is due to be asked for their status (at the start, every pending payment), and finishes the
 * removal of deleted organizations' stored files. Answers a function that stops the checks (the queue
 * stops its workers itself).
 */
export const startJobWorkers = async (
  jobs: JobQueue<JobDeps>,
  deps: JobDeps,
  system: SystemAccess,
  options: { concurrency: number; onError: (error: unknown) => void },
): Promise<() => void> => {
  await jobs.work(deps, { concurrency: options.concurrency });
  const check = async (atStart: boolean) => {
    await reconcileExtractions(system, jobs, deps.events).catch(options.onError);
    await scheduleSubscriptionsDue(system, jobs).catch(options.onError);
    await schedulePendingPaymentChecks(system, jobs, new Date(), { atStart }).catch(options.onError);
    await finishFileRemovals(system, deps.files).catch(options.onError);
  };
  await check(true);
  const timer = setInterval(() => void check(false), CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
};
