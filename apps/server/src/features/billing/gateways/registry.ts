import type { PaymentMethodCode } from '@invoicing/contract';
import type { Config } from '../../../config';
import type { Queryable } from '../../../platform/db/org-scope';
import type { GatewayName, PaymentGateway } from './gateway';
import { sandboxGateway, type SandboxGateway } from './sandbox/sandbox.gateway';
import { fawryConfigFromEnv, fawryGateway } from './fawry/fawry.gateway';
import { paymobConfigFromEnv, paymobGateway } from './paymob/paymob.gateway';
import { paypalConfigFromEnv, paypalGateway } from './paypal/paypal.gateway';
import { stripeConfigFromEnv, stripeGateway } from './stripe/stripe.gateway';
import { tapConfigFromEnv, tapGateway } from './tap/tap.gateway';

/** A real gateway's adapter as the registry knows it: its settings from the environment, and its factory. */
interface GatewayAdapter<C> {
  name: Exclude<GatewayName, 'sandbox'>;
  /** The adapter's settings from the environment; null when the gateway is not configured. */
  configFromEnv: (env: Record<string, string | undefined>) => C | null;
  create: (config: C) => PaymentGateway;
}

/** Keeps an adapter's settings type between its two functions while the list holds adapters of any. */
export const gatewayAdapter = <C>(adapter: GatewayAdapter<C>) => adapter as GatewayAdapter<unknown>;

/**
 * The real gateways, each configured from its environment variables (config.ts, `gatewayEnv`: those starting
 * with PAYMOB_, FAWRY_, TAP_, STRIPE_ or PAYPAL_). A method two configured gateways carry goes to the one
 * listed first.
 */
export const realGatewayAdapters: GatewayAdapter<unknown>[] = [
  gatewayAdapter({ name: 'paymob', configFromEnv: paymobConfigFromEnv, create: paymobGateway }),
  gatewayAdapter({ name: 'fawry', configFromEnv: fawryConfigFromEnv, create: fawryGateway }),
  gatewayAdapter({ name: 'tap', configFromEnv: tapConfigFromEnv, create: tapGateway }),
  gatewayAdapter({ name: 'stripe', configFromEnv: stripeConfigFromEnv, create: stripeGateway }),
  gatewayAdapter({ name: 'paypal', configFromEnv: paypalConfigFromEnv, create: paypalGateway }),
];

/** The gateways this process speaks to, and which carries each payment method. */
export interface GatewayRegistry {
  /** The gateway that carries a method; null when none configured does. */
  gatewayFor(method: PaymentMethodCode): PaymentGateway | null;
  /** A configured gateway by name (notifications name theirs in their address). */
  byName(name: string): PaymentGateway | null;
  /** The built-in sandbox, when it is on (its pages). */
  sandbox: SandboxGateway | null;
}

/**
 * Builds the gateways from the configuration: every configured real gateway, then the sandbox for what
 * they leave (PAYMENT_SANDBOX: `auto` when none is configured, `on` always, `off` never). `db` is the
 * system database, where the sandbox keeps its books.
 */
export const createGatewayRegistry = (
  config: Pick<Config, 'PAYMENT_SANDBOX' | 'gatewayEnv'>,
  db: Queryable,
  adapters: GatewayAdapter<unknown>[] = realGatewayAdapters,
): GatewayRegistry => {
  const configured: PaymentGateway[] = [];
  for (const adapter of adapters) {
    const settings = adapter.configFromEnv(config.gatewayEnv);
    if (settings !== null) configured.push(adapter.create(settings));
  }
  const sandboxOn =
    config.PAYMENT_SANDBOX === 'on' || (config.PAYMENT_SANDBOX === 'auto' && configured.length === 0);
  const sandbox = sandboxOn ? sandboxGateway(db) : null;
  const all = sandbox ? [...configured, sandbox] : configured;
  return {
    gatewayFor: (method) => all.find((g) => g.methods.includes(method)) ?? null,
    byName: (name) => all.find((g) => g.name === name) ?? null,
    sandbox,
  };
};
