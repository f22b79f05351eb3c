import crypto from 'node:crypto';
import { and, asc, count, eq, sum } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditBuckets, creditMovements, subscriptions } from '../../schema';
import { bearer, createTestApp, registerUser, type TestApp } from '../../test/test-app';
import { AppError } from '../../platform/errors/app-error';
import { chargeCredits } from '../credits/credits.service';
import { usageService } from '../usage/usage.service';
import { bringSubscriptionUpToDate } from './move-subscription-on.job';
import { changePlan, findSubscriptionsDue } from './subscriptions.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;

/** `d` moved on by `n` months, the way a billing period is (SPEC §9: monthly 1 month, yearly 12). */
const addMonths = (d: Date, n: number) => {
  const e = new Date(d);
  e.setUTCMonth(e.getUTCMonth() + n);
  return e;
};

const ledgerSum = async (organizationId: string) => {
  const [row] = await t.system.db
    .select({ total: sum(creditMovements.amount) })
    .from(creditMovements)
    .where(eq(creditMovements.organizationId, organizationId));
  return Number(row?.total ?? 0);
};

const writtenRows = async (organizationId: string) => {
  const [b] = await t.system.db
    .select({ n: count() })
    .from(creditBuckets)
    .where(eq(creditBuckets.organizationId, organizationId));
  const [m] = await t.system.db
    .select({ n: count() })
    .from(creditMovements)
    .where(eq(creditMovements.organizationId, organizationId));
  return { buckets: b!.n, movements: m!.n };
};

/**
 * A purchase of extra credits as payments will fulfil it: a bucket expiring 30 days later (DECISIONS.md)
 * and its movement in the ledger.
 */
const buyExtraCredits = async (organizationId: string, credits: number, now: Date) => {
  const [bucket] = await t.system.db
    .insert(creditBuckets)
    .values({
      organizationId,
      source: 'extra',
      granted: credits,
      remaining: credits,
      periodStart: now,
      expiresAt: new Date(now.getTime() + 30 * DAY),
      createdAt: now,
    })
    .returning({ id: creditBuckets.id });
  await t.system.db.insert(creditMovements).values({
    organizationId,
    bucketId: bucket!.id,
    kind: 'extra_purchase',
    amount: credits,
    createdAt: now,
  });
  return bucket!.id;
};

/** A registered organization whose trial started at `start` (the clock the test moves), nothing granted. */
const registerAt = async (start: Date) => {
  const u = await registerUser(t.app);
  const trialEnd = new Date(start.getTime() + 14 * DAY);
  await t.system.db
    .update(subscriptions)
    .set({ currentPeriodStart: start, trialEndsAt: trialEnd, currentPeriodEnd: trialEnd })
    .where(eq(subscriptions.organizationId, u.organization.id));
  return { id: u.organization.id, h: bearer(u.tokens.access, u.organization.id), trialEnd };
};

describe('reads before the job', () => {
  it("show a period's plan credits before the job grants them, without writing anything", async () => {
    const u = await registerUser(t.app);
    const h = bearer(u.tokens.access, u.organization.id);
    const read = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/v1/usage/summary/', headers: h })).json();
    expect((await read()).credits).toEqual({ remaining: 100, used: 0, max: 100, extra: 0 });
    expect(await writtenRows(u.organization.id)).toEqual({ buckets: 0, movements: 0 });
    expect(await findSubscriptionsDue(t.system.db)).toContain(u.organization.id);

    expect(await bringSubscriptionUpToDate(t.system.scopeFor(u.organization.id))).toBe(true);
    expect(await writtenRows(u.organization.id)).toEqual({ buckets: 1, movements: 1 });
    expect((await read()).credits).toEqual({ remaining: 100, used: 0, max: 100, extra: 0 });
    expect(await ledgerSum(u.organization.id)).toBe(100);
    expect(await findSubscriptionsDue(t.system.db)).not.toContain(u.organization.id);
  });
});

describe('extra credits', () => {
  it('count nowhere once expired, even before the job has written their expiry', async () => {
    const start = new Date('2032-05-05T12:00:00Z');
    const org = await registerAt(start);
    const scope = t.system.scopeFor(org.id);
    // A month of Pro (to 5 June), its 100 credits all spent.
    await changePlan(scope, { planCode: 'pro', billingCycle: 'monthly', now: start });
    await bringSubscriptionUpToDate(scope, start);
    await chargeCredits(scope, { amount: 100, extractionId: crypto.randomUUID(), userId: null, now: start });
    const bought = new Date(start.getTime() + 2 * 3_600_000);
    const extra = await buyExtraCredits(org.id, 5, bought);
    const spend = (amount: number, now: Date) =>
      chargeCredits(scope, { amount, extractionId: crypto.randomUUID(), userId: null, now });
    await spend(2, bought);
    const lastMoment = new Date(bought.getTime() + 30 * DAY - 1);
    expect((await usageService(scope, lastMoment).summary()).credits).toMatchObject({
      remaining: 3,
      extra: 3,
    });

    // Thirty days after the purchase: gone from the balance, the usage figures and what can be spent.
    const expired = new Date(bought.getTime() + 30 * DAY);
    const summary = await usageService(scope, expired).summary();
    expect(summary.credits).toEqual({ remaining: 0, used: 102, max: 100, extra: 0 });
    expect(summary.extra_purchases.active_purchases).toEqual([]);
    await expect(spend(1, expired)).rejects.toSatisfy(
      (e) => e instanceof AppError && e.code === 'CREDIT_LIMIT_REACHED',
    );
    // The job takes what was left out of the ledger, once.
    expect(await findSubscriptionsDue(t.system.db, expired)).toContain(org.id);
    expect(await bringSubscriptionUpToDate(scope, expired)).toBe(true);
    expect(await bringSubscriptionUpToDate(scope, expired)).toBe(false);
    const [bucket] = await t.system.db
      .select({ remaining: creditBuckets.remaining })
      .from(creditBuckets)
      .where(eq(creditBuckets.id, extra));
    expect(bucket!.remaining).toBe(0);
    expect(await ledgerSum(org.id)).toBe((await usageService(scope, expired).summary()).credits.remaining);
  });
});

describe('a yearly plan', () => {
  it('grants twelve months of credits once a year, and catches up after long downtime', async () => {
    const start = new Date('2031-03-10T08:00:00Z');
    const org = await registerAt(start);
    const scope = t.system.scopeFor(org.id);
    await changePlan(scope, { planCode: 'pro', billingCycle: 'yearly', now: start });
    await bringSubscriptionUpToDate(scope, start);
    await chargeCredits(scope, { amount: 10, extractionId: crypto.randomUUID(), userId: null, now: start });
    // Half a year on: the same period, nothing more granted.
    const half = addMonths(start, 6);
    expect(await bringSubscriptionUpToDate(scope, half)).toBe(false);
    expect((await usageService(scope, half).summary()).credits).toEqual({
      remaining: 1190,
      used: 10,
      max: 1200,
      extra: 0,
    });
    // Nothing ran for more than two years: one run moves to the third year and grants it once.
    const late = new Date(addMonths(start, 24).getTime() + 40 * DAY);
    expect(await bringSubscriptionUpToDate(scope, late)).toBe(true);
    expect(await bringSubscriptionUpToDate(scope, late)).toBe(false);
    const plan = await t.system.db
      .select({
        granted: creditBuckets.granted,
        remaining: creditBuckets.remaining,
        start: creditBuckets.periodStart,
      })
      .from(creditBuckets)
      .where(eq(creditBuckets.organizationId, org.id))
      .orderBy(asc(creditBuckets.periodStart));
    expect(plan).toEqual([
      { granted: 1200, remaining: 0, start },
      { granted: 1200, remaining: 1200, start: addMonths(start, 24) },
    ]);
    const expiry = await t.system.db
      .select({ amount: creditMovements.amount, at: creditMovements.createdAt })
      .from(creditMovements)
      .where(and(eq(creditMovements.organizationId, org.id), eq(creditMovements.kind, 'expiry')));
    expect(expiry).toEqual([{ amount: -1190, at: addMonths(start, 12) }]);
    const summary = await usageService(scope, late).summary();
    expect(summary.credits).toEqual({ remaining: 1200, used: 0, max: 1200, extra: 0 });
    expect(summary.current_period_end).toBe(addMonths(start, 36).toISOString());
    expect(await ledgerSum(org.id)).toBe(1200);
  });
});

/** The test's own account of what the plans grant and what is left, to hold the product's figures to. */
interface Segment {
  from: Date;
  plan: string;
  months: number;
  credits: number;
  /** A trial is one period, to its end. */
  until?: Date;
}

const createModel = (segments: Segment[]) => {
  const granted = new Map<string, { start: Date; end: Date; credits: number }>();
  let planBucket: { key: string; remaining: number } | null = null;
  const extras: { remaining: number; expiresAt: Date }[] = [];
  const spends: { at: Date; amount: number }[] = [];

  const periodAt = (now: Date) => {
    const seg = [...segments].reverse().find((s) => s.from <= now)!;
    if (seg.until) return { key: seg.from.toISOString(), start: seg.from, end: seg.until, seg };
    let start = seg.from;
    let end = addMonths(start, seg.months);
    while (end <= now) {
      start = end;
      end = addMonths(start, seg.months);
    }
    return { key: start.toISOString(), start, end, seg };
  };
  const grant = (now: Date) => {
    const p = periodAt(now);
    if (granted.has(p.key)) return;
    granted.set(p.key, { start: p.start, end: p.end, credits: p.seg.credits });
    planBucket = { key: p.key, remaining: p.seg.credits };
  };
  const planLeft = (now: Date) => {
    const p = periodAt(now);
    return planBucket?.key === p.key ? planBucket.remaining : p.seg.credits;
  };
  const liveExtras = (now: Date) =>
    extras.filter((e) => e.expiresAt > now).sort((a, b) => a.expiresAt.getTime() - b.expiresAt.getTime());

  return {
    granted,
    periodAt,
    grant,
    buy: (credits: number, now: Date) =>
      extras.push({ remaining: credits, expiresAt: new Date(now.getTime() + 30 * DAY) }),
    /** Whether the spending goes through, and its effect when it does. */
    spend: (amount: number, now: Date) => {
      grant(now);
      const live = liveExtras(now);
      if (planLeft(now) + live.reduce((n, e) => n + e.remaining, 0) < amount) return false;
      let left = amount;
      const fromPlan = Math.min(left, planBucket!.remaining);
      planBucket!.remaining -= fromPlan;
      left -= fromPlan;
      for (const e of live) {
        const take = Math.min(left, e.remaining);
        e.remaining -= take;
        left -= take;
      }
      spends.push({ at: now, amount });
      return true;
    },
    credits: (now: Date) => {
      const p = periodAt(now);
      const extra = liveExtras(now).reduce((n, e) => n + e.remaining, 0);
      return {
        remaining: planLeft(now) + extra,
        used: spends.filter((s) => s.at >= p.start).reduce((n, s) => n + s.amount, 0),
        max: p.seg.credits,
        extra,
      };
    },
  };
};

describe('400 days of one organization', () => {
  it('keeps the ledger equal to the balance shown, and grants what the plans say', async () => {
    const start = new Date('2030-01-02T09:00:00Z');
    const at = (day: number) => new Date(start.getTime() + day * DAY);
    const org = await registerAt(start);
    const scope = t.system.scopeFor(org.id);
    const proMonthlyFrom = at(120);
    const proYearlyFrom = at(260);
    const model = createModel([
      { from: start, plan: 'Pro', months: 0, credits: 100, until: org.trialEnd },
      { from: org.trialEnd, plan: 'Free', months: 1, credits: 10 },
      { from: proMonthlyFrom, plan: 'Pro', months: 1, credits: 100 },
      { from: proYearlyFrom, plan: 'Pro', months: 12, credits: 1200 },
    ]);
    const downtime = (day: number) => day >= 40 && day < 100;
    const spending: Record<number, number> = {
      5: 1,
      20: 3,
      25: 8,
      45: 2,
      135: 120,
      210: 105,
      300: 500,
      380: 50,
    };
    const buying: Record<number, number> = { 130: 50, 200: 10, 205: 10 };
    let extraOf130 = '';
    let checks = 0;
    // The days the clock stops at: a week apart, and every day something happens (a period starts, a
    // plan is bought, credits are bought, spent or expire, the downtime begins or ends) and the day after.
    const eventful = new Set([
      0,
      40,
      99,
      100,
      120,
      160,
      230,
      235,
      260,
      ...Object.keys(spending).map(Number),
      ...Object.keys(buying).map(Number),
    ]);
    for (let day = 1; day <= 400; day += 1) {
      if (model.periodAt(at(day)).key !== model.periodAt(at(day - 1)).key) eventful.add(day);
    }
    const days = [...new Set([...eventful].flatMap((d) => [d, d + 1]))]
      .concat(Array.from({ length: 58 }, (_, i) => i * 7))
      .filter((d, i, all) => d <= 400 && all.indexOf(d) === i)
      .sort((a, b) => a - b);
    let previous: Date | null = null;

    for (const day of days) {
      const now = at(day);
      if (day === 120) {
        await changePlan(scope, { planCode: 'pro', billingCycle: 'monthly', now });
      }
      if (day === 260) await changePlan(scope, { planCode: 'pro', billingCycle: 'yearly', now });
      const bought = buying[day];
      if (bought) {
        const id = await buyExtraCredits(org.id, bought, now);
        if (day === 130) extraOf130 = id;
        model.buy(bought, now);
      }
      const periodStarted = previous !== null && model.periodAt(now).key !== model.periodAt(previous).key;
      previous = now;
      if (!downtime(day)) {
        if (periodStarted) {
          // The job, run twice, and a spender, all at once at a period's start: one grant.
          const spent = model.spend(1, now);
          const answers = await Promise.allSettled([
            bringSubscriptionUpToDate(scope, now),
            chargeCredits(scope, { amount: 1, extractionId: crypto.randomUUID(), userId: null, now }),
            bringSubscriptionUpToDate(scope, now),
          ]);
          expect(answers.map((a) => a.status)).toEqual([
            'fulfilled',
            spent ? 'fulfilled' : 'rejected',
            'fulfilled',
          ]);
        } else {
          await bringSubscriptionUpToDate(scope, now);
        }
        model.grant(now);
        // A second run finds nothing left to do.
        expect(await bringSubscriptionUpToDate(scope, now)).toBe(false);
      }
      const amount = spending[day];
      if (amount) {
        const expected = model.spend(amount, now);
        const before = await writtenRows(org.id);
        const charge = chargeCredits(scope, {
          amount,
          extractionId: crypto.randomUUID(),
          userId: null,
          now,
        });
        if (expected) await charge;
        else {
          await expect(charge).rejects.toSatisfy(
            (e) => e instanceof AppError && e.code === 'CREDIT_LIMIT_REACHED',
          );
          expect(await writtenRows(org.id)).toEqual(before);
        }
      }

      const rowsBefore = await writtenRows(org.id);
      const summary = await usageService(scope, now).summary();
      expect(await writtenRows(org.id), `day ${day}: a read wrote`).toEqual(rowsBefore);
      expect(summary.credits, `day ${day}`).toEqual(model.credits(now));
      expect(summary.plan.name).toBe(model.periodAt(now).seg.plan);
      expect(summary.status).toBe(day < 14 ? 'TRIAL' : 'ACTIVE');
      if (!downtime(day)) {
        expect(await ledgerSum(org.id), `day ${day}: ledger against balance`).toBe(summary.credits.remaining);
        checks += 1;
      }
    }
    expect(checks).toBe(days.filter((d) => !downtime(d)).length);
    expect(checks).toBeGreaterThan(80);

    // Every plan grant, once per period, as the plans say: the trial's 100, Free's 10 a month (none for
    // the months that passed entirely while nothing ran or spent), Pro's 100 a month, a year of Pro's.
    const grants = await t.system.db
      .select({
        granted: creditBuckets.granted,
        start: creditBuckets.periodStart,
        end: creditBuckets.expiresAt,
      })
      .from(creditBuckets)
      .where(and(eq(creditBuckets.organizationId, org.id), eq(creditBuckets.source, 'plan')))
      .orderBy(asc(creditBuckets.periodStart));
    const expected = [...model.granted.values()]
      .sort((a, b) => a.start.getTime() - b.start.getTime())
      // A period cut short by a purchase of a plan ended at the purchase.
      .map((g) => ({
        granted: g.credits,
        start: g.start,
        end: [proMonthlyFrom, proYearlyFrom].find((c) => c > g.start && c < g.end) ?? g.end,
      }));
    expect(grants).toEqual(expected);
    expect(grants.map((g) => g.granted)).toEqual([100, 10, 10, 10, 10, 100, 100, 100, 100, 100, 1200]);
    const [grantMovements] = await t.system.db
      .select({ total: sum(creditMovements.amount), n: count() })
      .from(creditMovements)
      .where(and(eq(creditMovements.organizationId, org.id), eq(creditMovements.kind, 'plan_grant')));
    expect(Number(grantMovements!.total)).toBe(expected.reduce((n, g) => n + g.granted, 0));
    expect(grantMovements!.n).toBe(expected.length);

    // The extra credits bought on day 130: on day 135, 120 credits took the 99 left of Pro's month (one
    // went on day 120) and 21 of these; the 29 left expired on day 160.
    const ofExtra = await t.system.db
      .select({ kind: creditMovements.kind, amount: creditMovements.amount, at: creditMovements.createdAt })
      .from(creditMovements)
      .where(eq(creditMovements.bucketId, extraOf130))
      .orderBy(asc(creditMovements.createdAt));
    expect(ofExtra).toEqual([
      { kind: 'extra_purchase', amount: 50, at: at(130) },
      { kind: 'ocr_charge', amount: -21, at: at(135) },
      { kind: 'expiry', amount: -29, at: at(160) },
    ]);
  }, 240_000);
});
