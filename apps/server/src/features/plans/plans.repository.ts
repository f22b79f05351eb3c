import type { Queryable } from '../../platform/db/org-scope';
import { plans, seedRuns } from './plans.table';

type PlanValues = Omit<typeof plans.$inferInsert, 'id'>;

/** The plans, global to every organization (system access). */
export const plansRepository = (db: Queryable) => ({
  /** Inserts the plans whose code is not there yet; existing plans keep their edits. */
  insertMissing: async (values: PlanValues[]) => {
    await db.insert(plans).values(values).onConflictDoNothing({ target: plans.code });
  },

  /** Records that the seed `name` ran; false when it had already (or a concurrent start just did). */
  markSeedRun: async (name: string) =>
    (
      await db
        .insert(seedRuns)
        .values({ name })
        .onConflictDoNothing({ target: seedRuns.name })
        .returning({ name: seedRuns.name })
    ).length > 0,
});
