import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, subscriptions } from '../../schema';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/test-app';
import { createJobQueue } from '../../platform/jobs/job-queue';
import { createLogger } from '../../platform/logging/logger';
import { productJobs, type JobDeps } from '../jobs';
import { bringSubscriptionUpToDate, scheduleSubscriptionsDue } from './move-subscription-on.job';
import { findSubscriptionsDue, moveSubscriptionOn } from './subscriptions.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const stored = async (organizationId: string) => {
  const [row] = await t.system.db
    .select({
      status: subscriptions.status,
      planCode: plans.code,
      start: subscriptions.currentPeriodStart,
      end: subscriptions.currentPeriodEnd,
    })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.organizationId, organizationId));
  return row!;
};

const endTrial = (organizationId: string, at: Date) =>
  t.system.db
    .update(subscriptions)
    .set({ trialEndsAt: at, currentPeriodEnd: at })
    .where(eq(subscriptions.organizationId, organizationId));

describe('the end of a trial', () => {
  it('reads as Free once the trial has ended, without writing', async () => {
    const u = await registerUser(t.app);
    const endedAt = new Date(Date.now() - 60_000);
    await endTrial(u.organization.id, endedAt);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orgs/current/',
      headers: bearer(u.tokens.access, u.organization.id),
    });
    expect(res.json().subscription).toMatchObject({ plan_name: 'Free', status: 'ACTIVE' });
    // Nothing was written: the scheduled job stores it.
    expect(await stored(u.organization.id)).toMatchObject({ status: 'TRIAL', planCode: 'pro' });
  });

  it('is stored by the job as Free from the trial end, the same as reads showed; once', async () => {
    const u = await registerUser(t.app);
    const other = await registerUser(t.app);
    // A new organization is due once, for its trial's credits; then not until the trial ends.
    expect(await findSubscriptionsDue(t.system.db)).toContain(other.organization.id);
    expect(await bringSubscriptionUpToDate(t.system.scopeFor(other.organization.id))).toBe(true);
    const endedAt = new Date(Date.now() - 60_000);
    await endTrial(u.organization.id, endedAt);

    const due = await findSubscriptionsDue(t.system.db);
    expect(due).toContain(u.organization.id);
    expect(due).not.toContain(other.organization.id);

    const scope = t.system.scopeFor(u.organization.id);
    expect(await bringSubscriptionUpToDate(scope)).toBe(true);
    const after = await stored(u.organization.id);
    expect(after).toMatchObject({ status: 'ACTIVE', planCode: 'free' });
    expect(after.start.getTime()).toBe(endedAt.getTime());
    expect(after.end.getTime()).toBeGreaterThan(Date.now());
    // Idempotent: a second run finds nothing to do, and the organization is no longer due.
    expect(await bringSubscriptionUpToDate(scope)).toBe(false);
    expect(await moveSubscriptionOn(scope)).toBe(false);
    expect(await findSubscriptionsDue(t.system.db)).not.toContain(u.organization.id);
    expect(await stored(other.organization.id)).toMatchObject({ status: 'TRIAL', planCode: 'pro' });
  });

  it('after downtime, stores the period that holds now, not the first one after the trial', async () => {
    const u = await registerUser(t.app);
    // The trial ended three months ago while nothing ran.
    const endedAt = new Date(Date.now() - 95 * 86_400_000);
    await endTrial(u.organization.id, endedAt);
    await moveSubscriptionOn(t.system.scopeFor(u.organization.id));
    const after = await stored(u.organization.id);
    expect(after).toMatchObject({ status: 'ACTIVE', planCode: 'free' });
    expect(after.start.getTime()).toBeLessThanOrEqual(Date.now());
    expect(after.end.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('the job on the queue', () => {
  it('is queued for every organization due and moves it to Free', async () => {
    const queue = createJobQueue(productJobs, {
      database: t.database,
      system: t.system,
      log: createLogger('silent'),
      pollingIntervalSeconds: 0.5,
    });
    await queue.start();
    try {
      // The job needs none of the workers' tools.
      await queue.work({} as JobDeps, { concurrency: 1 });
      const u = await registerUser(t.app);
      await endTrial(u.organization.id, new Date(Date.now() - 1000));
      expect(await scheduleSubscriptionsDue(t.system, queue)).toBeGreaterThanOrEqual(1);
      for (let i = 0; i < 100 && (await stored(u.organization.id)).status === 'TRIAL'; i += 1) {
        await sleep(100);
      }
      expect(await stored(u.organization.id)).toMatchObject({ status: 'ACTIVE', planCode: 'free' });
    } finally {
      await queue.stop();
    }
  });
});
