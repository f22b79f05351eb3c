import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectLanguage, text } from '../support/app';
import type { Language } from '../support/app';
import { signUpWithOrganization } from '../support/ocr';

// Every method pays through its real adapter to the gateway's local imitation (playwright.config.ts).
const imitationPortBase = Number(process.env.E2E_IMITATION_PORT_BASE ?? 4291);
const paymobUrl = `http://127.0.0.1:${imitationPortBase}`;
const fawryUrl = `http://127.0.0.1:${imitationPortBase + 1}`;

type Method =
  | 'card_eg'
  | 'wallet_eg'
  | 'kiosk_eg'
  | 'valu'
  | 'fawry'
  | 'mada'
  | 'stc_pay'
  | 'apple_pay'
  | 'knet'
  | 'card_intl';

const methods: Method[] = [
  'card_eg',
  'wallet_eg',
  'kiosk_eg',
  'valu',
  'fawry',
  'mada',
  'stc_pay',
  'apple_pay',
  'knet',
  'card_intl',
];

test.describe.configure({ mode: 'parallel', timeout: 90_000 });

/** The number a usage row shows, in either language's digits. */
async function extraCredits(page: Page): Promise<number> {
  const value = page.getByTestId('usage-credits-extra-value');
  await expect(value).toBeVisible();
  const shown = (await value.textContent()) ?? '';
  const latin = shown.replace(/[٠-٩]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[^\d]/g, '');
  return Number(latin);
}

async function openUsage(page: Page): Promise<number> {
  await page.goto('/usage');
  return extraCredits(page);
}

/** Presses a button on a gateway's hosted page (a page of its own, or the frame on ours). */
async function pressOnGatewayPage(page: Page, label: string): Promise<void> {
  const frame = page.getByTestId('payment-frame');
  if (await frame.isVisible()) {
    await page
      .frameLocator('[data-testid="payment-frame"]')
      .getByRole('button', { name: label, exact: true })
      .click();
  } else {
    await page.getByRole('button', { name: label, exact: true }).click();
  }
}

type Step = 'left' | 'frame' | 'reference';

/** After Pay Now: the browser left for the gateway, or our page shows its frame or a reference code. */
async function stepAfterPay(page: Page, origin: string): Promise<Step> {
  const left = page
    .waitForURL((url) => url.origin !== origin, { timeout: 20_000 })
    .then(() => 'left' as const);
  const frame = page
    .getByTestId('payment-frame')
    .waitFor({ timeout: 20_000 })
    .then(() => 'frame' as const);
  const reference = page
    .getByTestId('payment-reference-code')
    .waitFor({ timeout: 20_000 })
    .then(() => 'reference' as const);
  return Promise.any([left, frame, reference]);
}

/** The reference shown on our page, paid on the gateway's outlet page in another tab, then checked here. */
async function payReference(page: Page, method: Method): Promise<void> {
  const reference = ((await page.getByTestId('payment-reference-code').textContent()) ?? '').trim();
  expect(reference).not.toBe('');
  const outlet = await page.context().newPage();
  if (method === 'kiosk_eg') {
    await outlet.goto(`${paymobUrl}/imitation/kiosk?bill_reference=${encodeURIComponent(reference)}`);
    await outlet.getByRole('button', { name: 'Pay', exact: true }).click();
  } else {
    await outlet.goto(`${fawryUrl}/imitation/fawry?reference=${encodeURIComponent(reference)}`);
    await outlet.getByRole('button', { name: 'Pay at Fawry', exact: true }).click();
  }
  await outlet.waitForLoadState();
  await outlet.close();
  await page.getByTestId('payment-reference-check').click();
}

/** Stripe takes no charge below 0.50 USD (10 credits are less): international cards buy 50. */
const creditsBoughtWith = (method: Method) => (method === 'card_intl' ? 50 : 10);

/** The page the gateway brought the payer back to, per page: it goes on to /usage at once. */
const returnedTo = new WeakMap<Page, string[]>();
const RETURN_PAGE = /\/payment\/(success|paymob\/return)\?/;

/** A fresh organization buys extra credits with `method`; returns the extra credits before the purchase. */
async function buyCredits(page: Page, method: Method, language: Language): Promise<number> {
  // Recorded as the browser arrives there: a return page that confirms quickly has moved on before an
  // expectation on the address would look.
  const returns: string[] = [];
  returnedTo.set(page, returns);
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && RETURN_PAGE.test(frame.url())) returns.push(frame.url());
  });
  await signUpWithOrganization(page, language, `pay-${method}`);
  const before = await openUsage(page);
  await page.getByTestId(`usage-buy-credits-${creditsBoughtWith(method)}`).click();
  await expect(page).toHaveURL(/\/payment\?/);
  if (method === 'stc_pay') {
    // STC Pay asks for the Saudi number of its wallet: a detail the enhanced page asks for.
    await page.goto(page.url().replace('/payment?', '/payment/enhanced?'));
  }
  await page.getByTestId(`payment-method-${method}`).check();
  if (method === 'wallet_eg') await page.getByTestId('payment-field-phone').fill('01012345678');
  if (method === 'stc_pay') await page.getByTestId('payment-field-phone').fill('0512345678');
  const origin = new URL(page.url()).origin;
  await page.getByTestId('payment-pay').click();
  const step = await stepAfterPay(page, origin);
  if (step === 'reference') {
    expect(['kiosk_eg', 'fawry']).toContain(method);
    await payReference(page, method);
  } else {
    await pressOnGatewayPage(page, 'Pay');
  }
  return before;
}

/** The success page confirms once, then the usage page shows exactly the credits bought. */
async function expectCreditedOnce(page: Page, before: number, bought: number): Promise<void> {
  // Paymob brings the payer back to its own return page, which confirms and goes on to /usage.
  const returns = returnedTo.get(page) ?? [];
  await expect.poll(() => returns.length, { timeout: 30_000 }).toBeGreaterThan(0);
  const success = returns[0] as string;
  if (success.includes('/payment/success') && !/\/usage$/.test(page.url())) {
    await expect(page.getByTestId('page-payment-success')).toHaveAttribute('data-status', 'succeeded', {
      timeout: 30_000,
    });
  }
  await expect(page).toHaveURL(/\/usage$/, { timeout: 15_000 });
  await expect.poll(() => extraCredits(page)).toBe(before + bought);

  // Coming back to the success page (a reload, the history) confirms nothing twice.
  for (let visit = 0; visit < 2; visit += 1) {
    await page.goto(success);
    await expect(page).toHaveURL(/\/usage$/, { timeout: 15_000 });
    expect(await extraCredits(page)).toBe(before + bought);
  }
  expect(await openUsage(page)).toBe(before + bought);
}

for (const method of methods) {
  test(`extra credits paid with ${method} are added once`, async ({ page }) => {
    const before = await buyCredits(page, method, 'en');
    await expectCreditedOnce(page, before, creditsBoughtWith(method));
  });
}

// The other ways a payment goes on in Arabic: a reference code paid at an outlet, a wallet's phone number, the
// enhanced page's fields, and a hosted card page in the Gulf.
for (const method of ['fawry', 'wallet_eg', 'stc_pay', 'knet'] as const) {
  test(`in Arabic, extra credits paid with ${method} are added once`, async ({ page }) => {
    const before = await buyCredits(page, method, 'ar');
    await expectCreditedOnce(page, before, creditsBoughtWith(method));
    await expectLanguage(page, 'ar');
  });
}

for (const language of ['en', 'ar'] as const) {
  test(`a plan upgrade paid with PayPal from the plans page changes the plan (${language})`, async ({
    page,
  }) => {
    await signUpWithOrganization(page, language, 'pay-paypal');
    await page.goto('/usage');
    const planBefore = ((await page.getByTestId('usage-plan-name').textContent()) ?? '').trim();
    expect(planBefore).not.toBe('');

    await page.goto('/plans');
    await expectLanguage(page, language);
    const paypal = page.getByTestId('plan-card-paypal').last();
    await expect(paypal).toBeEnabled();
    await paypal.click();
    await expect(page).toHaveURL((url) => url.port === String(imitationPortBase + 4), { timeout: 20_000 });
    await page.getByRole('button', { name: 'Pay', exact: true }).click();

    await expect(page).toHaveURL(/\/payment\/success\?/, { timeout: 30_000 });
    const success = page.getByTestId('page-payment-success');
    await expect(success).toHaveAttribute('data-status', 'succeeded', { timeout: 30_000 });
    await expect(success.getByTestId('page-title')).toHaveText(text(language, 'pages:paymentSuccess'));
    await expect(page).toHaveURL(/\/usage$/, { timeout: 15_000 });
    await expectLanguage(page, language);
    await expect(page.getByTestId('usage-plan-name')).not.toHaveText(planBefore);
    await expect(page.getByTestId('usage-plan-status')).toHaveText(
      text(language, 'usage:plan.status.active'),
    );
  });
}

test('in Arabic, a card purchase reads right to left and adds its credits once', async ({ page }) => {
  await signUpWithOrganization(page, 'en', 'pay-arabic');
  await page.goto('/usage');
  await page.getByTestId('language-toggle').click();
  await expectLanguage(page, 'ar');
  const before = await extraCredits(page);
  await expect(page.getByTestId('usage-credits')).toContainText(text('ar', 'usage:credits.extra'));

  await page.getByTestId('usage-buy-credits-10').click();
  await expect(page).toHaveURL(/\/payment\?/);
  await expectLanguage(page, 'ar');
  await expect(page.getByTestId('payment-methods')).toContainText(text('ar', 'payments:methods.title'));
  await expect(page.getByTestId('payment-pay')).toHaveText(text('ar', 'payments:actions.pay'));
  await page.getByTestId('payment-method-card_eg').check();
  const origin = new URL(page.url()).origin;
  await page.getByTestId('payment-pay').click();
  await stepAfterPay(page, origin);
  await pressOnGatewayPage(page, 'Pay');

  await expect(page).toHaveURL(/\/payment\/success\?/, { timeout: 30_000 });
  const success = page.getByTestId('page-payment-success');
  await expect(success).toHaveAttribute('data-status', 'succeeded', { timeout: 30_000 });
  await expect(success.getByTestId('page-title')).toHaveText(text('ar', 'pages:paymentSuccess'));
  await expectLanguage(page, 'ar');
  await expect(page).toHaveURL(/\/usage$/, { timeout: 15_000 });
  await expectLanguage(page, 'ar');
  await expect.poll(() => extraCredits(page)).toBe(before + 10);
});

for (const language of ['en', 'ar'] as const) {
  test(`a declined payment shows the failure page and adds nothing (${language})`, async ({ page }) => {
    await signUpWithOrganization(page, language, `pay-decline-${language}`);
    const before = await openUsage(page);
    await page.getByTestId('usage-buy-credits-10').click();
    // Stripe takes no charge below 0.50 USD: international cards are shown unavailable for 10 EGP, with why.
    await expect(page.getByTestId('payment-method-card_intl')).toBeDisabled();
    await expect(page.getByTestId('payment-method-minimum-card_intl')).toBeVisible();
    await page.getByTestId('payment-method-mada').check();
    const origin = new URL(page.url()).origin;
    await page.getByTestId('payment-pay').click();
    expect(await stepAfterPay(page, origin)).toBe('left');
    await page.getByRole('button', { name: 'Decline', exact: true }).click();

    await expect(page).toHaveURL((url) => url.origin === origin, { timeout: 30_000 });
    const result = page.locator('[data-testid="page-payment-success"], [data-testid="page-payment-failure"]');
    await expect(result).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
    await expect(result.getByTestId('page-title')).toHaveText(text(language, 'pages:paymentFailure'));
    await expectLanguage(page, language);
    expect(await openUsage(page)).toBe(before);
  });

  // Stripe sends a payer who cancels to our cancel address; Tap has one return address for every end, and
  // the payment it reports cancelled is shown on the cancel page all the same.
  for (const method of ['card_intl', 'mada'] as const) {
    test(`a payment cancelled at the gateway (${method}) shows the cancel page and adds nothing (${language})`, async ({
      page,
    }) => {
      await signUpWithOrganization(page, language, `pay-cancel-${method}-${language}`);
      const before = await openUsage(page);
      await page.getByTestId(`usage-buy-credits-${creditsBoughtWith(method)}`).click();
      await page.getByTestId(`payment-method-${method}`).check();
      const origin = new URL(page.url()).origin;
      await page.getByTestId('payment-pay').click();
      expect(await stepAfterPay(page, origin)).toBe('left');
      await page.getByRole('button', { name: 'Cancel', exact: true }).click();

      await expect(page).toHaveURL(/\/payment\/cancel/, { timeout: 30_000 });
      const result = page.getByTestId('page-payment-cancel');
      await expect(result.getByTestId('page-title')).toHaveText(text(language, 'pages:paymentCancel'));
      await expect(result).toContainText(text(language, 'payments:cancel.text'));
      await expectLanguage(page, language);
      await result.getByTestId('payment-cancel-retry').click();
      await expect(page).toHaveURL(/\/usage$/);
      expect(await extraCredits(page)).toBe(before);
    });
  }
}
