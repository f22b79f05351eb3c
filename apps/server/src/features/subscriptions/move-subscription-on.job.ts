import { z } from 'zod';
import type { SystemAccess } from '../../platform/db/system-access';
import { defineJob } from '../../platform/jobs/define-job';
import type { JobDeps } from '../../platform/jobs/job-deps';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { findSubscriptionsDue, moveSubscriptionOn } from './subscriptions.service';

/**
 * Stores what time has made of an organization's subscription: an ended trial falls to Free (ACTIVE), an
 * ended period is followed by the next (DECISIONS.md). Reads show the same before it runs, without writing.
 */
export const moveSubscriptionOnJob = defineJob<{ organizationId: string }, JobDeps>({
  name: 'subscriptions.move-on',
  payload: z.object({ organizationId: z.uuid() }),
  retry: { limit: 5, delaySeconds: 30, backoff: true },
  expireInSeconds: 60,
  heartbeatSeconds: 30,
  handler: async ({ scope }) =>
    (await moveSubscriptionOn(scope))
      ? { status: 'done' }
      : { status: 'skipped', reason: 'nothing to move on' },
});

/**
 * Queues the job for every organization whose trial or period has ended. Run at the workers' start and
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
