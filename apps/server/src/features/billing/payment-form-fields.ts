import { validationMessages as m, type PaymentFormField, type PaymentMethodCode } from '@invoicing/contract';

/** The methods paid by card, whose card fields the enhanced page asks for when the sandbox carries them. */
const cardMethods: readonly PaymentMethodCode[] = ['card_eg', 'card_intl', 'mada'];

export const isCardMethod = (method: PaymentMethodCode) => cardMethods.includes(method);

const field = (f: Partial<PaymentFormField> & Pick<PaymentFormField, 'name' | 'label' | 'label_ar'>) => ({
  type: 'text' as const,
  required: true,
  placeholder: '',
  validation: null,
  options: [],
  ...f,
});

const cardFields: PaymentFormField[] = [
  field({
    name: 'card_number',
    label: 'Card number',
    label_ar: 'رقم البطاقة',
    type: 'card_number',
    placeholder: '4242 4242 4242 4242',
    validation: 'card_number',
  }),
  field({
    name: 'expiry',
    label: 'Expiry date (MM/YY)',
    label_ar: 'تاريخ الانتهاء (شهر/سنة)',
    type: 'expiry',
    placeholder: 'MM/YY',
    validation: 'expiry',
  }),
  field({
    name: 'cvv',
    label: 'CVV',
    label_ar: 'رمز التحقق',
    type: 'cvv',
    placeholder: '123',
    validation: 'cvv',
  }),
  field({
    name: 'cardholder_name',
    label: 'Name on the card',
    label_ar: 'الاسم على البطاقة',
    placeholder: 'Name as printed on the card',
  }),
];

const phoneField = (required: boolean) =>
  field({
    name: 'phone',
    label: 'Mobile number',
    label_ar: 'رقم الهاتف المحمول',
    type: 'tel',
    required,
    placeholder: '01XXXXXXXXX',
    validation: 'phone_eg',
  });

const stcPayPhoneField = field({
  name: 'phone',
  label: 'STC Pay mobile number',
  label_ar: 'رقم الجوال المسجل في STC Pay',
  type: 'tel',
  required: true,
  placeholder: '05XXXXXXXX',
  validation: 'phone',
});

/**
 * The fields the enhanced payment page asks for a method (SPEC §3, Payment form field). Card fields exist
 * only where the built-in sandbox carries a card method: a real gateway takes card numbers on its own page
 * or frame (DECISIONS.md, Payments).
 */
export const formFieldsOf = (method: PaymentMethodCode, gateway: string | null): PaymentFormField[] => {
  if (isCardMethod(method)) return gateway === 'sandbox' ? cardFields : [];
  if (method === 'wallet_eg' || method === 'valu') return [phoneField(true)];
  if (method === 'fawry') return [phoneField(false)];
  // STC Pay charges the wallet of the Saudi mobile number registered with it.
  if (method === 'stc_pay') return [stcPayPhoneField];
  return [];
};

const digitsOnly = (value: string) => value.replace(/[\s-]/g, '');

/** Whether an expiry date `MM/YY` (or `MM/YYYY`) is well formed and not past at `now`. */
const expiryIsValid = (value: string, now: Date) => {
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(value.trim());
  if (!match) return false;
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return false;
  // Valid through the last day of its month.
  return new Date(Date.UTC(year, month, 1)) > now;
};

/** SPEC §5 rules by the contract's validation key; answers the message of a value that breaks it. */
const breaks = (rule: PaymentFormField['validation'], value: string, now: Date): string | null => {
  switch (rule) {
    case 'card_number':
      return /^\d{13,19}$/.test(digitsOnly(value)) ? null : m.cardNumberInvalid;
    case 'cvv':
      return /^\d{3,4}$/.test(value.trim()) ? null : m.cvvInvalid;
    case 'expiry':
      return expiryIsValid(value, now) ? null : m.cardExpiryInvalid;
    case 'phone_eg':
      // SPEC §5: +20 or 01 then 9 digits; a full international mobile number (+20 1XX XXX XXXX) too.
      return /^(?:\+20\d{9,10}|01\d{9})$/.test(digitsOnly(value)) ? null : m.phoneFormatInvalid;
    default:
      return null;
  }
};

/**
 * Checks what the payer typed against a method's fields: required ones present, each value by its rule.
 * Answers the field errors (empty when all is well) and the values to hand the gateway, spaces taken out
 * of card numbers and phones. Values are never logged or stored.
 */
export const checkPaymentDetails = (
  fields: PaymentFormField[],
  details: Record<string, string>,
  now = new Date(),
): { errors: Record<string, string[]>; values: Record<string, string> } => {
  const errors: Record<string, string[]> = {};
  const values: Record<string, string> = {};
  for (const f of fields) {
    const value = (details[f.name] ?? '').trim();
    if (value === '') {
      if (f.required) errors[f.name] = [m.fieldRequired];
      continue;
    }
    const broken = breaks(f.validation, value, now);
    if (broken) {
      errors[f.name] = [broken];
      continue;
    }
    values[f.name] =
      f.validation === 'card_number' || f.validation === 'phone_eg' ? digitsOnly(value) : value;
  }
  return { errors, values };
};
