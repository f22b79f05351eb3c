import { fromScaled, toScaled } from '@invoicing/contract';

/** Divides by 10^digits, rounding half away from zero (prices are never negative here). */
function roundDiv(value: bigint, digits: number): bigint {
  const divisor = 10n ** BigInt(digits);
  return (value + divisor / 2n) / divisor;
}

/** What `quantity` units cost at `unitPrice` (a decimal string): two decimals, exact. */
export function priceOf(unitPrice: string, quantity: number): string {
  return fromScaled(toScaled(unitPrice, 2) * BigInt(Math.trunc(quantity)));
}

export function addPrices(...prices: string[]): string {
  return fromScaled(prices.reduce((sum, price) => sum + toScaled(price, 2), 0n));
}

/** Negative, zero or positive as `a` is below, equal to or above `b`. */
export function comparePrices(a: string, b: string): number {
  const difference = toScaled(a, 2) - toScaled(b, 2);
  return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}

export function isPositivePrice(value: string): boolean {
  return toScaled(value, 2) > 0n;
}

/** An amount in another currency at `rate` (units of it per unit of the amount's), rounded half-up to cents. */
export function convertPrice(amount: string, rate: string): string {
  return fromScaled(roundDiv(toScaled(amount, 2) * toScaled(rate, 6), 6));
}

/** How much cheaper a year is than twelve months, in whole percent; null when it is not cheaper. */
export function yearlySavingPercent(monthly: string, yearly: string): number | null {
  const twelveMonths = toScaled(monthly, 2) * 12n;
  const saved = twelveMonths - toScaled(yearly, 2);
  if (twelveMonths <= 0n || saved <= 0n) return null;
  return Number(roundDiv(saved * 100n, 0) / twelveMonths);
}
