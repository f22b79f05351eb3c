import { billingCycles, extraLimits, paymentTypes, toMoney } from '@invoicing/contract';
import type { BillingCycle, PaymentType } from '@invoicing/contract';
import { z } from 'zod';
import { href, paths } from './paths';

/** What a payment page is asked to charge for, as its address carries it (SPEC §2, Payment page). */
export interface PaymentLink {
  type: PaymentType;
  /** The price the page shows, in EGP, two decimals; the server checks it against what is bought. */
  amount: string;
  credits: number;
  storage_mb: number;
  plan_id: string | null;
  billing_cycle: BillingCycle;
}

const count = (max: number) => z.coerce.number().int().min(0).max(max).catch(-1);

const linkQuery = z.object({
  type: z.enum(paymentTypes),
  amount: z.string().regex(/^\d{1,9}(\.\d{1,2})?$/),
  credits: count(extraLimits.credits).default(0),
  storage_mb: count(extraLimits.storageMb).default(0),
  plan_id: z.string().min(1).max(64).nullable().default(null),
  billing_cycle: z.enum(billingCycles).catch('monthly').default('monthly'),
});

/** The payment page's address for a purchase: /payment, or /payment/enhanced with `enhanced`. */
export function paymentHref(
  link: Partial<PaymentLink> & Pick<PaymentLink, 'type' | 'amount'>,
  enhanced = false,
) {
  return href(
    enhanced ? paths.paymentEnhanced : paths.payment,
    {},
    {
      type: link.type,
      amount: link.amount,
      credits: link.credits || null,
      storage_mb: link.storage_mb || null,
      plan_id: link.plan_id ?? null,
      billing_cycle: link.type === 'plan' ? (link.billing_cycle ?? 'monthly') : null,
    },
  );
}

/**
 * The purchase in a payment page's query, or null when it is not one ('Invalid payment data'): type and
 * amount missing or malformed, a zero amount, or nothing to buy (no credits for credits, no plan for plan).
 */
export function readPaymentLink(params: URLSearchParams): PaymentLink | null {
  const value = (name: string) => params.get(name) ?? undefined;
  const parsed = linkQuery.safeParse({
    type: value('type'),
    amount: value('amount'),
    credits: value('credits'),
    storage_mb: value('storage_mb'),
    plan_id: params.get('plan_id') || null,
    billing_cycle: value('billing_cycle'),
  });
  if (!parsed.success) return null;
  const link = { ...parsed.data, amount: toMoney(parsed.data.amount) };
  if (link.credits < 0 || link.storage_mb < 0 || link.amount === '0.00') return null;
  const buysSomething = {
    credits: link.credits > 0,
    storage: link.storage_mb > 0,
    extras: link.credits > 0 || link.storage_mb > 0,
    plan: link.plan_id !== null,
  }[link.type];
  return buysSomething ? link : null;
}
