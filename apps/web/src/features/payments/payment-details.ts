import type { PaymentFormField } from '@invoicing/contract';
import { z } from 'zod';

/**
 * The checks of the enhanced payment page (SPEC §5, §9). Issues carry the key of their message: the page says
 * it in its language, with the field's label ('Please fill in {label}').
 */
export const detailIssues = ['required', 'cardNumber', 'cvv', 'phone', 'email', 'expiry'] as const;
export type DetailIssue = (typeof detailIssues)[number];

export function isDetailIssue(message: string): message is DetailIssue {
  return (detailIssues as readonly string[]).includes(message);
}

const withoutSpaces = (value: string) => value.replace(/[\s-]/g, '');

interface Rule {
  issue: DetailIssue;
  /** What is checked and sent: card numbers and phone numbers without their spaces. */
  normalize: (value: string) => string;
  test: (value: string) => boolean;
}

const rules: Record<string, Rule> = {
  // Spaces stripped, 13 to 19 digits.
  card_number: { issue: 'cardNumber', normalize: withoutSpaces, test: (v) => /^\d{13,19}$/.test(v) },
  cvv: { issue: 'cvv', normalize: (v) => v, test: (v) => /^\d{3,4}$/.test(v) },
  // +20 or 01 followed by 9 digits; "+20 1" and 9 digits, the international form of 01..., is taken too.
  phone_eg: { issue: 'phone', normalize: withoutSpaces, test: (v) => /^(?:\+20|01|\+201)\d{9}$/.test(v) },
  phone: { issue: 'phone', normalize: withoutSpaces, test: (v) => /^\+?\d{8,15}$/.test(v) },
  email: { issue: 'email', normalize: (v) => v, test: (v) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v) },
  expiry: {
    issue: 'expiry',
    normalize: (v) => v.replace(/\s/g, ''),
    test: (v) => /^(0[1-9]|1[0-2])\/?(\d{2}|\d{4})$/.test(v),
  },
};

/** A field's rule: the one it names, or the one its type implies (a card number field is checked as one). */
function ruleOf(field: PaymentFormField): Rule | null {
  const key = field.validation ?? (field.type in rules ? field.type : null);
  return key ? (rules[key] ?? null) : null;
}

function fieldSchema(field: PaymentFormField) {
  const rule = ruleOf(field);
  return z
    .string()
    .transform((value) => {
      const trimmed = value.trim();
      return rule ? rule.normalize(trimmed) : trimmed;
    })
    .superRefine((value, context) => {
      if (value === '') {
        if (field.required) context.addIssue({ code: 'custom', message: 'required' satisfies DetailIssue });
        return;
      }
      if (rule && !rule.test(value)) context.addIssue({ code: 'custom', message: rule.issue });
    });
}

/** The schema of a method's details: one text per field, checked by its rule, as the server takes them. */
export function paymentDetailsSchema(fields: readonly PaymentFormField[]) {
  return z.object(Object.fromEntries(fields.map((field) => [field.name, fieldSchema(field)])));
}
