import type { PaymentMethod, PaymentMethodCode, PaymentRequest } from '@invoicing/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { describeError } from '../../../lib/api-errors';
import type { PaymentLink } from '../../../lib/payment-link';
import { setUpgradePayment } from '../../../lib/storage';
import { usePaymentMethods } from '../api/list-payment-methods';
import { methodsFor } from '../payment-methods';
import type { PaymentStep } from '../payment-steps';
import { useCanPay } from './use-can-pay';
import { usePaymentSteps } from './use-payment-steps';
import { usePurchaseLabel } from './use-purchase-label';

/** Why a payment did not go on: the page's sentence, and what the server said when it says more. */
export interface PaymentFailure {
  title: string;
  detail?: string | null;
}

/** What both payment calls answer (create and process-direct): success, the gateway's refusal, the payment. */
interface PaymentAnswer {
  success: boolean;
  error?: string | null;
  payment_id?: string | null;
}

/**
 * The state both payment pages share: the methods that can pay for this purchase, the chosen one, the
 * failure shown, and the steps a created payment leads to (a gateway, a reference code, a frame).
 */
export function usePaymentFlow(link: PaymentLink) {
  const { t, i18n } = useTranslation('payments');
  const methods = usePaymentMethods();
  const steps = usePaymentSteps();
  const label = usePurchaseLabel(link);
  const canPay = useCanPay();
  const [method, setMethod] = useState<PaymentMethodCode | null>(null);
  const [failure, setFailure] = useState<PaymentFailure | null>(null);
  const available = methodsFor(methods.data?.methods ?? [], link);
  const chosen = available.find((candidate) => candidate.name === method) ?? null;

  /** What is bought, as both payment calls take it, paid with `method`. */
  const purchase = (method: PaymentMethod): PaymentRequest => ({
    payment_method: method.name,
    payment_type: link.type,
    amount: link.amount,
    description: label.slice(0, 200),
    credits: link.credits,
    storage_mb: link.storage_mb,
    plan_id: link.plan_id,
    billing_cycle: link.billing_cycle,
  });

  /** The chosen method; with none, the page says to choose one ('Please select a payment method'). */
  const requireChosen = (): PaymentMethod | null => {
    setFailure(null);
    if (!chosen) setFailure({ title: t('methods.select') });
    return chosen;
  };

  /**
   * Makes the payment with `call` and follows where its answer leads. A gateway's refusal is `refused`
   * (with the gateway's English words on an English page); a call that fails is `failed`, with the reason.
   */
  const pay = async <A extends PaymentAnswer>(
    call: () => Promise<A>,
    stepOf: (answer: A) => PaymentStep,
    titles: { refused: string; failed: string },
  ) => {
    setFailure(null);
    try {
      const answer = await call();
      if (!answer.success) {
        // The gateway's own words are English; another language says the page's sentence only.
        setFailure({ title: titles.refused, detail: i18n.language === 'en' ? answer.error : null });
        return;
      }
      if (link.type === 'plan' && answer.payment_id) {
        setUpgradePayment({ paymentId: answer.payment_id, billingCycle: link.billing_cycle });
      }
      steps.follow(stepOf(answer));
    } catch (caught) {
      setFailure({
        title: titles.failed,
        detail: describeError(caught, t, i18n.language, titles.failed),
      });
    }
  };

  const choose = (code: PaymentMethodCode) => {
    setMethod(code);
    setFailure(null);
  };

  return { link, methods, available, chosen, choose, canPay, failure, steps, purchase, requireChosen, pay };
}

export type PaymentFlow = ReturnType<typeof usePaymentFlow>;
