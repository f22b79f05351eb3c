import { expect, test } from '@playwright/test';
import { chooseOrganization, demo, demoOrganizations, expectLanguage, login, text } from '../support/app';

test('Arabic turns the page right-to-left, translates the bar and survives a reload', async ({ page }) => {
  await page.goto('/');
  await expectLanguage(page, 'en');
  await expect(page.getByTestId('nav-login')).toHaveText('Login');
  await expect(page.getByTestId('nav-register')).toHaveText('Register');
  await expect(page.getByTestId('language-toggle')).toHaveText('العربية');

  await page.getByTestId('language-toggle').click();
  await expectLanguage(page, 'ar');
  await expect(page.getByTestId('nav-login')).toHaveText(text('ar', 'nav:login'));
  await expect(page.getByTestId('nav-register')).toHaveText(text('ar', 'nav:register'));
  await expect(page.getByTestId('page-title')).toHaveText(text('ar', 'landing:hero.title'));
  await expect(page.getByTestId('language-toggle')).toHaveText('English');

  // Mirrored: the brand sits at the right edge, the toggle at the left.
  const viewport = page.viewportSize()!;
  const brand = (await page.getByTestId('nav-brand').boundingBox())!;
  const toggle = (await page.getByTestId('language-toggle').boundingBox())!;
  expect(brand.x).toBeGreaterThan(viewport.width / 2);
  expect(toggle.x).toBeLessThan(viewport.width / 2);

  await page.reload();
  await expectLanguage(page, 'ar');
  await expect(page.getByTestId('nav-login')).toHaveText(text('ar', 'nav:login'));

  // The signed-in bar is translated too, and the choice outlives the session.
  await login(page, demo.email, demo.password);
  await expectLanguage(page, 'ar');
  await chooseOrganization(page, demoOrganizations.nile);
  for (const key of [
    'organizations',
    'dashboard',
    'customers',
    'items',
    'invoices',
    'invoiceDashboard',
    'ocr',
    'fileManager',
    'usage',
    'upgradePlan',
    'logout',
  ]) {
    await expect(page.getByTestId(`nav-${key}`)).toHaveText(text('ar', `nav:${key}`));
  }
  await page.getByTestId('nav-logout').click();
  await expect(page).toHaveURL(/\/login$/);
  await expectLanguage(page, 'ar');

  await page.getByTestId('language-toggle').click();
  await expectLanguage(page, 'en');
  await page.reload();
  await expectLanguage(page, 'en');
  await expect(page.getByTestId('nav-login')).toHaveText('Login');
});

test('the language follows a change made in another tab', async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto('/');
  await second.goto('/login');
  await first.getByTestId('language-toggle').click();
  await expectLanguage(first, 'ar');
  await expectLanguage(second, 'ar');
  await expect(second.getByTestId('nav-login')).toHaveText(text('ar', 'nav:login'));
  await first.getByTestId('language-toggle').click();
  await expectLanguage(second, 'en');
});

test('signing out in one tab updates the bar in another', async ({ context }) => {
  const first = await context.newPage();
  await login(first, demo.email, demo.password);
  const second = await context.newPage();
  await second.goto('/org/select');
  await expect(second.getByTestId('nav-logout')).toBeVisible();
  await first.getByTestId('nav-logout').click();
  await expect(second.getByTestId('nav-login')).toBeVisible();
  await expect(second).toHaveURL(/\/login$/);
});
