import type { billingRoutes, PaymentMethodCode, RouteResponse } from '@invoicing/contract';

/** What the page shows while the payer pays elsewhere: a reference code, or the gateway's frame. */
export type ShownStep =
  | {
      kind: 'reference';
      paymentId: string | null;
      method: PaymentMethodCode;
      reference: string;
      expiresAt: string | null;
    }
  | { kind: 'iframe'; paymentId: string | null; url: string };

/** How a created payment goes on (SPEC §4): to the gateway, shown here, or straight to the result page. */
export type PaymentStep =
  ShownStep | { kind: 'redirect'; url: string } | { kind: 'done'; paymentId: string | null };

type Created = RouteResponse<typeof billingRoutes.createPayment>;
type Direct = RouteResponse<typeof billingRoutes.processDirect>;

/** The step of POST /billing/payments/create/'s answer; an answer without `next` that has a gateway URL leaves. */
export function stepOfCreated(answer: Created, method: PaymentMethodCode): PaymentStep {
  const paymentId = answer.payment_id;
  const next = answer.next;
  if (next === null) {
    return answer.gateway_url ? { kind: 'redirect', url: answer.gateway_url } : { kind: 'done', paymentId };
  }
  switch (next.kind) {
    case 'redirect':
      return { kind: 'redirect', url: next.url };
    case 'iframe':
      return { kind: 'iframe', paymentId, url: next.url };
    case 'reference':
      return { kind: 'reference', paymentId, method, reference: next.reference, expiresAt: next.expires_at };
    case 'done':
      return { kind: 'done', paymentId };
  }
}

/** The step of POST /billing/payments/process-direct/'s answer. */
export function stepOfDirect(answer: Direct, method: PaymentMethodCode): PaymentStep {
  const paymentId = answer.payment_id;
  if (answer.requires_redirect && answer.approval_url) return { kind: 'redirect', url: answer.approval_url };
  if (answer.requires_iframe && answer.iframe_url)
    return { kind: 'iframe', paymentId, url: answer.iframe_url };
  if (answer.reference) {
    return { kind: 'reference', paymentId, method, reference: answer.reference, expiresAt: null };
  }
  return { kind: 'done', paymentId };
}

/** PayPal charges in US dollars at the configured rate (DECISIONS.md, Payments: default 1 EGP = 0.0208 USD). */
export const paypalUsdPerEgp = '0.0208';
