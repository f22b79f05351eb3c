/**
 * Decimal arithmetic for invoice figures, shared by the server (which stores its own results) and the
 * editor (which shows the same figures as the user types). Values are scaled integers (bigint), never
 * floats: line total = quantity x unit price, rounded half-up to 2 decimals; subtotal = sum of line
 * totals; tax = subtotal x rate / 100, rounded half-up; total = subtotal + tax.
 */

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/** Parses a decimal string or number into an integer scaled by 10^scale (extra digits rounded half-up). */
export const toScaled = (value: string | number, scale: number): bigint => {
  const text = typeof value === 'number' ? value.toFixed(Math.min(20, scale + 2)) : value.trim();
  const m = DECIMAL.exec(text);
  if (!m) throw new Error(`not a decimal: ${String(value)}`);
  const [, sign, whole, frac = ''] = m;
  const padded = (frac + '0'.repeat(scale + 1)).slice(0, scale + 1);
  let scaled = BigInt(whole! + padded.slice(0, scale));
  if (Number(padded[scale]) >= 5) scaled += 1n;
  return sign === '-' ? -scaled : scaled;
};

/** Divides a non-negative or negative scaled integer by 10^digits, rounding half away from zero. */
const roundDiv = (value: bigint, digits: number): bigint => {
  const divisor = 10n ** BigInt(digits);
  const half = divisor / 2n;
  return value >= 0n ? (value + half) / divisor : -((-value + half) / divisor);
};

/** Formats an integer scaled by 10^scale as a decimal string. */
export const fromScaled = (value: bigint, scale = 2): string => {
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale);
  const frac = digits.slice(digits.length - scale);
  return `${negative ? '-' : ''}${whole}${scale > 0 ? `.${frac}` : ''}`;
};

/** Normalises a money value to a string with exactly two decimals. */
export const toMoney = (value: string | number): string => fromScaled(toScaled(value, 2), 2);

export const lineTotal = (quantity: string | number, unitPrice: string | number): string =>
  // quantity has up to 3 decimals and price 2: the product has 5, rounded to 2.
  fromScaled(roundDiv(toScaled(quantity, 3) * toScaled(unitPrice, 2), 3), 2);

export interface InvoiceTotals {
  lines: string[];
  subtotal: string;
  tax_amount: string;
  total: string;
}

export const computeInvoiceTotals = (
  lines: { quantity: string | number; unit_price: string | number }[],
  taxRatePercent: string | number,
): InvoiceTotals => {
  const totals = lines.map((l) => lineTotal(l.quantity, l.unit_price));
  const subtotal = totals.reduce((sum, t) => sum + toScaled(t, 2), 0n);
  // subtotal (2 decimals) x rate (2 decimals) / 100: 6 decimals, rounded to 2.
  const tax = roundDiv(subtotal * toScaled(taxRatePercent, 2), 4);
  return {
    lines: totals,
    subtotal: fromScaled(subtotal),
    tax_amount: fromScaled(tax),
    total: fromScaled(subtotal + tax),
  };
};
