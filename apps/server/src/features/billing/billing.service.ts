import {
  extraPrices,
  fromScaled,
  paymentTypes,
  toScaled,
  validationMessages as m,
  type BillingCycle,
  type EnhancedUsage,
  type PaymentFormField,
  type PaymentMethod,
  type PaymentMethodCode,
  type PaymentType,
  type PaymentView,
  type PublicPlan,
} from '@invoicing/contract';
import type { OrgScope, Queryable } from '../../platform/db/org-scope';
import { AppError, notFound } from '../../platform/errors/app-error';
import { findStorageUsage } from '../attachments/attachments.service';
import { removeExtraCredits } from '../credits/credits.service';
import { findSubscription } from '../subscriptions/subscriptions.service';
import { usageService } from '../usage/usage.service';
import {
  billingRepository,
  paymentMethodsRepository,
  paymentsSystemRepository,
  publicPlansRepository,
  type PaymentMethodRow,
  type PaymentRow,
  type PaymentTotals,
} from './billing.repository';
import { toPaymentMethod, toPaymentView, toPublicPlan } from './billing.wire';
import { GatewayError, type NextStep, type PaymentGateway } from './gateways/gateway';
import type { GatewayRegistry } from './gateways/registry';
import { checkPaymentDetails, formFieldsOf } from './payment-form-fields';
import { checkPaymentStatus, fulfilPayment } from './payment-fulfilment.service';
import {
  clientAmountCents,
  convertFromEgp,
  extrasPriceCents,
  formatMinor,
  leastPriceCents,
} from './payment-prices';
import { findExtraStorage } from './storage-purchases.service';
import { storagePurchasesRepository } from './storage-purchases.repository';
import { countCustomers } from '../customers/customers.service';
import { countItems } from '../items/items.service';
import { countInvoicesThisMonth } from '../invoices/invoices.service';

const MB = 1024 * 1024;

/** What a method can pay for: PayPal serves plan upgrades only (DECISIONS.md, Payments). */
export const paymentTypesOf = (method: PaymentMethodCode): PaymentType[] =>
  method === 'paypal' ? ['plan'] : [...paymentTypes];

/** The active plans, in order, for anyone (the registration and plans pages). */
export const findPublicPlans = async (db: Queryable): Promise<PublicPlan[]> =>
  (await publicPlansRepository(db).findActive()).map(toPublicPlan);

/** What billing needs beyond the scope: the gateways, the exchange rates and our public address. */
export interface BillingDeps {
  gateways: GatewayRegistry;
  /** Units of a currency one EGP buys (config.ts, EXCHANGE_RATES). */
  rates: Record<string, string>;
  /** The address the product is reached at (`https://host`), for return and notification addresses. */
  baseUrl: string;
}

/** A payment to start, as the create, process-direct and PayPal upgrade calls describe it. */
export interface PaymentInput {
  method: PaymentMethodCode;
  type: PaymentType;
  /** The amount the page showed, in EGP; absent where the call carries none (the PayPal upgrade). */
  amount?: string | number;
  description: string;
  credits: number;
  storageMb: number;
  planId: string | null;
  billingCycle: BillingCycle;
  /** What the payer typed for the method (phone, card fields); never stored or logged. */
  details: Record<string, string>;
  /** Whether the method's required fields must be there (the enhanced page), or only checked when given. */
  requireDetails: boolean;
  returnUrl?: string | undefined;
  cancelUrl?: string | undefined;
}

/** A started payment: its view, how it goes on, or the gateway's refusal. */
export type StartedPayment =
  | { ok: true; payment: PaymentView; next: NextStep; gatewayRef: string }
  | { ok: false; payment: PaymentView; error: string };

const methodUnavailable = (message = 'This payment method is not available.') =>
  new AppError('PAYMENT_METHOD_UNAVAILABLE', message);

/**
 * The least a gateway charges a method, in its currency and as a price in EGP at the configured rates;
 * null where it documents no minimum (or the currency has no rate).
 */
const minimumOf = (gateway: PaymentGateway, method: PaymentMethodCode, rates: Record<string, string>) => {
  if (!gateway.minimumChargeMinor) return null;
  const currency = gateway.currencyOf(method);
  const minimumMinor = gateway.minimumChargeMinor(currency);
  const leastCents = leastPriceCents(minimumMinor, currency, rates);
  if (leastCents === null) return null;
  return {
    currency,
    minimumMinor,
    charge: formatMinor(minimumMinor, currency),
    price: fromScaled(leastCents),
  };
};

/** An address of ours the payer's browser may be sent back to: same origin as `base`, else `fallback`. */
const ownAddress = (given: string | undefined, fallback: string, base: string) => {
  if (!given) return fallback;
  try {
    const url = new URL(given, base);
    return url.origin === new URL(base).origin ? url.toString() : fallback;
  } catch {
    return fallback;
  }
};

/** A return address that names the payment, so the page the payer comes back to can confirm it. */
const naming = (address: string, paymentId: string) => {
  const url = new URL(address);
  url.searchParams.set('payment_id', paymentId);
  return url.toString();
};

export type { PaymentMethodRow, PaymentTotals };

/** What a superuser may change of a payment method. */
export type PaymentMethodChange = Partial<
  Pick<
    PaymentMethodRow,
    'displayName' | 'displayNameAr' | 'description' | 'descriptionAr' | 'sortOrder' | 'isActive'
  >
>;

/**
 * The payments of an organization being deleted, in the deletion's transaction: they are kept for the
 * ledger with its name copied on them, and the pending ones end (CANCELLED). Answers how many are kept.
 */
export const keepPaymentsOfDeletedOrganization = (
  db: Queryable,
  organization: { id: string; name: string },
): Promise<number> => paymentsSystemRepository(db).keepForDeletedOrganization(organization);

/**
 * Every payment method, in the order members see them, with the payments of every organization by each
 * (the admin panel; those of deleted organizations count too: their payments are kept).
 */
export const listPaymentMethodsWithTotals = async (db: Queryable) => {
  const repo = paymentMethodsRepository(db);
  const [rows, totals] = await Promise.all([repo.findAll(), repo.totalsByMethod()]);
  const byMethod = new Map(totals.map((c) => [c.method, c]));
  return rows.map((row) => ({ row, totals: byMethod.get(row.code) }));
};

/** The payments of every organization by one method. */
export const paymentTotalsOf = (db: Queryable, code: PaymentMethodCode) =>
  paymentMethodsRepository(db).totalsOf(code);

/**
 * Changes a payment method in the caller's transaction (the admin panel), holding it until that ends, and
 * answers it before and after, or null when there is no such method. Members' lists read the table: the
 * change shows at once.
 */
export const changePaymentMethod = async (
  db: Queryable,
  id: string,
  valuesOf: (found: PaymentMethodRow) => PaymentMethodChange,
): Promise<{ before: PaymentMethodRow; after: PaymentMethodRow } | null> => {
  const repo = paymentMethodsRepository(db);
  const before = await repo.findById(id, { lock: true });
  if (!before) return null;
  const values = valuesOf(before);
  if (Object.keys(values).length > 0) await repo.update(id, values);
  return { before, after: (await repo.findById(id))! };
};

/** Plans, payment methods, payments and extras of an organization. */
export const billingService = (scope: OrgScope, deps: BillingDeps) => {
  const repo = billingRepository(scope);

  /** The view of a payment read again (after the gateway's answer changed it). */
  const viewOf = async (id: string) => {
    const row = await repo.find(id);
    if (!row) throw notFound('Payment not found.');
    return toPaymentView(row);
  };

  /** The method's gateway, when the method is enabled, carried by a gateway and serves `type`. */
  const gatewayOf = async (method: PaymentMethodCode, type: PaymentType): Promise<PaymentGateway> => {
    const row = await repo.findMethod(method);
    const gateway = deps.gateways.gatewayFor(method);
    if (!row || !row.isActive || !gateway || !paymentTypesOf(method).includes(type))
      throw methodUnavailable();
    return gateway;
  };

  /**
   * The price in EGP cents of what is bought, computed here only: extras by their prices, a plan by its
   * price for the cycle. A plan must be an upgrade: not cheaper than the current one, and not the current
   * one on the same cycle once it is paid for (a trial may be paid for).
   */
  const priceOf = async (input: PaymentInput, quantities: { credits: number; storageMb: number }) => {
    if (input.type !== 'plan') return extrasPriceCents(quantities.credits, quantities.storageMb);
    const plan = await repo.findPlan(input.planId!);
    if (!plan || !plan.isActive) {
      throw new AppError('VALIDATION_FAILED', 'The payment request is not valid.', {
        fieldErrors: { plan_id: [m.planInvalid] },
      });
    }
    const current = await findSubscription(scope);
    const price = toScaled(input.billingCycle === 'yearly' ? plan.priceYearly : plan.priceMonthly, 2);
    if (price <= 0n || (current && toScaled(plan.priceMonthly, 2) < toScaled(current.planPriceMonthly, 2))) {
      throw new AppError('NOT_AN_UPGRADE', `${plan.name} is not an upgrade of your current plan.`);
    }
    if (
      current &&
      current.status === 'ACTIVE' &&
      current.planId === plan.id &&
      current.billingCycle === input.billingCycle
    ) {
      throw new AppError(
        'NOT_AN_UPGRADE',
        `You are on ${plan.name} with ${input.billingCycle} billing already.`,
      );
    }
    return price;
  };

  /**
   * Starts a payment: checks what is bought and the method, computes the price (a client's amount that
   * disagrees is refused before anything is written), records the payment as PENDING, and asks the
   * gateway to create the charge. A gateway that answers "done" is asked for the status, and the payment
   * fulfilled if it says paid.
   */
  const start = async (input: PaymentInput): Promise<StartedPayment> => {
    const errors: Record<string, string[]> = {};
    const quantities = {
      credits: input.type === 'credits' || input.type === 'extras' ? input.credits : 0,
      storageMb: input.type === 'storage' || input.type === 'extras' ? input.storageMb : 0,
    };
    if (input.type === 'credits' && quantities.credits <= 0) errors.credits = [m.creditsRequired];
    if (input.type === 'storage' && quantities.storageMb <= 0) errors.storage_mb = [m.storageRequired];
    if (input.type === 'extras' && quantities.credits <= 0 && quantities.storageMb <= 0) {
      errors.credits = [m.extrasRequired];
      errors.storage_mb = [m.extrasRequired];
    }
    if (input.type === 'plan' && !input.planId) errors.plan_id = [m.planRequired];
    const clientCents = input.amount === undefined ? undefined : clientAmountCents(input.amount);
    if (clientCents === null) errors.amount = [m.amountInvalid];
    if (Object.keys(errors).length > 0) {
      throw new AppError('VALIDATION_FAILED', 'The payment request is not valid.', { fieldErrors: errors });
    }

    const gateway = await gatewayOf(input.method, input.type);
    const fields = formFieldsOf(input.method, gateway.name).map((f): PaymentFormField =>
      input.requireDetails ? f : { ...f, required: false },
    );
    const details = checkPaymentDetails(fields, input.details);
    if (Object.keys(details.errors).length > 0) {
      throw new AppError('VALIDATION_FAILED', 'The payment details are not valid.', {
        fieldErrors: details.errors,
      });
    }

    const priceCents = await priceOf(input, quantities);
    if (clientCents !== undefined && clientCents !== priceCents) {
      throw new AppError(
        'AMOUNT_MISMATCH',
        `The amount does not match the price: ${fromScaled(priceCents)} EGP.`,
        {
          extra: { expected_amount: fromScaled(priceCents) },
        },
      );
    }
    const charged = convertFromEgp(priceCents, gateway.currencyOf(input.method), deps.rates);
    if (!charged) throw methodUnavailable('This payment method has no exchange rate configured.');
    // Refused here rather than by the gateway after the payer has been sent there.
    const minimum = minimumOf(gateway, input.method, deps.rates);
    if (charged.amountMinor < (minimum?.minimumMinor ?? 1)) {
      const least = minimum
        ? `${minimum.charge} ${minimum.currency} (${minimum.price} EGP)`
        : `one unit of ${charged.currency}`;
      throw new AppError(
        'AMOUNT_BELOW_MINIMUM',
        `This payment method cannot charge less than ${least}. Choose another method or buy more.`,
        {
          extra: {
            minimum_amount: minimum?.price ?? null,
            minimum_charge: minimum?.charge ?? null,
            currency: charged.currency,
          },
        },
      );
    }

    const payer = scope.userId ? await repo.findPayer(scope.userId) : null;
    const payment: PaymentRow | null = await repo.insert({
      userId: scope.userId,
      method: input.method,
      gateway: gateway.name,
      paymentType: input.type,
      credits: quantities.credits,
      storageMb: quantities.storageMb,
      planId: input.type === 'plan' ? input.planId : null,
      billingCycle: input.type === 'plan' ? input.billingCycle : null,
      amount: fromScaled(priceCents),
      chargedCurrency: charged.currency,
      chargedAmountMinor: charged.amountMinor,
      gatewayRef: null,
      reference: null,
      referenceExpiresAt: null,
      description: input.description,
    });
    // The organization was deleted while the payment was being made: nothing is charged for it.
    if (!payment) throw new AppError('NOT_A_MEMBER', 'You are not a member of this organization.');

    const base = deps.baseUrl;
    let created;
    try {
      created = await gateway.createCharge({
        paymentId: payment.id,
        method: input.method,
        amountMinor: charged.amountMinor,
        currency: charged.currency,
        description: input.description || defaultDescription(input, quantities),
        customer: {
          email: payer?.email ?? '',
          name: payer?.name || payer?.email || '',
          ...(details.values.phone ? { phone: details.values.phone } : {}),
        },
        returnUrl: naming(ownAddress(input.returnUrl, `${base}/payment/success`, base), payment.id),
        cancelUrl: naming(ownAddress(input.cancelUrl, `${base}/payment/cancel`, base), payment.id),
        notifyUrl: `${base}/api/v1/billing/webhooks/${gateway.name}/`,
        details: details.values,
      });
    } catch (error) {
      if (error instanceof GatewayError && error.declined) {
        await repo.markEnded(payment.id, 'FAILED');
        return { ok: false, payment: await viewOf(payment.id), error: error.message };
      }
      // The charge may or may not exist: the payment stays pending and the status check asks for it.
      throw new AppError(
        'PAYMENT_GATEWAY_ERROR',
        'The payment provider could not be reached. Try again in a moment.',
      );
    }
    await repo.setCharge(payment.id, {
      gatewayRef: created.gatewayRef,
      reference: created.next.kind === 'reference' ? created.next.reference : null,
      referenceExpiresAt: created.next.kind === 'reference' ? created.next.expiresAt : null,
    });
    if (created.next.kind === 'done') {
      const report = await gateway.fetchStatus({ paymentId: payment.id, gatewayRef: created.gatewayRef });
      await fulfilPayment(scope, payment.id, report, gateway.name);
      const view = await viewOf(payment.id);
      if (view.status !== 'SUCCEEDED')
        return { ok: false, payment: view, error: 'Payment was not successful' };
      return { ok: true, payment: view, next: created.next, gatewayRef: created.gatewayRef };
    }
    return {
      ok: true,
      payment: await viewOf(payment.id),
      next: created.next,
      gatewayRef: created.gatewayRef,
    };
  };

  return {
    /** The enabled methods a gateway carries, in order, with the organization's payments by each. */
    paymentMethods: async (): Promise<PaymentMethod[]> => {
      const [methods, counts] = await Promise.all([repo.findMethods(), repo.countByMethod()]);
      const byMethod = new Map(counts.map((c) => [c.method, c]));
      return methods.flatMap((row) => {
        const gateway = row.isActive ? deps.gateways.gatewayFor(row.code) : null;
        if (!gateway) return [];
        const minimum = minimumOf(gateway, row.code, deps.rates);
        const carriedBy = {
          gateway: gateway.name,
          currency: gateway.currencyOf(row.code),
          paymentTypes: paymentTypesOf(row.code),
          minimum: minimum && { price: minimum.price, charge: minimum.charge },
        };
        return [toPaymentMethod(row, carriedBy, byMethod.get(row.code))];
      });
    },

    /** The fields the enhanced page asks for a method (none for a method not offered). */
    formFields: async (method: PaymentMethodCode): Promise<PaymentFormField[]> => {
      const row = await repo.findMethod(method);
      const gateway = deps.gateways.gatewayFor(method);
      if (!row || !row.isActive || !gateway) throw methodUnavailable();
      return formFieldsOf(method, gateway.name);
    },

    start,

    payment: viewOf,

    /** Asks the gateway about a pending payment (fulfilling it once if paid) and answers it as it stands. */
    verify: async (id: string): Promise<PaymentView> => {
      if ((await checkPaymentStatus(scope, deps.gateways, id)) === null) throw notFound('Payment not found.');
      return viewOf(id);
    },

    /**
     * Removes an extra purchase: extra credits (what is left of them lapses), or extra storage while the
     * organization's files fit without it (409 PURCHASE_IN_USE otherwise).
     */
    removeExtraPurchase: (id: string): Promise<void> =>
      scope.run(async () => {
        const now = new Date();
        if (await removeExtraCredits(scope, id, now)) return;
        const extra = await findExtraStorage(scope, now);
        const purchase = extra.purchases.find((p) => p.id === id);
        if (!purchase) throw notFound('Purchase not found.');
        const subscription = await findSubscription(scope);
        const { usedBytes } = await findStorageUsage(scope);
        const withoutMb = (subscription?.maxStorageMb ?? 0) + extra.totalMb - purchase.storageMb;
        if (usedBytes > withoutMb * MB) {
          throw new AppError(
            'PURCHASE_IN_USE',
            'This extra storage is in use: your files do not fit without it.',
            {
              extra: { used_mb: Math.round((usedBytes / MB) * 100) / 100, limit_without_mb: withoutMb },
            },
          );
        }
        await storagePurchasesRepository(scope).remove(id, now);
      }),

    /** The usage page's data in one answer: usage, plan limits and their use, prices and plans. */
    enhancedUsage: (): Promise<EnhancedUsage> =>
      scope.run(async () => {
        const summary = await usageService(scope).summary();
        const subscription = await findSubscription(scope);
        if (!subscription) throw notFound('Subscription not found.');
        const plans = await repo.findActivePlans();
        const current =
          plans.find((p) => p.id === subscription.planId) ?? (await repo.findPlan(subscription.planId));
        const used = {
          customers: await countCustomers(scope),
          items: await countItems(scope),
          invoicesThisMonth: await countInvoicesThisMonth(scope),
        };
        return {
          ...summary,
          limits: {
            customers: { used: used.customers, limit: current?.maxCustomers ?? null },
            items: { used: used.items, limit: current?.maxItems ?? null },
            invoices_this_month: {
              used: used.invoicesThisMonth,
              limit: current?.maxInvoicesPerMonth ?? null,
            },
          },
          prices: { credit: extraPrices.creditEgp, storage_mb: extraPrices.storageMbEgp, currency: 'EGP' },
          plans: plans.map((p) => ({ ...toPublicPlan(p), is_current: p.id === subscription.planId })),
          current_plan_id: subscription.planId,
          billing_cycle: subscription.billingCycle,
          can_purchase: scope.role === 'OWNER',
        };
      }),
  };
};

/** The gateway's description of a payment when the page sent none. */
const defaultDescription = (input: PaymentInput, q: { credits: number; storageMb: number }) => {
  if (input.type === 'plan') return `Plan upgrade (${input.billingCycle})`;
  const parts = [
    ...(q.credits > 0 ? [`${q.credits} extra credits`] : []),
    ...(q.storageMb > 0 ? [`${q.storageMb} MB extra storage`] : []),
  ];
  return parts.join(' and ');
};
