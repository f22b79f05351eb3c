import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';

const repoRoot = path.resolve(import.meta.dirname, '..');
const port = Number(process.env.E2E_PORT ?? 4173);
const baseURL = `http://127.0.0.1:${port}`;

// Workers load this file again; the environment carries the one data directory chosen by the main process.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'invoicing-e2e-'));
/** The payment gateways' local imitations write here the settings that point the product at them. */
const gatewaysEnvFile = path.join(process.env.E2E_DATA_DIR, 'gateways.env');
/** The first of the five imitations' ports (Paymob, Fawry, Tap, Stripe, PayPal). */
export const imitationPortBase = Number(process.env.E2E_IMITATION_PORT_BASE ?? 4291);

export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  workers: 2,
  retries: 0,
  reporter: 'list',
  // Upper bounds for a hang, not for speed: a walk through a dozen pages took 36-48 s on this 2-core machine on
  // a slow day (the whole run three times as long as usual), and a page test must not depend on a quick machine.
  timeout: 120_000,
  expect: { timeout: 20_000 },
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's Chromium: Playwright never downloads a browser here.
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: [
    {
      // Every payment gateway the product speaks to, imitated locally on its own port with its own keys.
      command: `npx tsx apps/server/src/features/billing/gateways/imitations.main.ts -- --env-file ${gatewaysEnvFile}`,
      cwd: repoRoot,
      url: `http://127.0.0.1:${imitationPortBase}/__health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: { IMITATION_PORT_BASE: String(imitationPortBase), PRODUCT_URL: baseURL },
    },
    {
      // The built product, as `npm start` serves it (`npm run build` at the root comes first), paying through
      // the imitations.
      command: `node --env-file=${gatewaysEnvFile} apps/server/dist/main.js --demo`,
      cwd: repoRoot,
      url: `${baseURL}/api/v1/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      stdout: 'ignore',
      stderr: 'pipe',
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: process.env.E2E_DATA_DIR,
        SUPERADMIN_EMAIL: 'admin@example.com',
        SUPERADMIN_PASSWORD: 'admin-password-123',
        // Every page test signs in from this one address, faster than people do.
        AUTH_REQUESTS_PER_MINUTE: '600',
        // Tests that change an organization's state register one of their own, all from this one address.
        REGISTER_MAX_PER_ADDRESS: '1000',
      },
    },
  ],
});
