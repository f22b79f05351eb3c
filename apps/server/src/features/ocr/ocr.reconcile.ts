import type { SystemAccess } from '../../platform/db/system-access';
import type { JobDeps } from '../../platform/jobs/job-deps';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { refundCredits } from '../credits/credits.service';
import { extractInvoiceFields } from './extract-invoice-fields.job';
import { eventOf } from './ocr.wire';
import { ocrRepository, ocrSystemRepository } from './ocr.repository';

/** A run started this long ago whose job is gone is queued again. */
const ORPHAN_AFTER_MS = 60_000;
/** No run takes this long: one still PROCESSING then is ended, with its credits back. */
const GIVE_UP_AFTER_MS = 30 * 60_000;

/**
 * Makes sure no extraction stays PROCESSING for ever, whatever happened between its creation and its
 * job: a job lost (the process died after the run was recorded and before its job was queued) is queued
 * again, and a run older than any run can take ends FAILED with its credits back. Workers that die while
 * running are taken care of by the queue itself (heartbeats); this is the net under it.
 */
export const reconcileExtractions = async (
  system: SystemAccess,
  jobs: JobQueue<JobDeps>,
  events: JobDeps['events'],
  now = Date.now(),
): Promise<{ requeued: number; givenUp: number }> => {
  const stale = await ocrSystemRepository(system.db).findProcessingSince(new Date(now - ORPHAN_AFTER_MS));
  let requeued = 0;
  let givenUp = 0;
  for (const run of stale) {
    const scope = system.scopeFor(run.organizationId);
    if (run.createdAt.getTime() < now - GIVE_UP_AFTER_MS) {
      const ocr = ocrRepository(scope);
      const settled = await scope.run(async () => {
        if (
          !(await ocr.fail(run.id, {
            code: 'TIMEOUT',
            message: 'OCR took too long and was stopped. Your credits were returned; please try again.',
          }))
        )
          return false;
        await ocr.setRefunded(run.id, await refundCredits(scope, run.id));
        return true;
      });
      if (settled) {
        givenUp += 1;
        const row = await ocr.find(run.id);
        if (row) events.publish(run.organizationId, eventOf(row));
      }
      continue;
    }
    if (await jobs.isPending(extractInvoiceFields, run.id)) continue;
    await jobs.send(
      extractInvoiceFields,
      { organizationId: run.organizationId, extractionId: run.id },
      { singletonKey: run.id },
    );
    requeued += 1;
  }
  return { requeued, givenUp };
};
