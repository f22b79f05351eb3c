import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import type { S3Options } from './platform/storage/s3-store';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

/** EGP to other currencies (README, "Payments"); USD is DECISIONS.md's PayPal rate. */
const defaultExchangeRates: Record<string, string> = {
  EGP: '1',
  USD: '0.0208',
  SAR: '0.0781',
  AED: '0.0765',
  KWD: '0.0064',
  BHD: '0.0078',
  QAR: '0.0759',
  OMR: '0.0080',
};

/** The prefixes of the real payment gateways' settings, handed to their adapters as they are. */
const gatewayEnvPrefixes = ['PAYMOB_', 'FAWRY_', 'TAP_', 'STRIPE_', 'PAYPAL_'];

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  SUPERADMIN_EMAIL: optionalString,
  SUPERADMIN_PASSWORD: optionalString,
  /** Secret that signs access tokens; generated once and kept in DATA_DIR when not given. */
  JWT_SECRET: optionalString,
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The built web app; served for every path outside /api. */
  WEB_DIST_DIR: optionalString,
  /**
   * Sign-in throttling (README, "Sign-in and registration throttling"): failed sign-ins allowed in the window
   * below for one account from one address (strict), for one account from all addresses (softer, so that
   * guessing from elsewhere cannot lock the owner out for long) and from one address across accounts.
   */
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: z.coerce.number().int().min(1).default(5),
  LOGIN_MAX_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(50),
  LOGIN_MAX_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  LOGIN_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** Registrations allowed from one address in the window below (each hashes a password, starts a trial). */
  REGISTER_MAX_PER_ADDRESS: z.coerce.number().int().min(1).default(10),
  REGISTER_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  /**
   * API processes sharing the port (`auto`: one per core). More than one needs DATABASE_URL: the embedded
   * database belongs to one process.
   */
  API_PROCESSES: z
    .string()
    .default('1')
    .refine((v) => v === 'auto' || (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 64), {
      message: 'a number from 1 to 64, or auto',
    }),
  /**
   * Sign-in, sign-up and token refresh requests one client address may send a minute (half of them at
   * once), refused in memory before any database work.
   */
  AUTH_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(60),
  /**
   * OCR runs this process works on at once (`auto`: one per core, shared among the API processes; 0: none,
   * when separate worker processes (`npm run worker`) do the work).
   */
  OCR_WORKERS: z
    .string()
    .default('auto')
    .refine((v) => v === 'auto' || (/^\d+$/.test(v) && Number(v) <= 64), {
      message: 'a number from 0 to 64, or auto',
    }),
  /**
   * An S3-compatible object store for files (S3, MinIO, R2, ...), path-style addresses; unset: local disk
   * under DATA_DIR. S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY are then required.
   */
  S3_ENDPOINT: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: optionalString,
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PREFIX: z.string().default(''),
  /**
   * The built-in sandbox payment gateway (README, "Payments"): `auto` serves every payment method with it
   * when no real gateway is configured, `on` serves with it the methods no configured gateway carries,
   * `off` never.
   */
  PAYMENT_SANDBOX: z.enum(['auto', 'on', 'off']).default('auto'),
  /**
   * How many units of a currency one EGP buys, for the gateways that charge in another currency (PayPal in
   * USD, Tap in SAR or KWD, ...): `USD=0.0208,SAR=0.0781`. Given rates replace the defaults one by one.
   */
  EXCHANGE_RATES: z
    .string()
    .default('')
    .transform((value, ctx): Record<string, string> => {
      const rates: Record<string, string> = { ...defaultExchangeRates };
      for (const part of value.split(',').map((p) => p.trim())) {
        if (part === '') continue;
        const m = /^([A-Za-z]{3})\s*=\s*(\d{1,6}(?:\.\d{1,8})?)$/.exec(part);
        if (!m || Number(m[2]) <= 0) {
          ctx.addIssue({ code: 'custom', message: 'CODE=rate pairs, comma separated, e.g. USD=0.0208' });
          return z.NEVER;
        }
        rates[m[1]!.toUpperCase()] = m[2]!;
      }
      return rates;
    }),
  /**
   * The address the product is reached at from outside (`https://invoices.example.com`): gateways send
   * their notifications and the payer's browser back to it. Unset: the address each request came to.
   */
  PUBLIC_URL: optionalString.refine((v) => v === undefined || /^https?:\/\/[^/?#]+\/?$/.test(v), {
    message: 'a base address such as https://invoices.example.com',
  }),
  /** The Chromium that prints invoices as PDF (Debian's package; never a downloaded browser). */
  CHROMIUM_PATH: z.string().default('/usr/bin/chromium'),
  /** How long printing one PDF may take once its turn came, before the request is answered 503. */
  PDF_RENDER_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  /** Publish the API's OpenAPI description and explorer at /api/docs. */
  API_DOCS: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Proxies in front whose X-Forwarded-For is believed: `false` (none, the default), `true` (one proxy), a
   * number of proxies, or their addresses and CIDR ranges (comma separated). The client address is the
   * one the outermost trusted proxy saw: throttling counts it, so entries a client wrote itself must not
   * count, which trusting every hop would allow.
   */
  TRUST_PROXY: z
    .string()
    .default('false')
    .transform((value, ctx): false | number | string[] => {
      const v = value.trim();
      if (v === '' || v === 'false') return false;
      if (v === 'true') return 1;
      if (/^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= 16) return Number(v);
      const list = v.split(',').map((part) => part.trim());
      const isAddressOrRange = (part: string) => {
        const [address, bits, ...rest] = part.split('/');
        const family = net.isIP(address ?? '');
        if (family === 0 || rest.length > 0) return false;
        if (bits === undefined) return true;
        return /^\d+$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128);
      };
      if (list.every(isAddressOrRange)) return list;
      ctx.addIssue({
        code: 'custom',
        message: 'false, true, a number of proxies from 1 to 16, or proxy addresses and CIDR ranges',
      });
      return z.NEVER;
    }),
});

export type Config = Omit<z.infer<typeof configSchema>, 'API_PROCESSES' | 'OCR_WORKERS'> & {
  dataDir: string;
  /** How many API processes serve the port. */
  apiProcesses: number;
  /** OCR runs worked on at once in each process that serves (0: none). */
  ocrWorkers: number;
  /** The S3-compatible store files go to, when one is configured. */
  s3: S3Options | null;
  /** The real payment gateways' settings (`PAYMOB_*`, `FAWRY_*`, `TAP_*`, `STRIPE_*`, `PAYPAL_*`). */
  gatewayEnv: Record<string, string>;
};

/** Parses the environment once; nothing else reads process.env. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const { API_PROCESSES, OCR_WORKERS, ...rest } = parsed.data;
  const cores = os.availableParallelism();
  const apiProcesses = API_PROCESSES === 'auto' ? (rest.DATABASE_URL ? cores : 1) : Number(API_PROCESSES);
  if (apiProcesses > 1 && !rest.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\nAPI_PROCESSES: more than one process needs DATABASE_URL (the embedded database serves one process)',
    );
  }
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = rest;
  let s3: S3Options | null = null;
  if (S3_ENDPOINT || S3_BUCKET) {
    const missing = Object.entries({ S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY })
      .filter(([, v]) => !v)
      .map(([k]) => k);
    if (missing.length > 0) {
      throw new Error(
        `Invalid configuration:\n${missing.join(', ')}: required with an S3-compatible file store`,
      );
    }
    s3 = {
      endpoint: S3_ENDPOINT!,
      region: rest.S3_REGION,
      bucket: S3_BUCKET!,
      accessKeyId: S3_ACCESS_KEY_ID!,
      secretAccessKey: S3_SECRET_ACCESS_KEY!,
      prefix: rest.S3_PREFIX,
    };
  }
  const ocrWorkers =
    OCR_WORKERS === 'auto' ? Math.max(1, Math.floor(cores / apiProcesses)) : Number(OCR_WORKERS);
  const gatewayEnv = Object.fromEntries(
    Object.entries(env).filter(
      (entry): entry is [string, string] =>
        typeof entry[1] === 'string' &&
        entry[1].trim() !== '' &&
        gatewayEnvPrefixes.some((prefix) => entry[0].startsWith(prefix)),
    ),
  );
  return { ...rest, dataDir: path.resolve(rest.DATA_DIR), apiProcesses, ocrWorkers, s3, gatewayEnv };
};
