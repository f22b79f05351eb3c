import { expect, test } from '@playwright/test';
import { chooseOrganization, demo, demoOrganizations, login } from '../support/app';

const organizationPages = [
  '/dashboard',
  '/customers',
  '/items',
  '/invoices',
  '/invoices/dashboard',
  '/invoices/new',
  '/invoices/123',
  '/ocr',
  '/file-manager',
  '/usage',
  '/plans',
  '/payment',
  '/payment/enhanced',
];

test('without a token, signed-in pages send the visitor to /login', async ({ page }) => {
  for (const path of [...organizationPages, '/org/select', '/admin']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/login$/);
  }
});

test('public pages open without a token', async ({ page }) => {
  for (const path of [
    '/',
    '/login',
    '/register',
    '/admin-login',
    '/payment/success',
    '/payment/failure',
    '/payment/cancel',
  ]) {
    await page.goto(path);
    await expect(page, path).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}$`));
    await expect(page.getByTestId('page-title')).toBeVisible();
  }
});

test('without an organization, organization pages send the user to /org/select', async ({ page }) => {
  await login(page, demo.email, demo.password);
  for (const path of organizationPages) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/org\/select$/);
  }
  await chooseOrganization(page, demoOrganizations.nile);
  await page.goto('/customers');
  await expect(page).toHaveURL(/\/customers$/);
  await expect(page.getByTestId('page-customers')).toBeVisible();
});

test('an unknown path goes to the landing page', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('landing-hero')).toBeVisible();
});

test('a session whose tokens no longer work ends at /login', async ({ page }) => {
  await login(page, demo.email, demo.password);
  await chooseOrganization(page, demoOrganizations.nile);
  // An expired access token and a revoked refresh token: the one refresh fails and the session is cleared.
  await page.evaluate(() => {
    localStorage.setItem('invoicing.accessToken', 'not-a-valid-token');
    localStorage.setItem('invoicing.refreshToken', 'revoked-refresh-token');
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login$/);
  const organization = await page.evaluate(() => localStorage.getItem('invoicing.organizationId'));
  expect(organization).toBeNull();
});
