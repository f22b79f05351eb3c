import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fawryConfigFromEnv } from './fawry/fawry.gateway';
import { imitationOptionsFromEnv, startAllImitations, type AllImitations } from './imitations';
import { paymobConfigFromEnv, paymobGateway } from './paymob/paymob.gateway';
import { paypalConfigFromEnv } from './paypal/paypal.gateway';
import { stripeConfigFromEnv } from './stripe/stripe.gateway';
import { tapConfigFromEnv, tapGateway } from './tap/tap.gateway';

const gateways = ['paymob', 'fawry', 'tap', 'stripe', 'paypal'] as const;

let all: AllImitations;
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'imitations-'));
  all = await startAllImitations({
    portBase: 0,
    keySeed: 'test seed',
    productUrl: 'http://127.0.0.1:3999/',
    envFile: path.join(folder, 'imitations.env'),
  });
});

afterAll(async () => {
  await all.close();
  await rm(folder, { recursive: true, force: true });
});

describe('the five imitations started at once', () => {
  it('each answers its health path', async () => {
    for (const gateway of gateways) {
      const res = await fetch(`${all[gateway].url}/__health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ imitation: gateway, ready: true });
    }
    expect(new Set(gateways.map((g) => all[g].url)).size).toBe(5);
  });

  it("answers every gateway's environment variables, pointing each adapter at its imitation", () => {
    expect(all.env.PAYMENT_SANDBOX).toBe('off');
    // The imitation's own configuration, less the short timeout its tests use.
    const configOf = <Config extends { timeoutMs?: number }>({ timeoutMs: _, ...config }: Config) => config;
    expect(paymobConfigFromEnv(all.env)).toEqual(configOf(all.paymob.config));
    expect(all.paymob.config).toMatchObject({ baseUrl: all.paymob.url, apiKey: all.paymob.keys.apiKey });
    expect(fawryConfigFromEnv(all.env)).toEqual({ baseUrl: all.fawry.url, ...all.fawry.keys });
    expect(tapConfigFromEnv(all.env)).toEqual({ baseUrl: all.tap.url, ...all.tap.keys });
    expect(stripeConfigFromEnv(all.env)).toEqual({ baseUrl: all.stripe.url, ...all.stripe.keys });
    expect(paypalConfigFromEnv(all.env)).toEqual({ baseUrl: all.paypal.url, ...all.paypal.keys });
  });

  it('writes the same variables to the env file', async () => {
    const text = await readFile(path.join(folder, 'imitations.env'), 'utf8');
    const lines = text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
    expect(
      Object.fromEntries(lines.map((line) => [line.split('=')[0], line.slice(line.indexOf('=') + 1)])),
    ).toEqual(all.env);
  });

  it("registers the product's notification and return addresses where a gateway keeps them per account", () => {
    const webhooks = 'http://127.0.0.1:3999/api/v1/billing/webhooks';
    expect(all.paymob.callbacks).toEqual({
      processed: `${webhooks}/paymob/`,
      response: 'http://127.0.0.1:3999/payment/paymob/return',
    });
    expect(all.fawry.registered.notifyUrl).toBe(`${webhooks}/fawry/`);
    expect(all.stripe.webhookUrl).toBe(`${webhooks}/stripe/`);
    expect(all.paypal.webhookUrl).toBe(`${webhooks}/paypal/`);
  });

  it('is used by adapters configured from those variables alone', async () => {
    const charge = {
      method: 'mada' as const,
      amountMinor: 10_00,
      currency: 'SAR',
      description: 'Credits',
      customer: { email: 'owner@example.com', name: 'Salma', phone: '+966 55 787 7988' },
      returnUrl: 'http://127.0.0.1:3999/billing/result',
      cancelUrl: 'http://127.0.0.1:3999/billing/cancelled',
      notifyUrl: 'http://127.0.0.1:3999/api/v1/billing/webhooks/tap/',
      details: {},
    };
    const tap = tapGateway(tapConfigFromEnv(all.env)!);
    const created = await tap.createCharge({ ...charge, paymentId: 'launcher-tap' });
    expect(
      await tap.fetchStatus({ paymentId: 'launcher-tap', gatewayRef: created.gatewayRef }),
    ).toMatchObject({
      status: 'pending',
      amountMinor: 10_00,
    });
    const paymob = paymobGateway(paymobConfigFromEnv(all.env)!);
    const kiosk = await paymob.createCharge({
      ...charge,
      paymentId: 'launcher-paymob',
      method: 'kiosk_eg',
      currency: 'EGP',
    });
    expect(kiosk.next.kind).toBe('reference');
  });

  it('derives the same keys from the same seed, and other keys from another', async () => {
    const again = await startAllImitations({ portBase: 0, keySeed: 'test seed' });
    const other = await startAllImitations({ portBase: 0, keySeed: 'another seed' });
    try {
      for (const gateway of gateways) {
        expect(again[gateway].keys).toEqual(all[gateway].keys);
        expect(other[gateway].keys).not.toEqual(all[gateway].keys);
      }
    } finally {
      await Promise.all([again.close(), other.close()]);
    }
  });

  it('refuses to start when a port is taken, and leaves none of the five listening', async () => {
    const taken = Number(new URL(all.tap.url).port);
    // Paymob's would be taken - 2, Tap's the port that is taken.
    await expect(startAllImitations({ portBase: taken - 2 })).rejects.toThrow(/EADDRINUSE/);
    const health = await fetch(`http://127.0.0.1:${taken - 2}/__health`)
      .then((res) => res.json())
      .catch(() => null);
    expect(health).not.toMatchObject({ imitation: 'paymob' });
  });
});

describe('the launcher options from the environment', () => {
  it('defaults to ports from 4291, a fixed seed and the product on port 3000', () => {
    expect(imitationOptionsFromEnv({})).toMatchObject({
      portBase: 4291,
      productUrl: 'http://127.0.0.1:3000',
    });
    expect(imitationOptionsFromEnv({}).keySeed).toBe(
      imitationOptionsFromEnv({ IMITATION_KEY_SEED: ' ' }).keySeed,
    );
  });

  it('reads IMITATION_PORT_BASE, IMITATION_KEY_SEED and PRODUCT_URL, and refuses a port that is not one', () => {
    expect(
      imitationOptionsFromEnv({
        IMITATION_PORT_BASE: '5100',
        IMITATION_KEY_SEED: 'seed',
        PRODUCT_URL: 'http://localhost:8080',
      }),
    ).toEqual({ portBase: 5100, keySeed: 'seed', productUrl: 'http://localhost:8080' });
    expect(() => imitationOptionsFromEnv({ IMITATION_PORT_BASE: 'ninety' })).toThrow(/IMITATION_PORT_BASE/);
    expect(() => imitationOptionsFromEnv({ IMITATION_PORT_BASE: '65533' })).toThrow(/IMITATION_PORT_BASE/);
  });
});
