import {
  toMoney,
  type PaymentMethod,
  type PaymentType,
  type PaymentView,
  type PublicPlan,
} from '@invoicing/contract';
import type { PaymentMethodRow, PaymentRow, PlanRow } from './billing.repository';
import { formatMinor } from './payment-prices';

/** A plan as anyone may see it. */
export const toPublicPlan = (p: PlanRow): PublicPlan => ({
  id: p.id,
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
  features: p.features,
  is_popular: p.isPopular,
});

/** A payment method as a member sees it, with the organization's payments by it. */
export const toPaymentMethod = (
  m: PaymentMethodRow,
  carriedBy: {
    gateway: string;
    currency: string;
    paymentTypes: PaymentType[];
    /** The gateway's minimum charge, as an EGP price and in the method's currency. */
    minimum: { price: string; charge: string } | null;
  },
  counts: { total: number; succeeded: number; finished: number } | undefined,
): PaymentMethod => ({
  id: m.id,
  name: m.code,
  display_name: m.displayName,
  display_name_ar: m.displayNameAr,
  description: m.description,
  description_ar: m.descriptionAr,
  region: m.region,
  gateway: carriedBy.gateway,
  currency: carriedBy.currency,
  payment_types: carriedBy.paymentTypes,
  minimum_amount: carriedBy.minimum?.price ?? null,
  minimum_charge: carriedBy.minimum?.charge ?? null,
  is_active: m.isActive,
  sort_order: m.sortOrder,
  ...paymentFigures(counts),
});

/** Percent of finished payments that succeeded, one decimal; 0 before any. */
const successRate = (c: { succeeded: number; finished: number }) =>
  c.finished === 0 ? 0 : Math.round((c.succeeded / c.finished) * 1000) / 10;

/** A payment method's payments as members and superusers see them: how many, how many paid, the rate. */
export const paymentFigures = (
  counts: { total: number; succeeded: number; finished: number } | undefined,
) => {
  const c = counts ?? { total: 0, succeeded: 0, finished: 0 };
  return { total_transactions: c.total, successful_transactions: c.succeeded, success_rate: successRate(c) };
};

/** One payment as its payer sees it. */
export const toPaymentView = (p: PaymentRow & { planName: string | null }): PaymentView => ({
  id: p.id,
  payment_method: p.method,
  payment_type: p.paymentType,
  status: p.status,
  amount: toMoney(p.amount),
  charged_currency: p.chargedCurrency,
  charged_amount: formatMinor(p.chargedAmountMinor, p.chargedCurrency),
  credits: p.credits,
  storage_mb: p.storageMb,
  plan_name: p.planName,
  billing_cycle: p.paymentType === 'plan' ? p.billingCycle : null,
  reference: p.reference,
  created_at: p.createdAt.toISOString(),
  fulfilled_at: p.fulfilledAt ? p.fulfilledAt.toISOString() : null,
});
