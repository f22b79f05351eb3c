import { describe, expect, it } from 'vitest';
import { paymentMethodCodes } from '@invoicing/contract';
import { createGatewayRegistry } from './registry';

/** The environment of every gateway, as an operator would set it (no call is made by building the registry). */
const everyGateway = {
  PAYMOB_API_KEY: 'api-key',
  PAYMOB_HMAC_SECRET: 'hmac-secret',
  PAYMOB_SECRET_KEY: 'secret',
  PAYMOB_PUBLIC_KEY: 'public',
  PAYMOB_INTEGRATION_CARD: '101',
  PAYMOB_INTEGRATION_WALLET: '102',
  PAYMOB_INTEGRATION_KIOSK: '103',
  PAYMOB_INTEGRATION_VALU: '104',
  FAWRY_MERCHANT_CODE: 'merchant',
  FAWRY_SECURITY_KEY: 'security',
  TAP_SECRET_KEY: 'sk_test_x',
  STRIPE_SECRET_KEY: 'sk_test_y',
  STRIPE_WEBHOOK_SECRET: 'whsec_z',
  PAYPAL_CLIENT_ID: 'client',
  PAYPAL_CLIENT_SECRET: 'client-secret',
  PAYPAL_WEBHOOK_ID: 'webhook',
};

const db = { query: () => Promise.reject(new Error('not used')) } as never;

describe('the gateway registry', () => {
  it('gives each method to the gateway DECISIONS.md names when every gateway is configured, sandbox off', () => {
    const registry = createGatewayRegistry({ PAYMENT_SANDBOX: 'auto', gatewayEnv: everyGateway }, db);
    const carriers = Object.fromEntries(paymentMethodCodes.map((m) => [m, registry.gatewayFor(m)?.name]));
    expect(carriers).toEqual({
      card_eg: 'paymob',
      wallet_eg: 'paymob',
      kiosk_eg: 'paymob',
      valu: 'paymob',
      fawry: 'fawry',
      mada: 'tap',
      stc_pay: 'tap',
      apple_pay: 'tap',
      knet: 'tap',
      card_intl: 'stripe',
      paypal: 'paypal',
    });
    expect(registry.sandbox).toBeNull();
    expect(registry.gatewayFor('knet')?.currencyOf('knet')).toBe('KWD');
  });

  it('leaves to the sandbox only what no configured gateway carries when the sandbox is on', () => {
    const registry = createGatewayRegistry(
      { PAYMENT_SANDBOX: 'on', gatewayEnv: { TAP_SECRET_KEY: 'sk_test_x' } },
      db,
    );
    expect(registry.gatewayFor('mada')?.name).toBe('tap');
    expect(registry.gatewayFor('fawry')?.name).toBe('sandbox');
  });

  it('offers nothing a configured gateway cannot carry when the sandbox is off', () => {
    const registry = createGatewayRegistry(
      { PAYMENT_SANDBOX: 'auto', gatewayEnv: { STRIPE_SECRET_KEY: 'sk', STRIPE_WEBHOOK_SECRET: 'wh' } },
      db,
    );
    expect(registry.gatewayFor('card_intl')?.name).toBe('stripe');
    expect(registry.gatewayFor('card_eg')).toBeNull();
    expect(registry.byName('sandbox')).toBeNull();
  });

  it('runs on the sandbox alone when no gateway is configured', () => {
    const registry = createGatewayRegistry({ PAYMENT_SANDBOX: 'auto', gatewayEnv: {} }, db);
    for (const method of paymentMethodCodes) expect(registry.gatewayFor(method)?.name).toBe('sandbox');
  });
});
