/// <reference lib="dom" />
/**
 * How fast the web app's first load is, in Chromium through Playwright, on the built product with demo data:
 *   npm run bench:web [-- --runs N]
 *
 * For each page, N cold loads (a new browser context: empty cache, no connection kept) and their medians:
 * - the landing page: its largest contentful paint (LCP) and the JavaScript it downloaded (bytes on the wire,
 *   compressed as the server sent them, and uncompressed);
 * - the invoice list of a signed-in user: the time until its first row is on the screen, and its JavaScript.
 * Goals: landing JavaScript ≤ 150 KB and a signed-in page's ≤ 200 KB on the wire; LCP ≤ 1.0 s and the first
 * invoice row ≤ 1.2 s.
 */
import { chromium, type Browser, type Page } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { startProduct } from '../api/lib/processes';

const root = path.resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const runsArg = args.indexOf('--runs');
const runs = runsArg >= 0 ? Number(args[runsArg + 1]) : 5;

const demo = { email: 'demo@example.com', password: 'demo-password-123' };
const storageKeys = {
  access: 'invoicing.accessToken',
  refresh: 'invoicing.refreshToken',
  organization: 'invoicing.organizationId',
};

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)]! : NaN;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value)} ms`;

interface Load {
  /** Milliseconds from the navigation's start to what the page measures. */
  time: number;
  /** JavaScript bytes as sent (compressed) and as run. */
  scriptWire: number;
  scriptRaw: number;
  scripts: number;
}

/** Records the JavaScript a page downloads, as sent and as run. */
function countScripts(page: Page) {
  const done: Promise<{ wire: number; raw: number }>[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    done.push(
      request.sizes().then(async (sizes) => ({
        wire: sizes.responseBodySize + sizes.responseHeadersSize,
        raw: (await (await request.response())?.body())?.length ?? 0,
      })),
    );
  });
  return async () => {
    const all = await Promise.all(done);
    return {
      scriptWire: all.reduce((sum, s) => sum + s.wire, 0),
      scriptRaw: all.reduce((sum, s) => sum + s.raw, 0),
      scripts: all.length,
    };
  };
}

/** The landing page, cold: LCP once the page has settled. */
async function loadLanding(browser: Browser, base: string): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const w = window as unknown as { __lcp: number };
    w.__lcp = 0;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.__lcp = entry.startTime;
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const scripts = countScripts(page);
  await page.goto(`${base}/`, { waitUntil: 'networkidle' });
  await page.getByTestId('landing-get-started').waitFor();
  // LCP is final at the first input; a click elsewhere ends it the way a user would.
  await page.mouse.click(1, 1);
  const time = await page.evaluate(() => (window as unknown as { __lcp: number }).__lcp);
  const sizes = await scripts();
  await context.close();
  return { time, ...sizes };
}

/** The invoice list of a signed-in user, cold: the first row's time from the navigation's start. */
async function loadInvoices(browser: Browser, base: string, session: Record<string, string>): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript((values) => {
    for (const [key, value] of Object.entries(values)) window.localStorage.setItem(key, value);
    const w = window as unknown as { __firstRow: number };
    w.__firstRow = 0;
    const observer = new MutationObserver(() => {
      if (!w.__firstRow && document.querySelector('[data-testid="invoice-row"]')) {
        w.__firstRow = performance.now();
        observer.disconnect();
      }
    });
    observer.observe(document, { childList: true, subtree: true });
  }, session);
  const scripts = countScripts(page);
  await page.goto(`${base}/invoices`);
  await page.getByTestId('invoice-row').first().waitFor();
  await page.waitForLoadState('networkidle');
  const time = await page.evaluate(() => (window as unknown as { __firstRow: number }).__firstRow);
  const sizes = await scripts();
  await context.close();
  return { time, ...sizes };
}

async function signIn(base: string): Promise<Record<string, string>> {
  const login = await fetch(`${base}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(demo),
  });
  if (!login.ok) throw new Error(`signing in as the demo user failed: ${login.status} ${await login.text()}`);
  const tokens = (await login.json()) as { access: string; refresh: string };
  const orgs = await fetch(`${base}/api/v1/orgs/`, { headers: { authorization: `Bearer ${tokens.access}` } });
  const [first] = (await orgs.json()) as { id: string }[];
  if (!first) throw new Error('the demo user has no organization');
  return {
    [storageKeys.access]: tokens.access,
    [storageKeys.refresh]: tokens.refresh,
    [storageKeys.organization]: first.id,
  };
}

function report(name: string, loads: Load[], measure: string, goalMs: number, goalKb: number) {
  const time = median(loads.map((l) => l.time));
  const wire = median(loads.map((l) => l.scriptWire));
  const raw = median(loads.map((l) => l.scriptRaw));
  const files = median(loads.map((l) => l.scripts));
  const verdict = (ok: boolean) => (ok ? 'PASS' : 'FAIL');
  console.log(
    `${name.padEnd(22)} ${measure} ${ms(time).padStart(7)} (goal ≤ ${goalMs} ms: ${verdict(time <= goalMs)})` +
      `   JavaScript ${kb(wire).padStart(9)} on the wire, ${kb(raw)} run, ${files} files` +
      ` (goal ≤ ${goalKb} KB: ${verdict(wire <= goalKb * 1024)})`,
  );
  console.log(`${''.padEnd(22)} each run: ${loads.map((l) => ms(l.time)).join(', ')}`);
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    const build = spawnSync('npm', ['run', 'build', '-w', '@invoicing/web'], { cwd: root, stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the web build failed');
  }
  const product = await startProduct(root, { AUTH_REQUESTS_PER_MINUTE: '600' }, ['--demo']);
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  try {
    const session = await signIn(product.base);
    // One load of each, not counted: the server's first answers warm its own caches, not the browser's.
    await loadLanding(browser, product.base);
    await loadInvoices(browser, product.base, session);
    const landing: Load[] = [];
    const invoices: Load[] = [];
    for (let i = 0; i < runs; i++) {
      landing.push(await loadLanding(browser, product.base));
      invoices.push(await loadInvoices(browser, product.base, session));
    }
    console.log(`\nWeb first load, ${runs} cold loads each (median), Chromium on ${product.base}:`);
    report('landing page', landing, 'LCP', 1000, 150);
    report('invoice list (signed in)', invoices, 'first row', 1200, 200);
  } finally {
    await browser.close();
    await product.stop();
  }
}

await main();
