import { describe, expect, it } from 'vitest';
import { paymentHref, readPaymentLink } from './payment-link';

const read = (query: string) => readPaymentLink(new URLSearchParams(query));

describe('payment links', () => {
  it('carries a purchase to the payment page and back', () => {
    const link = paymentHref({ type: 'extras', amount: '30.00', credits: 20, storage_mb: 100 });
    expect(link).toBe('/payment?type=extras&amount=30.00&credits=20&storage_mb=100');
    expect(read(link.split('?')[1] ?? '')).toEqual({
      type: 'extras',
      amount: '30.00',
      credits: 20,
      storage_mb: 100,
      plan_id: null,
      billing_cycle: 'monthly',
    });
    expect(
      paymentHref({ type: 'plan', amount: '2870.40', plan_id: 'p-2', billing_cycle: 'yearly' }, true),
    ).toBe('/payment/enhanced?type=plan&amount=2870.40&plan_id=p-2&billing_cycle=yearly');
  });

  it('normalizes the amount to two decimals', () => {
    expect(read('type=credits&amount=10&credits=10')?.amount).toBe('10.00');
  });

  it.each([
    ['no type', 'amount=10&credits=10'],
    ['no amount', 'type=credits&credits=10'],
    ['an unknown type', 'type=gold&amount=10'],
    ['a malformed amount', 'type=credits&amount=1e3&credits=10'],
    ['a negative amount', 'type=credits&amount=-5&credits=10'],
    ['a zero amount', 'type=credits&amount=0&credits=10'],
    ['credits without a count', 'type=credits&amount=10'],
    ['a fractional count', 'type=credits&amount=10&credits=1.5'],
    ['a plan without its id', 'type=plan&amount=299.00'],
  ])('refuses %s', (_case, query) => {
    expect(read(query)).toBeNull();
  });
});
