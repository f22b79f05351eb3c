import { and, desc, eq } from 'drizzle-orm';
import type { Queryable } from '../../../../platform/db/org-scope';
import { sandboxCharges } from './sandbox.table';

export type SandboxChargeRow = typeof sandboxCharges.$inferSelect;
type NewCharge = Omit<typeof sandboxCharges.$inferInsert, 'createdAt' | 'updatedAt'>;

/** The sandbox gateway's books (global, system access: the gateway is not a tenant). */
export const sandboxChargesRepository = (db: Queryable) => ({
  insert: async (values: NewCharge) => {
    await db.insert(sandboxCharges).values(values);
  },

  find: async (id: string): Promise<SandboxChargeRow | null> =>
    (await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id)).limit(1))[0] ?? null,

  /** The latest charge made for a merchant payment. */
  findLatestOfPayment: async (paymentId: string): Promise<SandboxChargeRow | null> =>
    (
      await db
        .select()
        .from(sandboxCharges)
        .where(eq(sandboxCharges.paymentId, paymentId))
        .orderBy(desc(sandboxCharges.createdAt))
        .limit(1)
    )[0] ?? null,

  findByTransaction: async (transactionId: string): Promise<SandboxChargeRow | null> =>
    (
      await db.select().from(sandboxCharges).where(eq(sandboxCharges.transactionId, transactionId)).limit(1)
    )[0] ?? null,

  /** Settles a pending charge; null when it was not pending any more (a second click, a race). */
  settle: async (
    id: string,
    values: { status: string; transactionId?: string | null },
  ): Promise<SandboxChargeRow | null> =>
    (
      await db
        .update(sandboxCharges)
        .set({ ...values, updatedAt: new Date() })
        .where(and(eq(sandboxCharges.id, id), eq(sandboxCharges.status, 'pending')))
        .returning()
    )[0] ?? null,

  setStatus: async (id: string, status: string) => {
    await db.update(sandboxCharges).set({ status, updatedAt: new Date() }).where(eq(sandboxCharges.id, id));
  },
});
