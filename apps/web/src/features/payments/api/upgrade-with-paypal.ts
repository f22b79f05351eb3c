import { billingRoutes } from '@invoicing/contract';
import type { BillingCycle } from '@invoicing/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api-client';

/** POST /billing/registration/payment/: a plan upgrade paid with PayPal; answers where to approve it. */
export function upgradeWithPaypal(input: { planId: string; billingCycle: BillingCycle }) {
  return callApi(billingRoutes.upgradeWithPaypal, {
    body: { plan_id: input.planId, billing_cycle: input.billingCycle, payment_method: 'paypal' },
  });
}

export function useUpgradeWithPaypalMutation() {
  return useMutation({ mutationFn: upgradeWithPaypal });
}
