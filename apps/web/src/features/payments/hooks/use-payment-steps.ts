import { useState } from 'react';
import { useNavigate } from 'react-router';
import { leaveForGateway } from '../../../lib/gateway-navigation';
import { href, paths } from '../../../lib/paths';
import type { PaymentStep, ShownStep } from '../payment-steps';

/** Follows a created payment's step: leaves for the gateway, shows a reference or frame, or shows the result. */
export function usePaymentSteps() {
  const navigate = useNavigate();
  const [shown, setShown] = useState<ShownStep | null>(null);
  const toResult = (paymentId: string | null) =>
    void navigate(href(paths.paymentSuccess, {}, { payment_id: paymentId }));
  const follow = (step: PaymentStep) => {
    if (step.kind === 'redirect') leaveForGateway(step.url);
    else if (step.kind === 'done') toResult(step.paymentId);
    else setShown(step);
  };
  return { shown, follow, toResult, close: () => setShown(null) };
}
