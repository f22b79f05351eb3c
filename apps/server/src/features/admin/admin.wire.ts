import {
  toMoney,
  type AdminMembership,
  type AdminPaymentMethod,
  type AdminOrganization,
  type AdminPlan,
  type AdminUser,
  type AuditEntry,
  type UsageSummary,
} from '@invoicing/contract';
import type { PaymentMethodRow, PaymentTotals } from '../billing/billing.service';
import { paymentFigures } from '../billing/billing.wire';
import type { AdminMembershipRow, AdminPlanRow, AuditRow } from './admin.repository';

interface UserFields {
  id: string;
  email: string;
  name: string;
  isActive: boolean;
  isSuperuser: boolean;
  dateJoined: Date;
}

export const toAdminUser = (u: UserFields): AdminUser => ({
  id: u.id,
  email: u.email,
  name: u.name,
  is_active: u.isActive,
  is_superuser: u.isSuperuser,
  date_joined: u.dateJoined.toISOString(),
});

interface OrganizationFields {
  id: string;
  name: string;
  country: string | null;
  currency: string;
  userCount: number;
  createdAt: Date;
}

export const toAdminOrganization = (o: OrganizationFields): AdminOrganization => ({
  id: o.id,
  name: o.name,
  country: o.country,
  currency: o.currency,
  user_count: o.userCount,
  created_at: o.createdAt.toISOString(),
});

/** A membership with its organization's plan and usage now (null: the organization has no subscription). */
export const toAdminMembership = (m: AdminMembershipRow, usage: UsageSummary | null): AdminMembership => ({
  id: m.id,
  role: m.role,
  user: { id: m.userId, email: m.userEmail, name: m.userName },
  organization: { id: m.organizationId, name: m.organizationName },
  subscription: usage
    ? {
        plan_name: usage.plan.name,
        currency: usage.plan.currency,
        price_monthly: toMoney(usage.plan.price_monthly),
        status: usage.status,
        usage: {
          credits: { used: usage.credits.used, max: usage.credits.max },
          storage: { used_mb: usage.storage.used_mb, max_mb: usage.storage.max_mb },
        },
      }
    : null,
});

/** A membership as an audit entry records it. */
export const membershipSnapshot = (m: AdminMembershipRow) => ({
  id: m.id,
  role: m.role,
  user: { id: m.userId, email: m.userEmail },
  organization: { id: m.organizationId, name: m.organizationName },
});

export const toAuditEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  actor: { id: row.actorId, email: row.actorEmail },
  action: row.action,
  target_type: row.targetType,
  target_id: row.targetId,
  before: row.before ?? null,
  after: row.after ?? null,
  created_at: row.createdAt.toISOString(),
});

export const toAdminPlan = (p: AdminPlanRow): AdminPlan => ({
  id: p.id,
  code: p.code,
  name: p.name,
  description: p.description,
  price_monthly: toMoney(p.priceMonthly),
  price_yearly: toMoney(p.priceYearly),
  currency: p.currency,
  credits_per_month: p.creditsPerMonth,
  max_storage_mb: p.maxStorageMb,
  max_customers: p.maxCustomers,
  max_items: p.maxItems,
  max_invoices_per_month: p.maxInvoicesPerMonth,
  is_active: p.isActive,
  organization_count: p.organizationCount,
});

/** A payment method with the payments of every organization by it. */
export const toAdminPaymentMethod = (
  m: PaymentMethodRow,
  totals: PaymentTotals | undefined,
): AdminPaymentMethod => ({
  id: m.id,
  name: m.code,
  display_name: m.displayName,
  description: m.description,
  is_active: m.isActive,
  ...paymentFigures(totals),
  sort_order: m.sortOrder,
  display_name_ar: m.displayNameAr,
  description_ar: m.descriptionAr,
  region: m.region,
});

/** A payment method as an audit entry records it: what a superuser can change, and its name. */
export const paymentMethodSnapshot = (m: PaymentMethodRow) => ({
  id: m.id,
  name: m.code,
  display_name: m.displayName,
  display_name_ar: m.displayNameAr,
  description: m.description,
  description_ar: m.descriptionAr,
  is_active: m.isActive,
  sort_order: m.sortOrder,
});
