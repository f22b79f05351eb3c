import type { PaymentFormField } from '@invoicing/contract';
import { describe, expect, it } from 'vitest';
import { paymentDetailsSchema } from './payment-details';

const field = (name: string, overrides: Partial<PaymentFormField> = {}): PaymentFormField => ({
  name,
  label: name,
  label_ar: name,
  type: 'text',
  required: true,
  placeholder: '',
  validation: null,
  options: [],
  ...overrides,
});

const schema = paymentDetailsSchema([
  field('card_number', { type: 'card_number', validation: 'card_number' }),
  field('cvv', { type: 'cvv', validation: 'cvv' }),
  field('phone', { type: 'tel', validation: 'phone_eg' }),
  field('note', { required: false }),
]);

const valid = { card_number: '4242 4242 4242 4242', cvv: '123', phone: '01012345678', note: '' };
const issues = (values: Record<string, string>) => {
  const result = schema.safeParse(values);
  return result.success
    ? {}
    : Object.fromEntries(result.error.issues.map((i) => [i.path.join('.'), i.message]));
};

describe('payment details', () => {
  it('takes valid details, without the spaces of card and phone numbers', () => {
    expect(schema.parse({ ...valid, phone: '+20 101 234 5678' })).toEqual({
      card_number: '4242424242424242',
      cvv: '123',
      phone: '+201012345678',
      note: '',
    });
  });

  it('asks for required fields and leaves optional ones', () => {
    expect(issues({ card_number: ' ', cvv: '', phone: '', note: '' })).toEqual({
      card_number: 'required',
      cvv: 'required',
      phone: 'required',
    });
  });

  it.each([
    ['card_number', '4242 4242 424', 'cardNumber'],
    ['card_number', '4242 4242 4242 4242 4242', 'cardNumber'],
    ['card_number', '4242-abcd-4242-4242', 'cardNumber'],
    ['cvv', '12', 'cvv'],
    ['cvv', '12345', 'cvv'],
    ['phone', '0101234567', 'phone'],
    ['phone', '02123456789', 'phone'],
    ['phone', '+2101234567', 'phone'],
  ])('refuses %s %s', (name, value, issue) => {
    expect(issues({ ...valid, [name]: value })).toEqual({ [name]: issue });
  });

  it.each([
    ['card_number', '4242424242424'],
    ['card_number', '4242424242424242424'],
    ['cvv', '1234'],
    ['phone', '+20123456789'],
  ])('takes %s %s at the edges of its rule', (name, value) => {
    expect(issues({ ...valid, [name]: value })).toEqual({});
  });
});
