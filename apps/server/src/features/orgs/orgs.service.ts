import { and, asc, eq } from 'drizzle-orm';
import type { MembershipRole } from '@invoicing/contract';
import type { TenantTx } from '../../platform/db/org-scope';
import type { OrgScope } from '../../platform/db/org-scope';
import type { SystemAccess } from '../../platform/db/system-access';
import { notFound } from '../../platform/errors/app-error';
import { plans } from '../plans/plans.table';
import { subscriptions } from '../subscriptions/subscriptions.table';
import { getSubscription } from '../subscriptions/subscriptions.repository';
import { memberships, organizations } from './orgs.table';

export const TRIAL_DAYS = 14;

/**
 * Creates an organization, makes `ownerId` its OWNER and starts its Pro trial, inside the caller's
 * transaction (sign-up and demo data).
 */
export const createOrganizationWithOwner = async (
  tx: TenantTx,
  input: { name: string; ownerId: string; currency?: string; country?: string },
): Promise<{ id: string; name: string }> => {
  const [organization] = await tx
    .insert(organizations)
    .values({ name: input.name, currency: input.currency ?? 'EGP', country: input.country ?? null })
    .returning({ id: organizations.id, name: organizations.name });
  if (!organization) throw new Error('organization insert returned nothing');
  await tx
    .insert(memberships)
    .values({ organizationId: organization.id, userId: input.ownerId, role: 'OWNER' });
  const [pro] = await tx.select({ id: plans.id }).from(plans).where(eq(plans.code, 'pro')).limit(1);
  if (!pro) throw new Error('plans are not seeded');
  const trialEnd = new Date(Date.now() + TRIAL_DAYS * 86_400_000);
  await tx.insert(subscriptions).values({
    organizationId: organization.id,
    planId: pro.id,
    status: 'TRIAL',
    trialEndsAt: trialEnd,
    currentPeriodEnd: trialEnd,
  });
  return organization;
};

/** Adds a user to an organization (demo data and tests; invitations come later). */
export const addMember = async (
  system: SystemAccess,
  input: { organizationId: string; userId: string; role: MembershipRole },
) => {
  await system.db
    .insert(memberships)
    .values(input)
    .onConflictDoUpdate({
      target: [memberships.organizationId, memberships.userId],
      set: { role: input.role },
    });
};

/** The organizations a user belongs to: per user, before any organization is chosen. */
export const listOrganizationsOfUser = (system: SystemAccess, userId: string) =>
  system.db
    .select({
      id: organizations.id,
      name: organizations.name,
      role: memberships.role,
      currency: organizations.currency,
    })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(organizations.name), asc(organizations.id));

export const getCurrentOrganization = (scope: OrgScope) =>
  scope.run(async (tx) => {
    const [organization] = await tx
      .select({ id: organizations.id, name: organizations.name, currency: organizations.currency })
      .from(organizations)
      .where(and(eq(organizations.id, scope.organizationId)))
      .limit(1);
    if (!organization) throw notFound('Organization not found.');
    const subscription = await getSubscription(scope);
    return {
      ...organization,
      role: scope.role === 'SYSTEM' ? ('OWNER' as const) : scope.role,
      subscription: subscription
        ? {
            plan_name: subscription.planName,
            status: subscription.status,
            trial_ends_at: subscription.trialEndsAt ? subscription.trialEndsAt.toISOString() : null,
          }
        : null,
    };
  });

/** The organization's currency: the default of its invoices and items. */
export const getOrganizationCurrency = (scope: OrgScope) =>
  scope.run(async (tx) => {
    const [row] = await tx
      .select({ currency: organizations.currency })
      .from(organizations)
      .where(eq(organizations.id, scope.organizationId))
      .limit(1);
    return row?.currency ?? 'EGP';
  });
