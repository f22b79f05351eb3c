import { expect, test } from '@playwright/test';
import { barLinks, languages, login, saveScreenshot, text, uniqueEmail, useLanguage } from '../support/app';

for (const language of languages) {
  test.describe(`sign-up and sign-in (${language})`, () => {
    test('register, select the organization, reach the dashboard; logout and login again', async ({
      page,
    }) => {
      await useLanguage(page, language);
      const email = uniqueEmail(`register-${language}`);
      const organization = language === 'ar' ? `مؤسسة الاختبار ${Date.now()}` : `Test Org ${Date.now()}`;

      await page.getByTestId('landing-get-started').click();
      await expect(page).toHaveURL(/\/register$/);
      await expect(page.getByTestId('page-title')).toHaveText(text(language, 'auth:register.title'));
      await saveScreenshot(page, 'register', language);

      await page.getByTestId('register-name').fill(language === 'ar' ? 'سارة' : 'Sara');
      await page.getByTestId('register-organization').fill(organization);
      await page.getByTestId('register-email').fill(email);
      await page.getByTestId('register-password').fill('a-good-password-1');
      await page.getByTestId('register-submit').click();

      await expect(page).toHaveURL(/\/org\/select$/);
      await expect(page.getByTestId('page-title')).toHaveText(text(language, 'orgs:select.title'));
      const card = page.getByTestId('organization-list').locator('li', { hasText: organization });
      await expect(card).toBeVisible();
      await expect(card).toContainText(text(language, 'orgs:roles.OWNER'));
      expect(await barLinks(page)).toEqual(['nav-organizations', 'nav-logout']);
      await saveScreenshot(page, 'org-select', language);

      await card.getByRole('button').click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId('dashboard-welcome')).toContainText(organization);
      await expect(page.getByTestId('dashboard-welcome')).toContainText(
        text(language, 'orgs:dashboard.welcome', { name: '' }).trim(),
      );
      await expect(page.getByTestId('nav-dashboard')).toHaveText(text(language, 'nav:dashboard'));
      await saveScreenshot(page, 'dashboard', language);

      await page.getByTestId('nav-logout').click();
      await expect(page).toHaveURL(/\/login$/);
      expect(await barLinks(page)).toEqual(['nav-login', 'nav-register']);
      const stored = await page.evaluate(() => ({
        access: localStorage.getItem('invoicing.accessToken'),
        refresh: localStorage.getItem('invoicing.refreshToken'),
        organization: localStorage.getItem('invoicing.organizationId'),
      }));
      expect(stored).toEqual({ access: null, refresh: null, organization: null });
      await saveScreenshot(page, 'login', language);

      // A guarded page now sends the visitor back to the login.
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/login$/);

      await login(page, email, 'a-good-password-1');
      await expect(page.getByTestId('organization-list')).toContainText(organization);
    });

    test('wrong credentials show an error and keep the visitor signed out', async ({ page }) => {
      await useLanguage(page, language);
      await page.goto('/login');
      await page.getByTestId('login-email').fill(uniqueEmail('nobody'));
      await page.getByTestId('login-password').fill('not-the-password');
      await page.getByTestId('login-submit').click();
      const error = page.getByTestId('form-error');
      await expect(error).toBeVisible();
      if (language === 'ar') await expect(error).not.toContainText('Invalid');
      await expect(page).toHaveURL(/\/login$/);
    });

    test('register shows the validation messages of the spec per field', async ({ page }) => {
      await useLanguage(page, language);
      await page.goto('/register');
      await page.getByTestId('register-submit').click();
      const expected =
        language === 'en'
          ? {
              organization: 'Organization name is required',
              email: 'Email is required',
              password: 'Password is required',
              short: 'Password must be at least 8 characters long',
            }
          : {
              organization: text('ar', 'errors:validation.organizationNameRequired'),
              email: text('ar', 'errors:validation.emailRequired'),
              password: text('ar', 'errors:validation.passwordRequired'),
              short: text('ar', 'errors:validation.passwordTooShort'),
            };
      const form = page.getByTestId('register-form');
      await expect(form).toContainText(expected.organization);
      await expect(form).toContainText(expected.email);
      await expect(form).toContainText(expected.password);
      await expect(page.getByTestId('register-name')).not.toHaveAttribute('aria-invalid', 'true');
      await page.getByTestId('register-password').fill('short');
      await page.getByTestId('register-submit').click();
      await expect(form).toContainText(expected.short);
      await saveScreenshot(page, 'register-errors', language);
      await expect(page).toHaveURL(/\/register$/);

      // Messages on screen follow a change of language.
      await page.getByTestId('language-toggle').click();
      const other = language === 'en' ? 'ar' : 'en';
      await expect(form).toContainText(text(other, 'errors:validation.passwordTooShort'));
    });

    test('registering an email twice shows the server error on the field', async ({ page, request }) => {
      const email = uniqueEmail('taken');
      const first = await request.post('/api/v1/auth/register', {
        data: { name: '', organization_name: 'First', email, password: 'a-good-password-1' },
      });
      expect(first.status()).toBe(201);
      await useLanguage(page, language);
      await page.goto('/register');
      await page.getByTestId('register-organization').fill('Second');
      await page.getByTestId('register-email').fill(email);
      await page.getByTestId('register-password').fill('a-good-password-1');
      await page.getByTestId('register-submit').click();
      await expect(page.getByTestId('form-error')).toBeVisible();
      await expect(page).toHaveURL(/\/register$/);
      if (language === 'ar') await expect(page.getByTestId('form-error')).not.toContainText('already');
    });
  });
}

test('the login form works from the keyboard alone, with a visible focus', async ({ page }) => {
  await page.goto('/login');
  await page.getByTestId('login-email').focus();
  await page.keyboard.type('demo@example.com');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('login-password')).toBeFocused();
  await page.keyboard.type('demo-password-123');
  await page.keyboard.press('Tab');
  const submit = page.getByTestId('login-submit');
  await expect(submit).toBeFocused();
  const outline = await submit.evaluate((element) => getComputedStyle(element).outlineStyle);
  expect(outline).not.toBe('none');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/org\/select$/);
});
