import { extraPrices, fromScaled, toScaled } from '@invoicing/contract';
import { minorUnitsOf } from './gateways/gateway';

/** Scale of exchange rates: up to 8 decimals (config.ts accepts no more). */
const RATE_SCALE = 8;

/** The price of extras in EGP cents: credits x 1.00 + MB x 0.10 (SPEC §9). */
export const extrasPriceCents = (credits: number, storageMb: number): bigint =>
  BigInt(credits) * toScaled(extraPrices.creditEgp, 2) +
  BigInt(storageMb) * toScaled(extraPrices.storageMbEgp, 2);

/**
 * A client's amount in EGP cents, when it is a decimal with at most two decimals (what a page shows);
 * null otherwise. `10`, `10.5`, `"10.50"` are 1050 cents; `10.005` is not an amount of money.
 */
export const clientAmountCents = (amount: string | number): bigint | null => {
  const text = typeof amount === 'number' ? (Number.isFinite(amount) ? String(amount) : '') : amount.trim();
  if (!/^\d{1,12}(\.\d{1,2})?$/.test(text)) return null;
  return toScaled(text, 2);
};

/** Divides, rounding half up (both non-negative). */
const divideHalfUp = (n: bigint, d: bigint) => (n * 2n + d) / (2n * d);

/**
 * An EGP price converted to what a gateway charges in `currency`: EGP cents x rate, in the currency's
 * minor units (piasters, halalas, cents; fils for KWD, BHD and OMR), rounded half up. `rates` is how many
 * units one EGP buys (config.ts, EXCHANGE_RATES); null when there is no rate for the currency.
 */
export const convertFromEgp = (
  priceCents: bigint,
  currency: string,
  rates: Record<string, string>,
): { currency: string; amountMinor: number } | null => {
  const code = currency.toUpperCase();
  const rate = code === 'EGP' ? '1' : rates[code];
  if (rate === undefined) return null;
  const minor = BigInt(minorUnitsOf(code));
  // cents x rate(scaled) x minor / (100 x 10^RATE_SCALE)
  const amount = divideHalfUp(
    priceCents * toScaled(rate, RATE_SCALE) * minor,
    100n * 10n ** BigInt(RATE_SCALE),
  );
  return { currency: code, amountMinor: Number(amount) };
};

/**
 * The least EGP price, in cents, that `convertFromEgp` turns into at least `minimumMinor` of `currency`
 * (a gateway's minimum charge, as the price the payer sees); null when there is no rate for the currency.
 */
export const leastPriceCents = (
  minimumMinor: number,
  currency: string,
  rates: Record<string, string>,
): bigint | null => {
  const code = currency.toUpperCase();
  const rate = code === 'EGP' ? '1' : rates[code];
  if (rate === undefined) return null;
  const scaledRate = toScaled(rate, RATE_SCALE) * BigInt(minorUnitsOf(code));
  if (scaledRate <= 0n) return null;
  // Rounding half up reaches k minor units from k - 1/2: cents >= (k - 1/2) x 100 x 10^RATE_SCALE / rate.
  const numerator = (2n * BigInt(minimumMinor) - 1n) * 100n * 10n ** BigInt(RATE_SCALE);
  const denominator = 2n * scaledRate;
  return (numerator + denominator - 1n) / denominator;
};

/** A charged amount in minor units as a decimal string with the currency's decimals ("1.250" for KWD). */
export const formatMinor = (amountMinor: number, currency: string): string =>
  fromScaled(BigInt(amountMinor), Math.round(Math.log10(minorUnitsOf(currency))));
