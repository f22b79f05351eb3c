import { createHmac } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { startFawryImitation, type FawryImitation } from './fawry/fawry.imitation';
import type { ImitationSwitches } from './imitation-kit';
import { startPaymobImitation, type PaymobImitation } from './paymob/paymob.imitation';
import { startPaypalImitation, type PaypalImitation } from './paypal/paypal.imitation';
import { startStripeImitation, type StripeImitation } from './stripe/stripe.imitation';
import { startTapImitation, type TapImitation } from './tap/tap.imitation';

/**
 * The five gateways' local imitations at once, for the demo and page tests: fixed ports, keys derived from
 * a seed (a product server started elsewhere is given them as environment variables), and the merchant's
 * addresses registered per account (Paymob's dashboard callbacks, Stripe's and PayPal's webhook endpoints,
 * FawryPay's notification URL) pointing at the product.
 */

/** The port of each imitation, as an offset from the first one (Paymob's). */
export const imitationPortOffsets = { paymob: 0, fawry: 1, tap: 2, stripe: 3, paypal: 4 } as const;
export const defaultImitationPortBase = 4291;
export const defaultImitationKeySeed = 'invoicing-local-imitations';
export const defaultProductUrl = 'http://127.0.0.1:3000';

export interface AllImitationsOptions {
  /** Paymob's port; the others follow (see `imitationPortOffsets`). 0: each a free port. Default 4291. */
  portBase?: number;
  /** Address to listen on (default 127.0.0.1). */
  host?: string;
  /** The same seed gives the same keys. */
  keySeed?: string;
  /** The product's address: where notifications and Paymob's response callback are registered to go. */
  productUrl?: string;
  /** Initial switches of every imitation. */
  switches?: Partial<ImitationSwitches>;
  /** Writes the environment variables to this file before the first port's health path answers 200. */
  envFile?: string;
}

export interface AllImitations {
  paymob: PaymobImitation;
  fawry: FawryImitation;
  tap: TapImitation;
  stripe: StripeImitation;
  paypal: PaypalImitation;
  /** What a product server needs to use them: every gateway's variables, and the sandbox gateway off. */
  env: Record<string, string>;
  close: () => Promise<void>;
}

/** A key of `length` hex digits derived from the seed: the same seed and name give the same key. */
const derive = (seed: string, name: string, length: number) => {
  let key = '';
  for (let block = 0; key.length < length; block += 1) {
    key += createHmac('sha256', seed).update(`${name}:${block}`).digest('hex');
  }
  return key.slice(0, length);
};

/** Every imitation's credentials, derived from `seed`. */
export const imitationKeys = (seed: string) => ({
  paymob: {
    apiKey: `imitation_api_${derive(seed, 'paymob.apiKey', 24)}`,
    secretKey: `egy_sk_test_${derive(seed, 'paymob.secretKey', 32)}`,
    publicKey: `egy_pk_test_${derive(seed, 'paymob.publicKey', 24)}`,
    hmacSecret: derive(seed, 'paymob.hmacSecret', 32),
  },
  fawry: {
    merchantCode: `${derive(seed, 'fawry.merchantCode', 16)}+imitation==`,
    securityKey: derive(seed, 'fawry.securityKey', 32),
  },
  tap: { secretKey: `sk_test_${derive(seed, 'tap.secretKey', 24)}` },
  stripe: {
    secretKey: `sk_test_${derive(seed, 'stripe.secretKey', 32)}`,
    webhookSecret: `whsec_${derive(seed, 'stripe.webhookSecret', 32)}`,
  },
  paypal: {
    clientId: `A${derive(seed, 'paypal.clientId', 40)}`,
    clientSecret: `E${derive(seed, 'paypal.clientSecret', 40)}`,
    webhookId: derive(seed, 'paypal.webhookId', 17).toUpperCase(),
  },
});

/** The product's notification address for a gateway (POST). */
export const webhookUrlOf = (productUrl: string, gateway: string) =>
  `${productUrl.replace(/\/+$/, '')}/api/v1/billing/webhooks/${gateway}/`;

/** The options from IMITATION_PORT_BASE, IMITATION_KEY_SEED and PRODUCT_URL (each with its default). */
export const imitationOptionsFromEnv = (env: NodeJS.ProcessEnv): AllImitationsOptions => {
  const portText = env.IMITATION_PORT_BASE?.trim();
  const portBase = portText ? Number(portText) : defaultImitationPortBase;
  if (!Number.isInteger(portBase) || portBase < 0 || portBase + 4 > 65_535) {
    throw new Error(`IMITATION_PORT_BASE must be a port number (0 to 65531), not "${portText}"`);
  }
  return {
    portBase,
    keySeed: env.IMITATION_KEY_SEED?.trim() || defaultImitationKeySeed,
    productUrl: env.PRODUCT_URL?.trim() || defaultProductUrl,
  };
};

/** The variables as lines of an environment file (`KEY=value`), as Node's --env-file and dotenv read them. */
export const envFileText = (env: Record<string, string>) =>
  `# The payment gateways' local imitations (npm run gateways:imitate)\n${Object.entries(env)
    .map(([key, value]) => `${key}=${value}`)
    .join('\n')}\n`;

/**
 * Starts the five imitations. Each answers `GET /__health`; Paymob's (the first port) answers 200 only once
 * all five listen (and the env file, if asked for, is written), so a launcher's readiness is one address.
 */
export const startAllImitations = async (options: AllImitationsOptions = {}): Promise<AllImitations> => {
  const portBase = options.portBase ?? defaultImitationPortBase;
  const productUrl = (options.productUrl ?? defaultProductUrl).replace(/\/+$/, '');
  const keys = imitationKeys(options.keySeed ?? defaultImitationKeySeed);
  const common = (gateway: keyof typeof imitationPortOffsets) => ({
    port: portBase === 0 ? 0 : portBase + imitationPortOffsets[gateway],
    host: options.host,
    switches: options.switches,
  });
  let ready = false;

  const started = await Promise.allSettled([
    startPaymobImitation({
      ...common('paymob'),
      keys: keys.paymob,
      ready: () => ready,
      callbacks: {
        processed: webhookUrlOf(productUrl, 'paymob'),
        response: `${productUrl}/payment/paymob/return`,
      },
    }),
    startFawryImitation({
      ...common('fawry'),
      keys: keys.fawry,
      notifyUrl: webhookUrlOf(productUrl, 'fawry'),
    }),
    startTapImitation({ ...common('tap'), keys: keys.tap }),
    startStripeImitation({
      ...common('stripe'),
      keys: keys.stripe,
      webhookUrl: webhookUrlOf(productUrl, 'stripe'),
    }),
    startPaypalImitation({
      ...common('paypal'),
      keys: keys.paypal,
      webhookUrl: webhookUrlOf(productUrl, 'paypal'),
    }),
  ]);
  const closeAll = () =>
    Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.close() : undefined))).then(() => {});
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await closeAll();
    throw failed.reason;
  }
  const [paymob, fawry, tap, stripe, paypal] = started.map(
    (s) => (s as PromiseFulfilledResult<unknown>).value,
  ) as [PaymobImitation, FawryImitation, TapImitation, StripeImitation, PaypalImitation];

  const env = {
    PAYMENT_SANDBOX: 'off',
    ...paymob.env,
    ...fawry.env,
    ...tap.env,
    ...stripe.env,
    ...paypal.env,
  };
  try {
    if (options.envFile) await writeFile(options.envFile, envFileText(env));
  } catch (error) {
    await closeAll();
    throw error;
  }
  ready = true;
  return { paymob, fawry, tap, stripe, paypal, env, close: closeAll };
};
