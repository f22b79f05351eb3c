import { and, asc, count, eq, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { OrgScope, Queryable } from '../../platform/db/org-scope';
import { users } from '../auth/auth.table';
import { organizations } from '../orgs/orgs.table';
import { plans } from '../plans/plans.table';
import { paymentMethods, payments } from './billing.table';

type MethodValues = Omit<typeof paymentMethods.$inferInsert, 'id' | 'createdAt'>;
export type PaymentRow = typeof payments.$inferSelect;
export type NewPayment = Omit<
  typeof payments.$inferInsert,
  'id' | 'organizationId' | 'createdAt' | 'updatedAt' | 'status' | 'fulfilledAt'
>;
export type PlanRow = typeof plans.$inferSelect;
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/** Payments of every organization by method: all, succeeded, and finished (succeeded or not). */
const paymentTotals = (db: Queryable, where?: SQL) =>
  db
    .select({
      method: payments.method,
      total: count(),
      succeeded: sql<number>`count(*) filter (where ${payments.status} = 'SUCCEEDED')`.mapWith(Number),
      finished: sql<number>`count(*) filter (where ${payments.status} <> 'PENDING')`.mapWith(Number),
    })
    .from(payments)
    .where(where)
    .groupBy(payments.method);

export type PaymentTotals = Awaited<ReturnType<typeof paymentTotals>>[number];

/** The payment methods (global): the seed inserts them, superusers edit them (system access). */
export const paymentMethodsRepository = (db: Queryable) => ({
  /** Inserts the methods whose code is not there yet; existing methods keep their edits. */
  insertMissing: async (values: MethodValues[]) => {
    await db.insert(paymentMethods).values(values).onConflictDoNothing({ target: paymentMethods.code });
  },

  /** Every method, in the order members see them. */
  findAll: () =>
    db.select().from(paymentMethods).orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.code)),

  /** One method; `lock` holds it until the caller's transaction ends (its change). */
  findById: async (id: string, opts: { lock?: boolean } = {}) => {
    const query = db.select().from(paymentMethods).where(eq(paymentMethods.id, id)).limit(1);
    return (await (opts.lock ? query.for('update') : query))[0] ?? null;
  },

  update: async (
    id: string,
    values: Partial<
      Pick<
        MethodValues,
        'displayName' | 'displayNameAr' | 'description' | 'descriptionAr' | 'sortOrder' | 'isActive'
      >
    >,
  ) => {
    await db.update(paymentMethods).set(values).where(eq(paymentMethods.id, id));
  },

  /** The payments of every organization by method (those of deleted organizations included). */
  totalsByMethod: () => paymentTotals(db),

  /** The payments of every organization by one method. */
  totalsOf: async (code: PaymentMethodRow['code']): Promise<PaymentTotals | undefined> =>
    (await paymentTotals(db, eq(payments.method, code)))[0],
});

const activePlans = (db: Queryable) =>
  db.select().from(plans).where(eq(plans.isActive, true)).orderBy(asc(plans.sortOrder), asc(plans.name));

/** The plans anyone may see before signing in (system access: no organization yet). */
export const publicPlansRepository = (db: Queryable) => ({
  findActive: () => activePlans(db),
});

/** The payments of the scope's organization, and what pricing and the pages read beside them. */
export const billingRepository = (scope: OrgScope) => {
  const org = scope.organizationId;
  const own = eq(payments.organizationId, org);
  const planName = sql<
    string | null
  >`(select ${plans.name} from ${plans} where ${plans.id} = ${payments.planId})`;
  return {
    /** Every payment method, in the superuser's order. */
    findMethods: () =>
      scope.run(
        (tx) =>
          tx.select().from(paymentMethods).orderBy(asc(paymentMethods.sortOrder), asc(paymentMethods.code)),
        {
          oneStatement: true,
        },
      ),

    findMethod: (code: PaymentMethodRow['code']) =>
      scope.run(
        async (tx) =>
          (await tx.select().from(paymentMethods).where(eq(paymentMethods.code, code)).limit(1))[0] ?? null,
        { oneStatement: true },
      ),

    /** The organization's payments per method: all, succeeded, and finished (succeeded or not). */
    countByMethod: () =>
      scope.run(
        (tx) =>
          tx
            .select({
              method: payments.method,
              total: count(),
              succeeded: sql<number>`count(*) filter (where ${payments.status} = 'SUCCEEDED')`.mapWith(
                Number,
              ),
              finished: sql<number>`count(*) filter (where ${payments.status} <> 'PENDING')`.mapWith(Number),
            })
            .from(payments)
            .where(own)
            .groupBy(payments.method),
        { oneStatement: true },
      ),

    findActivePlans: () => scope.run((tx) => activePlans(tx), { oneStatement: true }),

    findPlan: (id: string) =>
      scope.run(async (tx) => (await tx.select().from(plans).where(eq(plans.id, id)).limit(1))[0] ?? null, {
        oneStatement: true,
      }),

    /** The payer's email and name, for the gateway's customer details. */
    findPayer: (userId: string) =>
      scope.run(
        async (tx) =>
          (
            await tx
              .select({ email: users.email, name: users.name })
              .from(users)
              .where(eq(users.id, userId))
              .limit(1)
          )[0] ?? null,
        { oneStatement: true },
      ),

    /**
     * Holds the organization's row (key share) until the caller's transaction ends, so that its deletion
     * waits for the payment being written or fulfilled and then keeps it; false when it is gone (deleted).
     * Payments have no foreign key to it (they outlive it), so this takes the lock one would have taken.
     */
    holdOrganization: () =>
      scope.run(async (tx) => {
        const rows = await tx
          .select({ id: organizations.id })
          .from(organizations)
          .where(eq(organizations.id, org))
          .for('key share');
        return rows.length > 0;
      }),

    /** A new pending payment; null when the organization is gone (deleted meanwhile). */
    insert: (values: NewPayment) =>
      scope.run(async (tx) => {
        if (!(await billingRepository(scope).holdOrganization())) return null;
        const [row] = await tx
          .insert(payments)
          .values({ organizationId: org, ...values })
          .returning();
        return row!;
      }),

    /** One payment with its plan's name; `lock` holds it for the caller's transaction. */
    find: (id: string, options: { lock?: boolean } = {}) =>
      scope.run(async (tx) => {
        const query = tx
          .select({ payment: payments, planName })
          .from(payments)
          .where(and(own, eq(payments.id, id)))
          .limit(1);
        const [row] = options.lock ? await query.for('update') : await query;
        return row ? { ...row.payment, planName: row.planName } : null;
      }),

    /** Records what the gateway answered when the charge was created. */
    setCharge: (id: string, values: Pick<PaymentRow, 'gatewayRef' | 'reference' | 'referenceExpiresAt'>) =>
      scope.run(async (tx) => {
        await tx
          .update(payments)
          .set({ ...values, updatedAt: new Date() })
          .where(and(own, eq(payments.id, id)));
      }),

    /**
     * Marks a payment succeeded and fulfilled, only if nobody has: the one conditional update every path
     * to fulfilment goes through. Answers the row when this call did it, null when it was done already.
     */
    markFulfilled: (id: string, at: Date) =>
      scope.run(async (tx) => {
        const [row] = await tx
          .update(payments)
          .set({ status: 'SUCCEEDED', fulfilledAt: at, updatedAt: at })
          .where(and(own, eq(payments.id, id), isNull(payments.fulfilledAt)))
          .returning();
        return row ?? null;
      }),

    /**
     * A payment of a deleted organization its gateway reports paid: succeeded, since the money was taken,
     * with nothing granted (`fulfilled_at` stays null). False when it was recorded so before.
     */
    markPaidWithoutGrant: (id: string) =>
      scope.run(async (tx) => {
        const rows = await tx
          .update(payments)
          .set({ status: 'SUCCEEDED', updatedAt: new Date() })
          .where(and(own, eq(payments.id, id), ne(payments.status, 'SUCCEEDED')))
          .returning({ id: payments.id });
        return rows.length > 0;
      }),

    /** Notes that the gateway was asked about a pending payment (the status check asks less often as it ages). */
    touch: (id: string, at: Date) =>
      scope.run(async (tx) => {
        await tx
          .update(payments)
          .set({ updatedAt: at })
          .where(and(own, eq(payments.id, id), eq(payments.status, 'PENDING')));
      }),

    /** Ends a pending payment without granting anything; false when it was not pending any more. */
    markEnded: (id: string, status: 'FAILED' | 'CANCELLED' | 'EXPIRED') =>
      scope.run(async (tx) => {
        const rows = await tx
          .update(payments)
          .set({ status, updatedAt: new Date() })
          .where(and(own, eq(payments.id, id), eq(payments.status, 'PENDING')))
          .returning({ id: payments.id });
        return rows.length > 0;
      }),
  };
};

/** Payments across organizations: notifications name a payment before we know whose it is, and the check finds the pending ones. */
export const paymentsSystemRepository = (db: Queryable) => ({
  /** The organization of a payment, by our id or by the gateway's reference. */
  findOwner: async (by: { paymentId: string } | { gateway: string; gatewayRef: string }) => {
    const where =
      'paymentId' in by
        ? eq(payments.id, by.paymentId)
        : and(eq(payments.gateway, by.gateway), eq(payments.gatewayRef, by.gatewayRef));
    const [row] = await db
      .select({ id: payments.id, organizationId: payments.organizationId })
      .from(payments)
      .where(where)
      .limit(1);
    return row ?? null;
  },

  /**
   * Keeps the payments of an organization being deleted (in the deletion's transaction): its name copied
   * on them, and those still pending ended as CANCELLED, since nothing can be granted to it any more (the
   * status check stops asking about them). Answers how many there are.
   */
  keepForDeletedOrganization: async (organization: { id: string; name: string }) =>
    (
      await db
        .update(payments)
        .set({
          organizationName: organization.name,
          status: sql`case when ${payments.status} = 'PENDING' then 'CANCELLED' else ${payments.status} end`,
          // Only the pending ones change; the finished ones keep when they finished.
          updatedAt: sql`case when ${payments.status} = 'PENDING' then now() else ${payments.updatedAt} end`,
        })
        .where(eq(payments.organizationId, organization.id))
        .returning({ id: payments.id })
    ).length,

  /**
   * Pending payments made at least `minAge` ago whose gateway is due to be asked again: a quarter of their
   * age after it was last asked (`updated_at`), and at least every hour; with `whenLastAsked: false`, every
   * one of them whenever it was last asked. Oldest first.
   */
  findPendingDue: (now: Date, minAgeMs: number, limit: number, whenLastAsked = true) =>
    db
      .select({ id: payments.id, organizationId: payments.organizationId })
      .from(payments)
      .where(
        and(
          eq(payments.status, 'PENDING'),
          lt(payments.createdAt, new Date(now.getTime() - minAgeMs)),
          whenLastAsked
            ? sql`${payments.updatedAt} <= ${now.toISOString()}::timestamptz - least(interval '1 hour', (${now.toISOString()}::timestamptz - ${payments.createdAt}) / 4)`
            : undefined,
        ),
      )
      .orderBy(asc(payments.createdAt))
      .limit(limit),
});
