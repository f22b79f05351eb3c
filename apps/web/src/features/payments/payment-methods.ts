import { toScaled } from '@invoicing/contract';
import type { PaymentMethod } from '@invoicing/contract';
import type { PaymentLink } from '../../lib/payment-link';

/** The methods that can pay for this purchase (PayPal pays for plans only), in the superuser's order. */
export function methodsFor(methods: PaymentMethod[], link: PaymentLink): PaymentMethod[] {
  return methods
    .filter((method) => method.is_active && method.payment_types.includes(link.type))
    .sort((a, b) => a.sort_order - b.sort_order);
}

/** A method's name and description in the page language (the Arabic ones fall back to English when empty). */
export function methodText(method: PaymentMethod, language: string) {
  const arabic = language === 'ar';
  return {
    name: (arabic && method.display_name_ar) || method.display_name,
    description: (arabic && method.description_ar) || method.description,
  };
}

/**
 * Whether `amount` (EGP) is below the least the method's gateway charges (Stripe: 0.50 USD), so that the
 * server would refuse it (AMOUNT_BELOW_MINIMUM).
 */
export function isBelowMinimum(method: PaymentMethod, amount: string): boolean {
  return method.minimum_amount !== null && toScaled(amount, 2) < toScaled(method.minimum_amount, 2);
}
