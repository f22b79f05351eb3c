import type {
  AdminMembership,
  AdminUserUpdate,
  AuditAction,
  AuditTargetType,
  MembershipRole,
  UsageSummary,
} from '@invoicing/contract';
import { isForeignKeyViolation } from '../../platform/db/errors';
import type { z } from 'zod';
import type { adminPaymentMethodUpdate, adminPlanUpdate } from '@invoicing/contract';
import type { Queryable } from '../../platform/db/org-scope';
import type { SystemAccess } from '../../platform/db/system-access';
import { pageOf } from '../../platform/db/pagination';
import { AppError, notFound } from '../../platform/errors/app-error';
import { signalAccessChanged } from '../../platform/http/access-cache';
import type { FileStore } from '../../platform/storage/file-store';
import { organizationFolder } from '../attachments/attachments.storage';
import { changeUserAccess } from '../auth/auth.service';
import { changeMembershipRole } from '../orgs/orgs.service';
import {
  changePaymentMethod as changeMethod,
  keepPaymentsOfDeletedOrganization,
  listPaymentMethodsWithTotals,
  paymentTotalsOf,
  type PaymentMethodChange,
  type PaymentMethodRow,
} from '../billing/billing.service';
import { findSubscription } from '../subscriptions/subscriptions.service';
import { usageService } from '../usage/usage.service';
import { adminRepository, type AdminMembershipRow } from './admin.repository';
import {
  membershipSnapshot,
  paymentMethodSnapshot,
  toAdminMembership,
  toAdminPaymentMethod,
  toAdminOrganization,
  toAdminPlan,
  toAdminUser,
  toAuditEntry,
} from './admin.wire';

interface Paging {
  page: number;
  page_size: number;
}

interface AdminDeps {
  files: FileStore;
  /** Where a failure to remove stored files after a deletion is reported; the next start retries. */
  onFileRemovalError?: (error: unknown) => void;
}

/** Organizations whose plan and usage are read at once for a page of memberships. */
const USAGE_READS_AT_ONCE = 4;

const DAY_MS = 86_400_000;

const planInUse = (organizations: number | null) =>
  new AppError(
    'PLAN_IN_USE',
    organizations === null
      ? 'This plan is in use and cannot be deleted. Switch it off instead.'
      : `This plan is used by ${organizations} organization${organizations === 1 ? '' : 's'} and cannot be deleted. Switch it off instead.`,
  );

/**
 * Removes the stored files whose removal was asked for and not finished (a crash, an unreachable object
 * store): at the start of the server, and at each check of the workers.
 */
export const finishFileRemovals = async (system: SystemAccess, files: FileStore): Promise<number> => {
  const repo = adminRepository(system.db);
  const pending = await repo.findFileRemovals();
  for (const { prefix } of pending) {
    await files.removeUnder(prefix);
    await repo.fileRemovalDone([prefix]);
  }
  return pending.length;
};

/**
 * The superusers' work across every organization (SPEC §6). Every change is written to the audit log in
 * its own transaction, and only changes are: a request that changes nothing writes nothing.
 */
export const adminService = (system: SystemAccess, deps: AdminDeps) => {
  const repo = adminRepository(system.db);

  const audit = async (
    tx: Queryable,
    actorId: string,
    entry: {
      action: AuditAction;
      targetType: AuditTargetType;
      targetId: string;
      before: Record<string, unknown> | null;
      after: Record<string, unknown> | null;
    },
  ) => {
    const txRepo = adminRepository(tx);
    const actorEmail = (await txRepo.findUserEmail(actorId)) ?? '';
    await txRepo.insertAudit({ actorId, actorEmail, ...entry });
  };

  /** The organization's plan and usage now, through the subscriptions and usage features. */
  const usageOf = async (organizationId: string): Promise<UsageSummary | null> => {
    const scope = system.scopeFor(organizationId);
    if (!(await findSubscription(scope))) return null;
    return usageService(scope).summary();
  };

  const withUsage = async (rows: AdminMembershipRow[]): Promise<AdminMembership[]> => {
    const organizations = [...new Set(rows.map((r) => r.organizationId))];
    const usage = new Map<string, UsageSummary | null>();
    for (let i = 0; i < organizations.length; i += USAGE_READS_AT_ONCE) {
      const batch = organizations.slice(i, i + USAGE_READS_AT_ONCE);
      const read = await Promise.all(batch.map(usageOf));
      batch.forEach((id, j) => usage.set(id, read[j]!));
    }
    return rows.map((r) => toAdminMembership(r, usage.get(r.organizationId) ?? null));
  };

  /** Changes a payment method under its lock and records the change (nothing when it changed nothing). */
  const changePaymentMethod = async (
    actorId: string,
    id: string,
    valuesOf: (found: PaymentMethodRow) => PaymentMethodChange,
  ) => {
    const changed = await system.db.transaction(async (tx) => {
      const change = await changeMethod(tx, id, valuesOf);
      if (!change) throw notFound('Payment method not found.');
      const before = paymentMethodSnapshot(change.before);
      const after = paymentMethodSnapshot(change.after);
      if (JSON.stringify(before) !== JSON.stringify(after)) {
        await audit(tx, actorId, {
          action:
            before.is_active === after.is_active
              ? 'payment_method.updated'
              : after.is_active
                ? 'payment_method.activated'
                : 'payment_method.deactivated',
          targetType: 'payment_method',
          targetId: id,
          before,
          after,
        });
      }
      return change.after;
    });
    return toAdminPaymentMethod(changed, await paymentTotalsOf(system.db, changed.code));
  };

  return {
    listUsers: async (query: Paging & { q?: string | undefined }) => {
      const { rows, count } = await repo.listUsers({
        q: query.q,
        page: query.page,
        pageSize: query.page_size,
      });
      return pageOf(rows.map(toAdminUser), count, query.page, query.page_size);
    },

    /** Sets a user's active or superuser flag; a superuser never changes their own. */
    updateUser: async (actorId: string, id: string, body: AdminUserUpdate) => {
      if (id === actorId) {
        throw new AppError(
          'SELF_CHANGE_REFUSED',
          body.is_active === false
            ? 'You cannot deactivate your own account.'
            : body.is_superuser === false
              ? 'You cannot remove your own superuser rights.'
              : 'You cannot change your own account.',
        );
      }
      const answer = await system.db.transaction(async (tx) => {
        const changed = await changeUserAccess(tx, id, {
          isActive: body.is_active,
          isSuperuser: body.is_superuser,
        });
        if (!changed) throw notFound('User not found.');
        const before = toAdminUser(changed.before);
        const after = toAdminUser(changed.after);
        const target = { targetType: 'user' as const, targetId: id, before, after };
        if (before.is_active !== after.is_active) {
          await audit(tx, actorId, {
            action: after.is_active ? 'user.activated' : 'user.deactivated',
            ...target,
          });
        }
        if (before.is_superuser !== after.is_superuser) {
          await audit(tx, actorId, {
            action: after.is_superuser ? 'user.superuser_granted' : 'user.superuser_revoked',
            ...target,
          });
        }
        return after;
      });
      await signalAccessChanged(system.db, id);
      return answer;
    },

    listOrganizations: async (query: Paging & { q?: string | undefined }) => {
      const { rows, count } = await repo.listOrganizations({
        q: query.q,
        page: query.page,
        pageSize: query.page_size,
      });
      return pageOf(rows.map(toAdminOrganization), count, query.page, query.page_size);
    },

    getOrganization: async (id: string) => {
      const organization = await repo.findOrganization(id);
      const contents = organization ? await repo.countContents(id) : null;
      if (!organization || !contents) throw notFound('Organization not found.');
      return { ...toAdminOrganization(organization), contents };
    },

    /**
     * Deletes an organization with everything it holds but its payments (kept for the ledger, named), then
     * its stored files. The files' removal is asked
     * for in the deletion's transaction and done after it commits: if the process dies in between, the
     * next start (or the workers' next check) removes them (`finishFileRemovals`).
     */
    removeOrganization: async (actorId: string, id: string) => {
      const folder = organizationFolder(id);
      await system.db.transaction(async (tx) => {
        const txRepo = adminRepository(tx);
        const organization = await txRepo.findOrganization(id, { lock: true });
        const contents = organization ? await txRepo.countContents(id) : null;
        if (!organization || !contents) throw notFound('Organization not found.');
        await txRepo.requestFileRemoval(folder);
        await keepPaymentsOfDeletedOrganization(tx, { id, name: organization.name });
        await txRepo.deleteOrganization(id);
        await audit(tx, actorId, {
          action: 'organization.deleted',
          targetType: 'organization',
          targetId: id,
          before: { ...toAdminOrganization(organization), contents },
          after: null,
        });
      });
      // Its members' kept answers (anyone's: they are not known here any more).
      await signalAccessChanged(system.db);
      try {
        await deps.files.removeUnder(folder);
        await repo.fileRemovalDone([folder]);
      } catch (error) {
        deps.onFileRemovalError?.(error);
      }
    },

    listMemberships: async (query: Paging & { q?: string | undefined }) => {
      const { rows, count } = await repo.listMemberships({
        q: query.q,
        page: query.page,
        pageSize: query.page_size,
      });
      return pageOf(await withUsage(rows), count, query.page, query.page_size);
    },

    /**
     * Changes a member's role through the members feature's own rule (`changeMemberRole`): an organization
     * always keeps an owner (409 LAST_OWNER), however many such changes, from here or the members page, run
     * at once. The change and its audit entry commit together.
     */
    updateMembership: async (actorId: string, id: string, role: MembershipRole) => {
      const updated = await system.db.transaction(async (tx) => {
        const found = await adminRepository(tx).findMembership(id);
        if (!found) throw notFound('Membership not found.');
        const changed = await changeMembershipRole(system, { membershipId: id, role }, { within: tx }).catch(
          (error: unknown) => {
            // The admin panel speaks of roles by their names.
            if (error instanceof AppError && error.code === 'LAST_OWNER') {
              throw new AppError(
                'LAST_OWNER',
                'An organization must keep at least one owner: make another member OWNER first.',
              );
            }
            throw error;
          },
        );
        const before = { ...found, role: changed.previousRole };
        const after = { ...found, role: changed.role };
        if (before.role !== after.role) {
          await audit(tx, actorId, {
            action: 'membership.role_changed',
            targetType: 'membership',
            targetId: id,
            before: membershipSnapshot(before),
            after: membershipSnapshot(after),
          });
        }
        return after;
      });
      await signalAccessChanged(system.db, updated.userId);
      const [answer] = await withUsage([updated]);
      return answer!;
    },

    listPlans: async () => (await repo.listPlans()).map(toAdminPlan),

    /** Edits a plan; what organizations on it pay and get follows from their next period. */
    updatePlan: async (actorId: string, id: string, body: z.output<typeof adminPlanUpdate>) =>
      system.db.transaction(async (tx) => {
        const txRepo = adminRepository(tx);
        const found = await txRepo.findPlan(id, { lock: true });
        if (!found) throw notFound('Plan not found.');
        const values = {
          ...(body.name === undefined ? {} : { name: body.name }),
          ...(body.description === undefined ? {} : { description: body.description }),
          ...(body.price_monthly === undefined ? {} : { priceMonthly: body.price_monthly }),
          ...(body.price_yearly === undefined ? {} : { priceYearly: body.price_yearly }),
          ...(body.currency === undefined ? {} : { currency: body.currency }),
          ...(body.credits_per_month === undefined ? {} : { creditsPerMonth: body.credits_per_month }),
          ...(body.max_storage_mb === undefined ? {} : { maxStorageMb: body.max_storage_mb }),
          ...(body.max_customers === undefined ? {} : { maxCustomers: body.max_customers }),
          ...(body.max_items === undefined ? {} : { maxItems: body.max_items }),
          ...(body.max_invoices_per_month === undefined
            ? {}
            : { maxInvoicesPerMonth: body.max_invoices_per_month }),
          ...(body.is_active === undefined ? {} : { isActive: body.is_active }),
        };
        const before = toAdminPlan(found);
        if (Object.keys(values).length === 0) return before;
        await txRepo.updatePlan(id, values);
        const after = toAdminPlan((await txRepo.findPlan(id))!);
        if (JSON.stringify(before) !== JSON.stringify(after)) {
          await audit(tx, actorId, {
            action: 'plan.updated',
            targetType: 'plan',
            targetId: id,
            before,
            after,
          });
        }
        return after;
      }),

    /**
     * Deletes a plan no organization is subscribed to (409 otherwise). The Free plan is never deleted: a
     * trial that ends without payment falls to it.
     */
    deletePlan: async (actorId: string, id: string) => {
      try {
        await system.db.transaction(async (tx) => {
          const txRepo = adminRepository(tx);
          const found = await txRepo.findPlan(id, { lock: true });
          if (!found) throw notFound('Plan not found.');
          if (found.code === 'free') {
            throw new AppError(
              'PLAN_IN_USE',
              'The Free plan cannot be deleted: trials that end without payment move to it.',
            );
          }
          if (found.organizationCount > 0) throw planInUse(found.organizationCount);
          await txRepo.deletePlan(id);
          await audit(tx, actorId, {
            action: 'plan.deleted',
            targetType: 'plan',
            targetId: id,
            before: toAdminPlan(found),
            after: null,
          });
        });
      } catch (error) {
        // A subscription (or a payment) that came to refer to it meanwhile.
        if (isForeignKeyViolation(error)) throw planInUse(null);
        throw error;
      }
    },

    /** Every payment method, in the order members see them, with the payments of every organization. */
    listPaymentMethods: async () =>
      (await listPaymentMethodsWithTotals(system.db)).map(({ row, totals }) =>
        toAdminPaymentMethod(row, totals),
      ),

    /** Edits a payment method's names and descriptions, or its place in the list; members see it at once. */
    updatePaymentMethod: async (
      actorId: string,
      id: string,
      body: z.output<typeof adminPaymentMethodUpdate>,
    ) =>
      changePaymentMethod(actorId, id, () => ({
        ...(body.display_name === undefined ? {} : { displayName: body.display_name }),
        ...(body.display_name_ar === undefined ? {} : { displayNameAr: body.display_name_ar }),
        ...(body.description === undefined ? {} : { description: body.description }),
        ...(body.description_ar === undefined ? {} : { descriptionAr: body.description_ar }),
        ...(body.sort_order === undefined ? {} : { sortOrder: body.sort_order }),
      })),

    /** Enables a disabled payment method or disables an enabled one. */
    togglePaymentMethod: async (actorId: string, id: string) =>
      changePaymentMethod(actorId, id, (found) => ({ isActive: !found.isActive })),

    listAudit: async (
      query: Paging & {
        actor?: string | undefined;
        action?: AuditAction | undefined;
        target_type?: AuditTargetType | undefined;
        from?: string | undefined;
        to?: string | undefined;
      },
    ) => {
      const { rows, count } = await repo.listAudit({
        actor: query.actor,
        action: query.action,
        targetType: query.target_type,
        from: query.from ? new Date(`${query.from}T00:00:00Z`) : undefined,
        until: query.to ? new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS) : undefined,
        page: query.page,
        pageSize: query.page_size,
      });
      return pageOf(rows.map(toAuditEntry), count, query.page, query.page_size);
    },
  };
};
