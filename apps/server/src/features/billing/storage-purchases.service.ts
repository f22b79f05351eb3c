import type { OrgScope } from '../../platform/db/org-scope';
import { storagePurchasesRepository } from './storage-purchases.repository';

/** The extra storage an organization has bought and not removed: it adds to the plan's quota. */
export interface ExtraStorage {
  totalMb: number;
  purchases: { id: string; storageMb: number; expiresAt: Date | null }[];
}

/** The organization's extra storage at `now` (attachments' quota, the usage summary). */
export const findExtraStorage = (scope: OrgScope, now = new Date()): Promise<ExtraStorage> =>
  scope.run(async () => {
    const purchases = await storagePurchasesRepository(scope).findActive(now);
    return {
      totalMb: purchases.reduce((n, p) => n + p.storageMb, 0),
      purchases: purchases.map((p) => ({ id: p.id, storageMb: p.storageMb, expiresAt: p.expiresAt })),
    };
  });
