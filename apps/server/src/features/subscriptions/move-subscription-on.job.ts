import { z } from 'zod';
import type { SystemAccess } from '../../platform/db/system-access';
import { defineJob } from '../../platform/jobs/define-job';
import type { JobDeps } from '../../platform/jobs/job-deps';
import type { OrgScope } from '../../platform/db/org-scope';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { settleCredits } from '../credits/credits.service';
import { findSubscriptionsDue, moveSubscriptionOn } from './subscriptions.service';

/**
 * Stores what time has made of an organization's subscription and credits by `now`, in one transaction:
 * an ended trial falls to Free (ACTIVE), an ended period is followed by the one that holds `now`
 * (DECISIONS.md), that period's plan credits are granted once, and credits that are over expire with a
 * movement of the ledger. However late it runs it catches up in one go, and a second run changes nothing.
 * Reads show the same before it runs, without writing. Answers whether anything changed.
 */
export const bringSubscriptionUpToDate = (scope: OrgScope, now = new Date()): Promise<boolean> =>
  scope.run(async () => {
    const moved = await moveSubscriptionOn(scope, now);
    const credits = await settleCredits(scope, now);
    return moved || credits.granted > 0 || credits.expired > 0;
  });

export const moveSubscriptionOnJob = defineJob<{ organizationId: string }, JobDeps>({
  name: 'subscriptions.move-on',
  payload: z.object({ organizationId: z.uuid() }),
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  expireInSeconds: 60,
  heartbeatSeconds: 30,
  handler: async ({ scope }) =>
    (await bringSubscriptionUpToDate(scope))
      ? { status: 'done' }
      : { status: 'skipped', reason: 'nothing to move on' },
});

/**
 * Queues the job for every organization it has work for (a trial or period ended, a period's credits not
 * granted yet, credits expired: `findSubscriptionsDue`). Run at the workers' start and
 * then periodically, so a trial that ended while no process ran is moved on as soon as one does; one
 * queued run per organization at a time (its id is the singleton key).
 */
export const scheduleSubscriptionsDue = async (
  system: SystemAccess,
  jobs: JobQueue<JobDeps>,
  now = new Date(),
): Promise<number> => {
  const due = await findSubscriptionsDue(system.db, now);
  for (const organizationId of due) {
    await jobs.send(moveSubscriptionOnJob, { organizationId }, { singletonKey: organizationId });
  }
  return due.length;
};
