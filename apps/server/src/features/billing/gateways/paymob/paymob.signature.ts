import crypto from 'node:crypto';

/**
 * Paymob Accept's HMAC of a transaction callback (developers.paymob.com, "HMAC Transaction Callback"): the
 * values of these twenty fields, in this (lexicographic) order, concatenated without separators, then
 * HMAC-SHA512 with the merchant's HMAC secret, in lowercase hex. The processed callback (POST) carries the
 * transaction as JSON (`obj.id`, `obj.order.id`, ...); the response callback (GET) as query parameters,
 * where the order's id is `order` (some guides name it `order_id`).
 */
export const paymobHmacFields = [
  'amount_cents',
  'created_at',
  'currency',
  'error_occured',
  'has_parent_transaction',
  'id',
  'integration_id',
  'is_3d_secure',
  'is_auth',
  'is_capture',
  'is_refunded',
  'is_standalone_payment',
  'is_voided',
  'order.id',
  'owner',
  'pending',
  'source_data.pan',
  'source_data.sub_type',
  'source_data.type',
  'success',
] as const;

export type PaymobHmacField = (typeof paymobHmacFields)[number];

const text = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return '';
};

const pick = (object: unknown, dotted: string): unknown =>
  dotted
    .split('.')
    .reduce<unknown>(
      (value, key) =>
        value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined,
      object,
    );

/** The signed values of a processed callback's transaction (`obj`), as text. */
export const hmacValuesOfTransaction = (transaction: unknown): Record<PaymobHmacField, string> =>
  Object.fromEntries(paymobHmacFields.map((field) => [field, text(pick(transaction, field))])) as Record<
    PaymobHmacField,
    string
  >;

/** The signed values of a response callback's query. */
export const hmacValuesOfQuery = (query: Record<string, string>): Record<PaymobHmacField, string> =>
  Object.fromEntries(
    paymobHmacFields.map((field) => [
      field,
      field === 'order.id' ? (query.order ?? query.order_id ?? '') : (query[field] ?? ''),
    ]),
  ) as Record<PaymobHmacField, string>;

/** The string Paymob signs. */
export const paymobHmacString = (values: Record<PaymobHmacField, string>) =>
  paymobHmacFields.map((field) => values[field]).join('');

export const paymobHmac = (secret: string, values: Record<PaymobHmacField, string>) =>
  crypto.createHmac('sha512', secret).update(paymobHmacString(values), 'utf8').digest('hex');

/** Compares a received hex signature with the expected one in constant time. */
export const sameHex = (received: string, expected: string) => {
  const a = Buffer.from(received.toLowerCase(), 'utf8');
  const b = Buffer.from(expected, 'utf8');
  return a.length === b.length && crypto.timingSafeEqual(a, b);
};
