import { bringSubscriptionUpToDate } from '../subscriptions/move-subscription-on.job';
import { and, count, eq, sum } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { addMember } from '../orgs/orgs.service';
import { creditBuckets, creditMovements, payments } from '../../schema';
import { bearer, json, registerUser, type TestApp } from '../../test/test-app';

/** An organization's owner and a member with the USER role, with their request headers. */
export const organizationWithMember = async (t: TestApp) => {
  const owner = await registerUser(t.app);
  const member = await registerUser(t.app);
  await addMember(t.system, { organizationId: owner.organization.id, userId: member.user.id, role: 'USER' });
  return {
    organizationId: owner.organization.id,
    owner: bearer(owner.tokens.access, owner.organization.id),
    member: bearer(member.tokens.access, owner.organization.id),
  };
};

export const call = (t: TestApp) => ({
  get: (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers }),
  post: (url: string, payload: object | undefined, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) }),
  del: (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'DELETE', url: `/api/v1${url}`, headers }),
});

export const body = <T = Record<string, unknown>>(res: LightMyRequestResponse) => json<T>(res);

/** The stored payments of an organization. */
export const paymentsOf = (t: TestApp, organizationId: string) =>
  t.system.db.select().from(payments).where(eq(payments.organizationId, organizationId));

export const paymentCount = async (t: TestApp, organizationId: string) =>
  (
    await t.system.db.select({ n: count() }).from(payments).where(eq(payments.organizationId, organizationId))
  )[0]!.n;

export const storedPayment = async (t: TestApp, id: string) =>
  (await t.system.db.select().from(payments).where(eq(payments.id, id)))[0]!;

/** The ledger's movements of extra purchases bought by a payment. */
export const purchaseMovements = (t: TestApp, paymentId: string) =>
  t.system.db
    .select({ amount: creditMovements.amount })
    .from(creditMovements)
    .innerJoin(creditBuckets, eq(creditBuckets.id, creditMovements.bucketId))
    .where(and(eq(creditBuckets.paymentId, paymentId), eq(creditMovements.kind, 'extra_purchase')));

/** The sum of the ledger over the organization's live buckets: what it can spend. */
/**
 * The sum of every movement of the organization's credit ledger, once the scheduled job has granted and
 * expired what is due (reads never write, so a period's grant and the expiries are the job's).
 */
export const ledgerBalance = async (t: TestApp, organizationId: string) => {
  await bringSubscriptionUpToDate(t.system.scopeFor(organizationId));
  return Number(
    (
      await t.system.db
        .select({ total: sum(creditMovements.amount) })
        .from(creditMovements)
        .where(eq(creditMovements.organizationId, organizationId))
    )[0]?.total ?? 0,
  );
};
