import { timingSafeEqual } from 'node:crypto';
import { GatewayError, minorUnitsOf, type GatewayName } from './gateway';

/** Digits after the decimal point of a currency (2, or 3 for KWD, BHD, OMR...). */
export const decimalsOf = (currency: string): number => Math.round(Math.log10(minorUnitsOf(currency)));

/** An amount in minor units written in major units with the currency's decimals: 12345 KWD → "12.345". */
export const formatMajor = (amountMinor: number, currency: string): string => {
  if (!Number.isSafeInteger(amountMinor)) throw new Error(`not an amount in minor units: ${amountMinor}`);
  const decimals = decimalsOf(currency);
  const sign = amountMinor < 0 ? '-' : '';
  const digits = String(Math.abs(amountMinor)).padStart(decimals + 1, '0');
  return `${sign}${digits.slice(0, digits.length - decimals)}.${digits.slice(digits.length - decimals)}`;
};

/**
 * An amount in major units (as a gateway writes it: "12.345", 12.345 or 12.3) in the currency's minor
 * units, or null when it is not an amount of that currency (more decimals than it has, not a number).
 */
export const toMinor = (amount: unknown, currency: string): number | null => {
  const decimals = decimalsOf(currency);
  let text: string;
  if (typeof amount === 'number') {
    if (!Number.isFinite(amount)) return null;
    // A JSON number such as 12.345 reads back as the closest double; its shortest form is the text sent.
    text = String(amount);
    if (/e/i.test(text)) text = amount.toFixed(decimals);
  } else if (typeof amount === 'string') {
    text = amount.trim();
  } else {
    return null;
  }
  const match = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole, fraction = ''] = match;
  const trimmed = fraction.replace(/0+$/, '');
  if (trimmed.length > decimals) return null;
  const minor = Number(whole) * 10 ** decimals + Number(trimmed.padEnd(decimals, '0') || '0');
  if (!Number.isSafeInteger(minor)) return null;
  return sign === '-' ? -minor : minor;
};

/** Compares two secrets (signatures, hashes) in constant time; different lengths are simply unequal. */
export const safeEqual = (a: string, b: string): boolean => {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
};

/** A header of a notification whatever the case its name arrived in. */
export const headerOf = (headers: Record<string, string | undefined>, name: string): string | undefined => {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
};

/** What a gateway answered: its status and its body, parsed when it is JSON. */
export interface GatewayAnswer {
  status: number;
  body: unknown;
  text: string;
}

/**
 * Calls a gateway. A network failure, a timeout or a 5xx answer is a GatewayError (the gateway cannot be
 * reached); other answers are returned for the adapter to read, since each gateway words refusals its own way.
 */
export const callGateway = async (
  gateway: GatewayName,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string; timeoutMs?: number },
): Promise<GatewayAnswer> => {
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.method,
      headers: init.headers,
      body: init.body,
      redirect: 'manual',
      signal: AbortSignal.timeout(init.timeoutMs ?? 20_000),
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new GatewayError(`${gateway} could not be reached: ${reason}`, gateway);
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text === '' ? null : JSON.parse(text);
  } catch {
    body = null;
  }
  if (res.status >= 500) throw new GatewayError(`${gateway} answered ${res.status}`, gateway);
  return { status: res.status, body, text };
};

/** Reads a nested property of an unknown JSON value: `pick(body, 'transaction', 'url')`. */
export const pick = (value: unknown, ...path: (string | number)[]): unknown => {
  let current = value;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
};

/** A nested string property, or null when it is absent or not a string. */
export const pickString = (value: unknown, ...path: (string | number)[]): string | null => {
  const found = pick(value, ...path);
  return typeof found === 'string' ? found : null;
};

/** Splits a payer's full name into a first and a last name (gateways ask for both). */
export const splitName = (name: string): { first: string; last: string } => {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return { first: 'Customer', last: 'Customer' };
  if (parts.length === 1) return { first: parts[0]!, last: parts[0]! };
  return { first: parts[0]!, last: parts.slice(1).join(' ') };
};
