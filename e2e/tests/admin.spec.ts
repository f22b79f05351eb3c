import { expect, test } from '@playwright/test';
import {
  barLinks,
  demo,
  languages,
  login,
  saveScreenshot,
  superadmin,
  text,
  useLanguage,
} from '../support/app';

const refusal = {
  en: 'You are not authorized to access the admin panel. Please use the regular login.',
  ar: text('ar', 'errors:adminNotAuthorized'),
};

for (const language of languages) {
  test.describe(`admin (${language})`, () => {
    test('a regular user is refused at the admin login and signed out', async ({ page }) => {
      await useLanguage(page, language);
      await page.goto('/login');
      await page.getByTestId('login-admin-link').click();
      await expect(page).toHaveURL(/\/admin-login$/);
      await expect(page.getByTestId('admin-login-submit')).toHaveText(
        language === 'en' ? 'Sign in as Admin' : text('ar', 'auth:adminLogin.submit'),
      );
      await saveScreenshot(page, 'admin-login', language);

      await page.getByTestId('admin-login-email').fill(demo.email);
      await page.getByTestId('admin-login-password').fill(demo.password);
      await page.getByTestId('admin-login-submit').click();
      await expect(page.getByTestId('form-error')).toHaveText(refusal[language]);
      await expect(page).toHaveURL(/\/admin-login$/);
      const access = await page.evaluate(() => localStorage.getItem('invoicing.accessToken'));
      expect(access).toBeNull();
      expect(await barLinks(page)).toEqual(['nav-login', 'nav-register']);
      await saveScreenshot(page, 'admin-login-refused', language);

      await page.getByTestId('admin-login-back').click();
      await expect(page).toHaveURL(/\/login$/);
    });

    test('a superuser signs in and sees only Admin Panel and Logout', async ({ page }) => {
      await useLanguage(page, language);
      await page.goto('/admin-login');
      await page.getByTestId('admin-login-email').fill(superadmin.email);
      await page.getByTestId('admin-login-password').fill(superadmin.password);
      await page.getByTestId('admin-login-submit').click();
      await expect(page).toHaveURL(/\/admin$/);
      expect(await barLinks(page)).toEqual(['nav-adminPanel', 'nav-logout']);
      await expect(page.getByTestId('nav-adminPanel')).toHaveText(text(language, 'nav:adminPanel'));
      await expect(page.getByRole('tab')).toHaveCount(5);
      for (const tab of ['users', 'organizations', 'memberships', 'plans', 'paymentMethods']) {
        await expect(page.getByTestId(`admin-tab-${tab}`)).toHaveText(text(language, `admin:tabs.${tab}`));
      }
      await page.getByTestId('admin-tab-memberships').click();
      await expect(page.getByTestId('admin-panel-memberships')).toBeVisible();
      await saveScreenshot(page, 'admin', language);

      await page.getByTestId('nav-logout').click();
      await expect(page).toHaveURL(/\/login$/);
    });

    test('a regular user sees Access Denied on /admin', async ({ page }) => {
      await useLanguage(page, language);
      await login(page, demo.email, demo.password);
      await page.goto('/admin');
      await expect(page.getByTestId('admin-access-denied')).toContainText(
        language === 'en' ? 'Access Denied' : text('ar', 'admin:accessDenied.title'),
      );
      await expect(page.getByTestId('access-denied-admin-login')).toHaveAttribute('href', '/admin-login');
      await expect(page.getByTestId('access-denied-login')).toHaveAttribute('href', '/login');
      await saveScreenshot(page, 'admin-denied', language);
    });
  });
}
