import { expect, test } from '@playwright/test';
import {
  chooseOrganization,
  demo,
  demoOrganizations,
  languages,
  login,
  saveScreenshot,
  text,
  useLanguage,
} from '../support/app';

const publicPages = [
  { path: '/', name: 'landing', testId: 'landing-hero' },
  { path: '/payment/success', name: 'payment-success', testId: 'page-payment-success' },
  { path: '/payment/failure', name: 'payment-failure', testId: 'page-payment-failure' },
  { path: '/payment/cancel', name: 'payment-cancel', testId: 'page-payment-cancel' },
];

// Customers, items and the invoice pages are pictured with data by invoicing.spec.ts.
const organizationPages = [
  { path: '/ocr', name: 'ocr', title: 'pages:ocr' },
  { path: '/file-manager', name: 'file-manager', title: 'pages:fileManager' },
  { path: '/usage', name: 'usage', title: 'pages:usage' },
  { path: '/plans', name: 'plans', title: 'pages:plans' },
  // A payment page needs a purchase in its address; without one it sends the user back to /usage.
  {
    path: '/payment?type=credits&amount=10.00&credits=10',
    name: 'payment',
    title: 'pages:payment',
  },
  {
    path: '/payment/enhanced?type=storage&amount=10.00&storage_mb=100',
    name: 'payment-enhanced',
    title: 'pages:paymentEnhanced',
  },
];

for (const language of languages) {
  test(`every page renders in ${language}`, async ({ page }) => {
    await useLanguage(page, language);
    for (const entry of publicPages) {
      await page.goto(entry.path);
      await expect(page.getByTestId(entry.testId)).toBeVisible();
      await saveScreenshot(page, entry.name, language);
    }

    await login(page, demo.email, demo.password);
    await page.goto('/');
    await expect(page.getByTestId('landing-start-uploading')).toHaveText(
      text(language, 'landing:hero.startUploading'),
    );
    await saveScreenshot(page, 'landing-signed-in', language);
    await page.goto('/org/select');
    await chooseOrganization(page, demoOrganizations.nile);

    for (const entry of organizationPages) {
      await page.goto(entry.path);
      await expect(page.getByTestId('page-title')).toHaveText(text(language, entry.title));
      await saveScreenshot(page, entry.name, language);
    }
  });
}
