import { z } from 'zod';
import { defineRoute } from './route';
import { decimalInput, idParams, money, optionalText, pageQuery, paginated, text } from './common';
import { validationMessages as m } from './errors';
import { membershipRoles } from './roles';
import { paymentMethodCodes, paymentRegions } from './billing';

/** SPEC §3, Admin user. */
export const adminUser = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  is_superuser: z.boolean(),
  date_joined: z.string(),
});
export type AdminUser = z.infer<typeof adminUser>;

/** SPEC §7: one flag at a time, as the admin screen's buttons send them (both at once is accepted too). */
export const adminUserUpdate = z
  .object({ is_active: z.boolean().optional(), is_superuser: z.boolean().optional() })
  .refine((v) => v.is_active !== undefined || v.is_superuser !== undefined, {
    error: 'Send is_active or is_superuser',
  });
export type AdminUserUpdate = z.input<typeof adminUserUpdate>;

/** SPEC §3, Admin organization. */
export const adminOrganization = z.object({
  id: z.string(),
  name: z.string(),
  country: z.string().nullable(),
  currency: z.string(),
  user_count: z.number().int(),
  created_at: z.string(),
});
export type AdminOrganization = z.infer<typeof adminOrganization>;

/**
 * What goes with an organization when it is deleted, counted for the confirmation dialog, and its
 * payments, which stay: the ledger keeps them, with the organization's id and name.
 */
export const adminOrganizationContents = z.object({
  memberships: z.number().int(),
  customers: z.number().int(),
  items: z.number().int(),
  invoices: z.number().int(),
  files: z.number().int(),
  extractions: z.number().int(),
  /** Kept, not deleted. */
  payments: z.number().int(),
});
export type AdminOrganizationContents = z.infer<typeof adminOrganizationContents>;

/** SPEC §3, Membership, with the organization's plan and usage now. */
export const adminMembership = z.object({
  id: z.string(),
  role: z.enum(membershipRoles),
  user: z.object({ id: z.string(), email: z.string(), name: z.string() }),
  organization: z.object({ id: z.string(), name: z.string() }),
  /** Null for an organization without a subscription. */
  subscription: z
    .object({
      plan_name: z.string(),
      currency: z.string(),
      price_monthly: money,
      status: z.string(),
      usage: z.object({
        credits: z.object({ used: z.number().int(), max: z.number().int() }),
        storage: z.object({ used_mb: z.number(), max_mb: z.number() }),
      }),
    })
    .nullable(),
});
export type AdminMembership = z.infer<typeof adminMembership>;

export const adminMembershipUpdate = z.object({
  role: z.enum(membershipRoles, { error: 'Choose USER, ADMIN or OWNER' }),
});
export type AdminMembershipUpdate = z.input<typeof adminMembershipUpdate>;

/** What an audit entry records: every change a superuser makes through the admin API, and nothing else. */
export const auditActions = [
  'user.activated',
  'user.deactivated',
  'user.superuser_granted',
  'user.superuser_revoked',
  'organization.deleted',
  'membership.role_changed',
  'plan.updated',
  'plan.deleted',
  'payment_method.updated',
  'payment_method.activated',
  'payment_method.deactivated',
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditTargetTypes = ['user', 'organization', 'membership', 'plan', 'payment_method'] as const;
export type AuditTargetType = (typeof auditTargetTypes)[number];

/** One audit entry: who did what to which record, with the record before and after (null: none). */
export const auditEntry = z.object({
  id: z.string(),
  actor: z.object({ id: z.string().nullable(), email: z.string() }),
  action: z.enum(auditActions),
  target_type: z.enum(auditTargetTypes),
  target_id: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  created_at: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** The currencies a plan may be priced in (SPEC §5, plan edit). */
export const planCurrencies = ['EGP', 'USD', 'EUR'] as const;

/** SPEC §3, Subscription plan (admin), with the numeric limits of DECISIONS.md (null: unlimited). */
export const adminPlan = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  price_monthly: money,
  price_yearly: money,
  currency: z.string(),
  credits_per_month: z.number().int(),
  max_storage_mb: z.number().int(),
  max_customers: z.number().int().nullable(),
  max_items: z.number().int().nullable(),
  max_invoices_per_month: z.number().int().nullable(),
  is_active: z.boolean(),
  /** Organizations subscribed to it: a plan in use cannot be deleted. */
  organization_count: z.number().int(),
});
export type AdminPlan = z.infer<typeof adminPlan>;

const planPrice = decimalInput({
  scale: 2,
  min: 0,
  max: 999_999_999,
  messages: { invalid: m.priceInvalid, min: m.priceNegative, max: m.amountTooLarge },
});
const wholeNumber = (required: string) =>
  z
    .number({ error: required })
    .int({ error: m.wholeNumberInvalid })
    .min(0, { error: m.wholeNumberInvalid })
    .max(100_000_000, { error: m.amountTooLarge });
const planLimit = wholeNumber(m.wholeNumberInvalid).nullable();

/** SPEC §5, plan edit: the whole plan as the edit form sends it. */
export const adminPlanInput = z.object({
  name: text({ max: 100, required: m.planNameRequired }),
  description: optionalText({ max: 1000, multiline: true }),
  price_monthly: planPrice,
  price_yearly: planPrice,
  currency: z.enum(planCurrencies, { error: m.planCurrencyInvalid }),
  credits_per_month: wholeNumber(m.planCreditsRequired),
  max_storage_mb: wholeNumber(m.planStorageRequired),
  max_customers: planLimit.optional(),
  max_items: planLimit.optional(),
  max_invoices_per_month: planLimit.optional(),
  is_active: z.boolean().optional(),
});
export type AdminPlanInput = z.input<typeof adminPlanInput>;

/** SPEC §7: any of the plan's fields (the active toggle sends only `is_active`). */
export const adminPlanUpdate = adminPlanInput.partial();
export type AdminPlanUpdate = z.input<typeof adminPlanUpdate>;

/**
 * SPEC §3, Payment method, as the admin panel lists it: every method, enabled or not, with the payments of
 * every organization by it. The display name and description are kept in English and Arabic: the SPEC's
 * fields carry the English, the `_ar` fields the Arabic.
 */
export const adminPaymentMethod = z.object({
  id: z.string(),
  name: z.enum(paymentMethodCodes),
  display_name: z.string(),
  description: z.string(),
  is_active: z.boolean(),
  total_transactions: z.number().int(),
  successful_transactions: z.number().int(),
  /** Percent of finished payments that succeeded, one decimal; 0 before any. */
  success_rate: z.number(),
  sort_order: z.number().int(),
  display_name_ar: z.string(),
  description_ar: z.string(),
  region: z.enum(paymentRegions),
});
export type AdminPaymentMethod = z.infer<typeof adminPaymentMethod>;

const methodName = (required: string) => text({ max: 100, required });
const methodDescription = (required: string) => text({ max: 500, required, multiline: true });

/**
 * SPEC §5 and §7, payment method edit: `{display_name, description}` (both required; the Arabic ones may
 * come with them, required too when sent) or `{sort_order}` (a whole number, 0 or more), or both.
 */
export const adminPaymentMethodUpdate = z
  .object({
    display_name: methodName(m.methodDisplayNameRequired).optional(),
    description: methodDescription(m.methodDescriptionRequired).optional(),
    display_name_ar: methodName(m.methodDisplayNameRequired).optional(),
    description_ar: methodDescription(m.methodDescriptionRequired).optional(),
    sort_order: z
      .number({ error: m.wholeNumberInvalid })
      .int({ error: m.wholeNumberInvalid })
      .min(0, { error: m.wholeNumberInvalid })
      .max(100_000, { error: m.amountTooLarge })
      .optional(),
  })
  .superRefine((v, ctx) => {
    const texts = [v.display_name, v.description, v.display_name_ar, v.description_ar];
    if (texts.some((t) => t !== undefined)) {
      if (v.display_name === undefined)
        ctx.addIssue({ code: 'custom', path: ['display_name'], message: m.methodDisplayNameRequired });
      if (v.description === undefined)
        ctx.addIssue({ code: 'custom', path: ['description'], message: m.methodDescriptionRequired });
    } else if (v.sort_order === undefined) {
      ctx.addIssue({ code: 'custom', message: m.methodChangeRequired });
    }
  });
export type AdminPaymentMethodUpdate = z.input<typeof adminPaymentMethodUpdate>;

const day = z.iso.date({ error: 'Enter a valid date' });

const searchQuery = pageQuery.extend({ q: optionalText({ max: 200 }) });

/** Filters of the audit log; `from` and `to` are whole days (UTC), both included. */
export const auditLogQuery = pageQuery
  .extend({
    /** Part of the actor's email. */
    actor: optionalText({ max: 254 }),
    action: z.enum(auditActions).optional(),
    target_type: z.enum(auditTargetTypes).optional(),
    from: day.optional(),
    to: day.optional(),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, {
    error: 'The start date must not be after the end date',
    path: ['to'],
  });
export type AuditLogQuery = z.input<typeof auditLogQuery>;

export const adminRoutes = {
  users: defineRoute({
    method: 'GET',
    path: '/admin/users/',
    access: 'superuser',
    summary: 'Every user, searched by email or name',
    query: searchQuery,
    response: paginated(adminUser),
  }),
  updateUser: defineRoute({
    method: 'PATCH',
    path: '/admin/users/:id/',
    access: 'superuser',
    summary: "Activate or deactivate a user, or grant or revoke superuser rights (never one's own)",
    params: idParams,
    body: adminUserUpdate,
    response: adminUser,
  }),
  organizations: defineRoute({
    method: 'GET',
    path: '/admin/organizations/',
    access: 'superuser',
    summary: 'Every organization, searched by name or country',
    query: searchQuery,
    response: paginated(adminOrganization),
  }),
  organization: defineRoute({
    method: 'GET',
    path: '/admin/organizations/:id/',
    access: 'superuser',
    summary: 'One organization and what its deletion would remove',
    params: idParams,
    response: adminOrganization.extend({ contents: adminOrganizationContents }),
  }),
  deleteOrganization: defineRoute({
    method: 'DELETE',
    path: '/admin/organizations/:id/',
    access: 'superuser',
    summary:
      'Delete an organization with its memberships, records and stored files; its payments are kept for the ledger',
    params: idParams,
    response: z.undefined(),
    successStatus: 204,
  }),
  memberships: defineRoute({
    method: 'GET',
    path: '/admin/memberships/',
    access: 'superuser',
    summary: "Every membership with its organization's plan and usage, searched by user or organization",
    query: searchQuery,
    response: paginated(adminMembership),
  }),
  updateMembership: defineRoute({
    method: 'PATCH',
    path: '/admin/memberships/:id/',
    access: 'superuser',
    summary: "Change a member's role; an organization always keeps an owner",
    params: idParams,
    body: adminMembershipUpdate,
    response: adminMembership,
  }),
  plans: defineRoute({
    method: 'GET',
    path: '/admin/subscription-plans/',
    access: 'superuser',
    summary: 'Every plan, active or not, with the number of organizations on it',
    response: z.array(adminPlan),
  }),
  updatePlan: defineRoute({
    method: 'PATCH',
    path: '/admin/subscription-plans/:id/',
    access: 'superuser',
    summary: 'Edit a plan or switch it on or off',
    params: idParams,
    body: adminPlanUpdate,
    response: adminPlan,
  }),
  deletePlan: defineRoute({
    method: 'DELETE',
    path: '/admin/subscription-plans/:id/',
    access: 'superuser',
    summary: 'Delete a plan no organization uses (409 otherwise; the Free plan stays)',
    params: idParams,
    response: z.undefined(),
    successStatus: 204,
  }),
  paymentMethods: defineRoute({
    method: 'GET',
    path: '/admin/payment-methods/',
    access: 'superuser',
    summary: 'Every payment method, enabled or not, in order, with the payments of all organizations by it',
    response: z.array(adminPaymentMethod),
  }),
  updatePaymentMethod: defineRoute({
    method: 'PATCH',
    path: '/admin/payment-methods/:id/',
    access: 'superuser',
    summary: "Edit a payment method's display name and description (English and Arabic), or its sort order",
    params: idParams,
    body: adminPaymentMethodUpdate,
    response: adminPaymentMethod,
  }),
  togglePaymentMethod: defineRoute({
    method: 'POST',
    path: '/admin/payment-methods/:id/toggle_active/',
    access: 'superuser',
    summary: 'Enable a disabled payment method or disable an enabled one',
    params: idParams,
    response: adminPaymentMethod,
  }),
  auditLog: defineRoute({
    method: 'GET',
    path: '/admin/audit-log/',
    access: 'superuser',
    summary: 'What superusers changed, newest first',
    query: auditLogQuery,
    response: paginated(auditEntry),
  }),
};
