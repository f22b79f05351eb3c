import { z } from 'zod';
import { defineRoute } from './route';
import { idParams, money, successResponse } from './common';
import { usageSummary } from './usage';

/**
 * The payment methods the product offers (DECISIONS.md, Payments). Egypt: card (Visa, Mastercard, Meeza),
 * mobile wallets, the Aman/Masary kiosk reference and ValU through Paymob, and the Fawry reference code.
 * Gulf: mada, STC Pay, Apple Pay and KNET through Tap Payments. International: card through Stripe. PayPal
 * serves plan upgrades only.
 */
export const paymentMethodCodes = [
  'card_eg',
  'wallet_eg',
  'kiosk_eg',
  'valu',
  'fawry',
  'mada',
  'stc_pay',
  'apple_pay',
  'knet',
  'card_intl',
  'paypal',
] as const;
export type PaymentMethodCode = (typeof paymentMethodCodes)[number];

export const paymentRegions = ['egypt', 'gulf', 'international'] as const;
export type PaymentRegion = (typeof paymentRegions)[number];

/** What a payment buys: extra credits, extra storage, both at once (the custom dialog), or a plan. */
export const paymentTypes = ['credits', 'storage', 'extras', 'plan'] as const;
export type PaymentType = (typeof paymentTypes)[number];

export const billingCycles = ['monthly', 'yearly'] as const;
export type BillingCycle = (typeof billingCycles)[number];

export const paymentStatuses = ['PENDING', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'EXPIRED'] as const;
export type PaymentStatus = (typeof paymentStatuses)[number];

/** Prices of extras (SPEC §9), in the plans' currency (EGP). */
export const extraPrices = { creditEgp: '1.00', storageMbEgp: '0.10' } as const;
/** Largest extras one payment may buy. */
export const extraLimits = { credits: 100_000, storageMb: 102_400 } as const;

/** SPEC §3, Plan (public), with the limits a user compares plans by (null: unlimited). */
export const publicPlan = z.object({
  id: z.string(),
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
  features: z.array(z.string()),
  is_popular: z.boolean(),
});
export type PublicPlan = z.infer<typeof publicPlan>;

/** SPEC §3, Payment method, as a member sees it: the enabled ones, in the superuser's order. */
export const paymentMethod = z.object({
  id: z.string(),
  name: z.enum(paymentMethodCodes),
  display_name: z.string(),
  display_name_ar: z.string(),
  description: z.string(),
  description_ar: z.string(),
  region: z.enum(paymentRegions),
  /** The gateway that carries it: paymob, fawry, tap, stripe, paypal, or sandbox when none is configured. */
  gateway: z.string(),
  /** The currency the gateway charges in; the price is converted at the configured rate when it is not EGP. */
  currency: z.string(),
  /** What it can pay for (PayPal: plans only). */
  payment_types: z.array(z.enum(paymentTypes)),
  /**
   * The least price in EGP it can charge, where its gateway documents a minimum charge (Stripe: 0.50 USD),
   * converted at the configured rate; null where it has none. A payment below it is refused
   * (AMOUNT_BELOW_MINIMUM).
   */
  minimum_amount: money.nullable(),
  /** That minimum in the method's own currency, with the currency's decimals ("0.50"); null with it. */
  minimum_charge: z.string().nullable(),
  is_active: z.boolean(),
  sort_order: z.number().int(),
  total_transactions: z.number().int(),
  successful_transactions: z.number().int(),
  /** Percent of finished payments that succeeded, one decimal; 0 before any. */
  success_rate: z.number(),
});
export type PaymentMethod = z.infer<typeof paymentMethod>;

/** SPEC §3, Payment form field: what the page asks for a method, in both languages. */
export const paymentFormField = z.object({
  name: z.string(),
  label: z.string(),
  label_ar: z.string(),
  type: z.enum(['text', 'tel', 'email', 'card_number', 'cvv', 'expiry', 'select']),
  required: z.boolean(),
  placeholder: z.string(),
  /** A key of the spec's rule: card_number (13-19 digits), cvv (3-4 digits), phone_eg (+20 or 01, 9 digits). */
  validation: z.enum(['card_number', 'cvv', 'expiry', 'phone_eg', 'phone', 'email']).nullable(),
  options: z.array(z.object({ value: z.string(), label: z.string() })),
});
export type PaymentFormField = z.infer<typeof paymentFormField>;

const quantity = (max: number) => z.number().int().min(0).max(max).default(0);

/**
 * SPEC §3, Payment request. `amount` is what the page showed, in EGP: the server computes the price from
 * what is bought and refuses a request whose amount disagrees.
 */
export const paymentRequest = z.object({
  payment_method: z.enum(paymentMethodCodes),
  payment_type: z.enum(paymentTypes),
  amount: z.union([z.string(), z.number()]),
  description: z.string().max(200).default(''),
  credits: quantity(extraLimits.credits),
  storage_mb: quantity(extraLimits.storageMb),
  plan_id: z.uuid().nullable().optional(),
  billing_cycle: z.enum(billingCycles).default('monthly'),
});
export type PaymentRequest = z.input<typeof paymentRequest>;

/** How the payment goes on after it is created (SPEC §4, payment flow). */
export const paymentNextStep = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('redirect'), url: z.string() }),
  z.object({
    kind: z.literal('reference'),
    reference: z.string(),
    expires_at: z.string().nullable(),
  }),
  z.object({ kind: z.literal('iframe'), url: z.string() }),
  z.object({ kind: z.literal('done') }),
]);
export type PaymentNextStep = z.infer<typeof paymentNextStep>;

/** One payment as its payer sees it (result pages, reference codes). */
export const paymentView = z.object({
  id: z.string(),
  payment_method: z.enum(paymentMethodCodes),
  payment_type: z.enum(paymentTypes),
  status: z.enum(paymentStatuses),
  /** The price in EGP. */
  amount: money,
  /** What the gateway charges: currency and amount with that currency's decimals (KWD, BHD: three). */
  charged_currency: z.string(),
  charged_amount: z.string(),
  credits: z.number().int(),
  storage_mb: z.number().int(),
  plan_name: z.string().nullable(),
  billing_cycle: z.enum(billingCycles).nullable(),
  reference: z.string().nullable(),
  created_at: z.string(),
  fulfilled_at: z.string().nullable(),
});
export type PaymentView = z.infer<typeof paymentView>;

/** SPEC §7, create: the answer of a created payment (success false with `error` when the gateway refused). */
export const createPaymentResponse = z.object({
  success: z.boolean(),
  payment_id: z.string().nullable(),
  gateway_url: z.string().nullable(),
  next: paymentNextStep.nullable(),
  error: z.string().nullable(),
});

/** SPEC §7, process-direct. */
export const processDirectResponse = z.object({
  success: z.boolean(),
  payment_id: z.string().nullable(),
  requires_redirect: z.boolean(),
  approval_url: z.string().nullable(),
  requires_iframe: z.boolean(),
  iframe_url: z.string().nullable(),
  transaction_id: z.string().nullable(),
  reference: z.string().nullable(),
  message: z.string().nullable(),
  amount: z.string().nullable(),
  currency: z.string().nullable(),
  error: z.string().nullable(),
});

/** A limit of the plan and how much of it is used (null limit: unlimited). */
const limitUse = z.object({ used: z.number().int(), limit: z.number().int().nullable() });

/** GET /usage/enhanced: the usage page's data in one answer. */
export const enhancedUsage = usageSummary.extend({
  limits: z.object({
    customers: limitUse,
    items: limitUse,
    invoices_this_month: limitUse,
  }),
  prices: z.object({ credit: money, storage_mb: money, currency: z.string() }),
  plans: z.array(publicPlan.extend({ is_current: z.boolean() })),
  current_plan_id: z.string(),
  billing_cycle: z.enum(billingCycles),
  /** Whether the caller may buy and remove purchases (OWNER). */
  can_purchase: z.boolean(),
});
export type EnhancedUsage = z.infer<typeof enhancedUsage>;

const methodParams = z.object({ method: z.enum(paymentMethodCodes) });

export const billingRoutes = {
  plans: defineRoute({
    method: 'GET',
    path: '/billing/registration/plans/',
    access: 'public',
    summary: 'The active plans, in order',
    response: z.object({ plans: z.array(publicPlan) }),
  }),
  upgradeWithPaypal: defineRoute({
    method: 'POST',
    path: '/billing/registration/payment/',
    access: 'org',
    roles: ['OWNER'],
    summary: 'Start a plan upgrade paid with PayPal',
    body: z.object({
      plan_id: z.uuid(),
      billing_cycle: z.enum(billingCycles),
      payment_method: z.literal('paypal'),
    }),
    response: z.object({ payment_url: z.string(), payment_id: z.string() }),
  }),
  paymentMethods: defineRoute({
    method: 'GET',
    path: '/billing/payment-methods/',
    access: 'org',
    summary: 'The enabled payment methods, in order',
    response: z.object({ methods: z.array(paymentMethod) }),
  }),
  formFields: defineRoute({
    method: 'GET',
    path: '/billing/payment-form-fields/:method/',
    access: 'org',
    summary: 'The fields the payment page asks for a method',
    params: methodParams,
    response: z.object({ form_fields: z.array(paymentFormField) }),
  }),
  createPayment: defineRoute({
    method: 'POST',
    path: '/billing/payments/create/',
    access: 'org',
    roles: ['OWNER'],
    summary: 'Create a payment and answer its next step',
    body: paymentRequest.extend({
      return_url: z.string().max(2000).optional(),
      cancel_url: z.string().max(2000).optional(),
      phone: z.string().max(32).optional(),
    }),
    response: createPaymentResponse,
  }),
  processDirect: defineRoute({
    method: 'POST',
    path: '/billing/payments/process-direct/',
    access: 'org',
    roles: ['OWNER'],
    summary: 'Create a payment with the details of the enhanced payment page',
    body: paymentRequest.extend({
      payment_details: z.record(z.string(), z.string().max(200)).default({}),
    }),
    response: processDirectResponse,
  }),
  capturePaymob: defineRoute({
    method: 'POST',
    path: '/billing/payments/capture-paymob/',
    access: 'public',
    limitedPerAddress: true,
    summary: 'Ask the server to check a Paymob transaction the browser came back with; fulfils once if paid',
    body: z.object({
      transaction_id: z.string().min(1).max(64),
      amount: z.union([z.string(), z.number()]).optional(),
      currency: z.string().max(8).optional(),
    }),
    response: successResponse.extend({ error: z.string().nullable() }),
  }),
  payment: defineRoute({
    method: 'GET',
    path: '/billing/payments/:id/',
    access: 'org',
    summary: 'One payment of the organization',
    params: idParams,
    response: paymentView,
  }),
  verifyPayment: defineRoute({
    method: 'POST',
    path: '/billing/payments/:id/verify/',
    access: 'org',
    summary: "Ask the gateway for a payment's status (result pages); fulfils once if paid",
    params: idParams,
    response: paymentView,
  }),
  removeExtraPurchase: defineRoute({
    method: 'DELETE',
    path: '/billing/extra-purchase/:id/remove',
    access: 'org',
    roles: ['OWNER'],
    summary: 'Remove an extra purchase (storage only while the used storage fits without it)',
    params: idParams,
    response: z.undefined(),
    successStatus: 204,
  }),
  enhancedUsage: defineRoute({
    method: 'GET',
    path: '/usage/enhanced',
    access: 'org',
    summary: 'Usage, limits, prices and plans for the usage page',
    response: enhancedUsage,
  }),
};
