import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import {
  clientAmountCents,
  convertFromEgp,
  extrasPriceCents,
  formatMinor,
  leastPriceCents,
} from './payment-prices';

const rates = loadConfig({}).EXCHANGE_RATES;

describe('prices', () => {
  it('prices extras at 1.00 EGP a credit and 0.10 EGP a MB', () => {
    expect(extrasPriceCents(10, 0)).toBe(1000n);
    expect(extrasPriceCents(0, 500)).toBe(5000n);
    expect(extrasPriceCents(50, 1)).toBe(5010n);
  });

  it('reads a client amount only as money with at most two decimals', () => {
    expect(clientAmountCents('10')).toBe(1000n);
    expect(clientAmountCents(10.5)).toBe(1050n);
    expect(clientAmountCents(' 9.99 ')).toBe(999n);
    for (const bad of ['10.005', '-1', 'abc', '', '1e3', Number.NaN, 1e21])
      expect(clientAmountCents(bad)).toBeNull();
  });

  it("converts from EGP at the configured rate into the currency's minor units, rounding half up", () => {
    expect(convertFromEgp(29_900n, 'EGP', rates)).toEqual({ currency: 'EGP', amountMinor: 29_900 });
    // 999 x 0.0208 = 20.7792 USD
    expect(convertFromEgp(99_900n, 'USD', rates)).toEqual({ currency: 'USD', amountMinor: 2078 });
    // 100 x 0.0064 = 0.640 KWD: three decimals
    expect(convertFromEgp(10_000n, 'KWD', rates)).toEqual({ currency: 'KWD', amountMinor: 640 });
    // 0.25 x 0.0208 = 0.0052 USD rounds to 1 cent; 0.24 x 0.0208 = 0.004992 to 0
    expect(convertFromEgp(25n, 'USD', rates)?.amountMinor).toBe(1);
    expect(convertFromEgp(24n, 'USD', rates)?.amountMinor).toBe(0);
    expect(convertFromEgp(100n, 'JPY', rates)).toBeNull();
    expect(formatMinor(640, 'KWD')).toBe('0.640');
    expect(formatMinor(2078, 'USD')).toBe('20.78');
  });

  it("finds the least price a gateway's minimum charge allows, as the conversion rounds it", () => {
    // 0.50 USD at 0.0208: 23.80 EGP is 0.49504 USD, charged as 50 cents; 23.79 EGP is 49 cents.
    expect(leastPriceCents(50, 'USD', rates)).toBe(2380n);
    expect(convertFromEgp(2380n, 'USD', rates)?.amountMinor).toBe(50);
    expect(convertFromEgp(2379n, 'USD', rates)?.amountMinor).toBe(49);
    for (const [minimum, currency] of [
      [1, 'USD'],
      [200, 'AED'],
      [7, 'KWD'],
      [1, 'EGP'],
      [2500, 'EGP'],
    ] as const) {
      const least = leastPriceCents(minimum, currency, rates)!;
      expect(convertFromEgp(least, currency, rates)!.amountMinor).toBeGreaterThanOrEqual(minimum);
      expect(convertFromEgp(least - 1n, currency, rates)!.amountMinor).toBeLessThan(minimum);
    }
    expect(leastPriceCents(50, 'JPY', rates)).toBeNull();
  });

  it('takes rates from EXCHANGE_RATES over the defaults, and refuses a malformed one', () => {
    const config = loadConfig({ EXCHANGE_RATES: 'usd=0.02, EUR=0.019' });
    expect(config.EXCHANGE_RATES).toMatchObject({ USD: '0.02', EUR: '0.019', SAR: '0.0781' });
    expect(() => loadConfig({ EXCHANGE_RATES: 'USD:0.02' })).toThrow(/EXCHANGE_RATES/);
    expect(() => loadConfig({ EXCHANGE_RATES: 'USD=0' })).toThrow(/EXCHANGE_RATES/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(loadConfig({ PAYMOB_API_KEY: 'k', OTHER: 'x' }).gatewayEnv).toEqual({ PAYMOB_API_KEY: 'k' });
  });
});
