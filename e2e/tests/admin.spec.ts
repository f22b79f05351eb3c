import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  barLinks,
  demo,
  languages,
  login,
  saveScreenshot,
  superadmin,
  text,
  uniqueEmail,
  useLanguage,
  type Language,
} from '../support/app';
import { clippedContent } from '../support/layout';

const refusal = {
  en: 'You are not authorized to access the admin panel. Please use the regular login.',
  ar: text('ar', 'errors:adminNotAuthorized'),
};

/** A user with an organization of their own, registered through the API. */
async function registerSomeone(request: APIRequestContext, organization: string) {
  const email = uniqueEmail('managed');
  const password = 'managed-password-123';
  const res = await request.post('/api/v1/auth/register', {
    data: { name: 'Managed Person', email, password, organization_name: organization },
  });
  expect(res.status()).toBe(201);
  return { email, password };
}

async function signInAsAdmin(page: Page, language: Language) {
  await useLanguage(page, language);
  await page.goto('/admin-login');
  await page.getByTestId('admin-login-email').fill(superadmin.email);
  await page.getByTestId('admin-login-password').fill(superadmin.password);
  await page.getByTestId('admin-login-submit').click();
  await expect(page).toHaveURL(/\/admin$/);
}

/** Types a search and waits until the list asks for it (the address carries it). */
async function search(page: Page, testId: string, value: string) {
  await page.getByTestId(testId).fill(value);
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(value);
}

for (const language of languages) {
  test.describe(`admin (${language})`, () => {
    test('payment methods: totals, an edit in both languages with the form checks, a switch members follow', async ({
      page,
    }) => {
      // Methods are global: this test comes first in the file, and the file first in a run, so that the
      // second worker is still on tests that never list payment methods while one is switched off here.
      // A payment by Fawry that waits for its reference code to be paid: one more payment, none more succeeded.
      const res = await page.request.post('/api/v1/auth/register', {
        data: {
          name: 'Payer',
          email: uniqueEmail('payer'),
          password: 'payer-password-123',
          organization_name: `Payer ${language}`,
        },
      });
      const payer = (await res.json()) as { tokens: { access: string }; organization: { id: string } };
      const asPayer = {
        authorization: `Bearer ${payer.tokens.access}`,
        'X-Organization-ID': payer.organization.id,
      };
      const admin = await page.request.post('/api/v1/auth/login', { data: superadmin });
      const asAdmin = { authorization: `Bearer ${(await admin.json()).access}` };
      const methodsNow = async () =>
        (await (await page.request.get('/api/v1/admin/payment-methods/', { headers: asAdmin })).json()) as {
          id: string;
          name: string;
          display_name: string;
          display_name_ar: string;
          description: string;
          description_ar: string;
          sort_order: number;
          total_transactions: number;
          successful_transactions: number;
        }[];
      const listed = await methodsNow();
      const before = listed.find((m) => m.name === 'fawry')!;
      const original = listed.find((m) => m.name === 'valu')!;
      const paid = await page.request.post('/api/v1/billing/payments/create/', {
        headers: asPayer,
        data: { payment_method: 'fawry', payment_type: 'credits', amount: '10.00', credits: 10 },
      });
      expect(paid.status(), await paid.text()).toBe(200);

      await signInAsAdmin(page, language);
      await page.getByTestId('admin-tab-paymentMethods').click();
      const rows = page.getByTestId('admin-method-row');
      await expect(rows).toHaveCount(11);
      const fawry = rows.and(page.locator('[data-method="fawry"]'));
      await expect(fawry.getByTestId('admin-method-name')).toContainText(
        language === 'en' ? 'Fawry reference code' : 'رقم مرجعي من فوري',
      );
      await expect(fawry.getByTestId('admin-method-total')).toHaveText(String(before.total_transactions + 1));
      await expect(fawry.getByTestId('admin-method-successful')).toHaveText(
        String(before.successful_transactions),
      );

      // The edit dialog: both languages' names and descriptions, and the order, checked before sending.
      const valu = rows.and(page.locator('[data-method="valu"]'));
      await valu.getByTestId('admin-method-edit').click();
      const form = page.getByTestId('admin-method-form');
      await expect(form.getByTestId('admin-method-display-name')).toHaveValue('ValU');
      await expect(form.getByTestId('admin-method-display-name-ar')).toHaveValue('فاليو');
      await form.getByTestId('admin-method-display-name-ar').fill('');
      await form.getByTestId('admin-method-description').fill(' ');
      await form.getByTestId('admin-method-sort-order').fill('-2');
      await form.getByTestId('admin-method-save').click();
      await expect(form.getByTestId('admin-method-display-name-ar')).toHaveAccessibleDescription(
        text(language, 'errors:validation.methodDisplayNameRequired'),
      );
      await expect(form.getByTestId('admin-method-description')).toHaveAccessibleDescription(
        text(language, 'errors:validation.methodDescriptionRequired'),
      );
      await expect(form.getByTestId('admin-method-sort-order')).toHaveAccessibleDescription(
        text(language, 'errors:validation.wholeNumberInvalid'),
      );
      await saveScreenshot(page, 'admin-payment-method-edit', language);
      await form.getByTestId('admin-method-display-name-ar').fill('فاليو للتقسيط');
      await form.getByTestId('admin-method-description').fill('Pay in instalments with ValU.');
      await form.getByTestId('admin-method-sort-order').fill('0');
      await form.getByTestId('admin-method-save').click();
      await expect(form).toBeHidden();
      // First in the list now, with what was typed.
      await expect(rows.first()).toHaveAttribute('data-method', 'valu');
      await expect(rows.first().getByTestId('admin-method-name')).toContainText(
        language === 'en' ? 'Pay in instalments with ValU.' : 'فاليو للتقسيط',
      );
      await saveScreenshot(page, 'admin-payment-methods', language);

      // Switched off, members no longer see it; switched on again, they do.
      const methodsOfMember = async () =>
        (
          (await (
            await page.request.get('/api/v1/billing/payment-methods/', { headers: asPayer })
          ).json()) as {
            methods: { name: string }[];
          }
        ).methods.map((m) => m.name);
      expect(await methodsOfMember()).toContain('valu');
      await valu.getByTestId('admin-method-active').click();
      await expect(valu.getByTestId('admin-method-active')).not.toBeChecked();
      await expect.poll(methodsOfMember).not.toContain('valu');
      await valu.getByTestId('admin-method-active').click();
      await expect(valu.getByTestId('admin-method-active')).toBeChecked();
      await expect.poll(methodsOfMember).toContain('valu');

      // Put back as it was for whatever runs next.
      const restored = await page.request.patch(`/api/v1/admin/payment-methods/${original.id}/`, {
        headers: asAdmin,
        data: {
          display_name: original.display_name,
          display_name_ar: original.display_name_ar,
          description: original.description,
          description_ar: original.description_ar,
          sort_order: original.sort_order,
        },
      });
      expect(restored.status()).toBe(200);
    });

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
      await expect(page.getByRole('tab')).toHaveCount(6);
      for (const tab of ['users', 'organizations', 'memberships', 'plans', 'paymentMethods', 'auditLog']) {
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

    test('users: a deactivated user is signed out and refused, and can be activated again', async ({
      page,
    }) => {
      const someone = await registerSomeone(page.request, `Users ${language}`);
      await signInAsAdmin(page, language);
      await search(page, 'admin-user-search', someone.email);
      const row = page.getByTestId('admin-user-row').filter({ hasText: someone.email });
      await expect(row.getByTestId('admin-user-status')).toHaveText(text(language, 'admin:users.active'));
      await row.getByTestId('admin-user-toggle-active').click();
      const dialog = page.getByRole('dialog');
      await expect(dialog).toContainText(text(language, 'admin:users.confirm.deactivate.title'));
      await saveScreenshot(page, 'admin-user-deactivate', language);
      await page.getByTestId('admin-user-confirm-confirm').click();
      await expect(row.getByTestId('admin-user-status')).toHaveText(text(language, 'admin:users.inactive'));
      const refused = await page.request.post('/api/v1/auth/login', {
        data: { email: someone.email, password: someone.password },
      });
      expect(refused.status()).toBe(401);

      await row.getByTestId('admin-user-toggle-active').click();
      await expect(row.getByTestId('admin-user-status')).toHaveText(text(language, 'admin:users.active'));
      const back = await page.request.post('/api/v1/auth/login', {
        data: { email: someone.email, password: someone.password },
      });
      expect(back.status()).toBe(200);

      // The superuser's own row cannot be changed.
      await search(page, 'admin-user-search', superadmin.email);
      const own = page.getByTestId('admin-user-row').filter({ hasText: superadmin.email });
      await expect(own.getByTestId('admin-user-toggle-active')).toBeDisabled();
      await expect(own.getByTestId('admin-user-toggle-superuser')).toBeDisabled();
    });

    test('organizations: deleted after a dialog that names what goes with it', async ({ page }) => {
      const name = `Doomed ${language} ${Date.now()}`;
      const someone = await registerSomeone(page.request, name);
      await signInAsAdmin(page, language);
      await page.getByTestId('admin-tab-organizations').click();
      await search(page, 'admin-organization-search', name);
      const row = page.getByTestId('admin-organization-row').filter({ hasText: name });
      await expect(row.getByTestId('admin-organization-users')).toHaveText('1');
      // The list settled on the search's one organization before its button is pressed: a click on the row
      // of the list before the search, as it is replaced, opens nothing.
      await expect(page.getByTestId('admin-organization-row')).toHaveCount(1);
      await expect(async () => {
        await row.getByTestId('admin-organization-delete').click();
        await expect(page.getByTestId('admin-organization-delete-confirm')).toBeVisible({ timeout: 3000 });
      }).toPass({ timeout: 20_000 });
      await expect(page.getByTestId('admin-organization-contents-memberships')).toHaveText(
        text(language, 'admin:organizations.contents.memberships', { n: '1' }),
      );
      await expect(page.getByTestId('admin-organization-contents-files')).toHaveText(
        text(language, 'admin:organizations.contents.files', { n: '0' }),
      );
      await expect(page.getByTestId('admin-organization-payments-kept')).toHaveText(
        text(language, 'admin:organizations.paymentsKept', { n: '0' }),
      );
      await saveScreenshot(page, 'admin-organization-delete', language);
      await page.getByTestId('admin-organization-delete-confirm').click();
      await expect(page.getByTestId('admin-organizations-empty')).toHaveText(
        text(language, 'admin:organizations.emptySearch'),
      );
      // Its owner is no member of anything any more.
      const login = await page.request.post('/api/v1/auth/login', {
        data: { email: someone.email, password: someone.password },
      });
      const orgs = await page.request.get('/api/v1/orgs/', {
        headers: { authorization: `Bearer ${(await login.json()).access}` },
      });
      expect(await orgs.json()).toEqual([]);
    });

    test("memberships: plan and usage shown; the last owner's role is kept, said in the page language", async ({
      page,
    }) => {
      const name = `Members ${language} ${Date.now()}`;
      const someone = await registerSomeone(page.request, name);
      await signInAsAdmin(page, language);
      await page.getByTestId('admin-tab-memberships').click();
      await search(page, 'admin-membership-search', someone.email);
      const row = page.getByTestId('admin-membership-row').filter({ hasText: name });
      await expect(row.getByTestId('admin-membership-plan')).toContainText('Pro');
      await expect(row.getByTestId('admin-membership-credits')).toHaveText('0 / 100');
      await expect(row.getByTestId('admin-membership-actions')).toHaveText(
        text(language, 'admin:memberships.autoManaged'),
      );
      await row.getByTestId('admin-membership-role').click();
      await page.getByRole('option', { name: text(language, 'admin:memberships.roles.USER') }).click();
      await expect(page.getByText(text(language, 'errors:codes.LAST_OWNER'))).toBeVisible();
      await expect(row.getByTestId('admin-membership-role')).toHaveValue(
        text(language, 'admin:memberships.roles.OWNER'),
      );
      await saveScreenshot(page, 'admin-memberships', language);
    });

    test('audit log: the actions just made, filtered by action', async ({ page }) => {
      const someone = await registerSomeone(page.request, `Audit ${language}`);
      await signInAsAdmin(page, language);
      await search(page, 'admin-user-search', someone.email);
      const row = page.getByTestId('admin-user-row').filter({ hasText: someone.email });
      await row.getByTestId('admin-user-toggle-superuser').click();
      await page.getByTestId('admin-user-confirm-confirm').click();
      await expect(row.getByTestId('admin-user-role')).toHaveText(text(language, 'admin:users.superuser'));

      await page.getByTestId('admin-tab-auditLog').click();
      await page.getByTestId('admin-audit-action').click();
      const granted = text(language, 'admin:auditLog.actions.user_superuser_granted');
      await page.getByRole('option', { name: granted }).click();
      const entry = page.getByTestId('admin-audit-row').filter({ hasText: someone.email }).first();
      await expect(entry.getByTestId('admin-audit-action-name')).toHaveText(granted);
      await expect(entry.getByTestId('admin-audit-actor-email')).toHaveText(superadmin.email);
      // Once the filtered page is in, every entry is of that action.
      await expect
        .poll(async () => [...new Set(await page.getByTestId('admin-audit-action-name').allTextContents())])
        .toEqual([granted]);
      await saveScreenshot(page, 'admin-audit-log', language);
    });

    test('plans: listed with their organizations; the edit form checks; a plan in use is kept', async ({
      page,
    }) => {
      await signInAsAdmin(page, language);
      await page.getByTestId('admin-tab-plans').click();
      const pro = page
        .getByTestId('admin-plan-row')
        .filter({ has: page.getByTestId('admin-plan-name').getByText('Pro', { exact: true }) });
      await expect(pro.getByTestId('admin-plan-credits')).toHaveText('100');
      await expect(pro.getByTestId('admin-plan-active')).toBeChecked();

      await pro.getByTestId('admin-plan-edit').click();
      const form = page.getByTestId('admin-plan-form');
      await expect(form.getByTestId('admin-plan-name')).toHaveValue('Pro');
      await form.getByTestId('admin-plan-name').fill('');
      await form.getByTestId('admin-plan-price-yearly').fill('12.345');
      await form.getByTestId('admin-plan-save').click();
      await expect(form.getByTestId('admin-plan-name')).toHaveAccessibleDescription(
        text(language, 'errors:validation.planNameRequired'),
      );
      await expect(form.getByTestId('admin-plan-price-yearly')).toHaveAccessibleDescription(
        text(language, 'errors:validation.priceInvalid'),
      );
      await saveScreenshot(page, 'admin-plan-edit', language);
      await page.keyboard.press('Escape');
      await expect(form).toBeHidden();

      await pro.getByTestId('admin-plan-delete').click();
      await page.getByTestId('admin-plan-delete-confirm').click();
      await expect(page.getByTestId('admin-plan-delete-error')).toHaveText(
        language === 'en'
          ? /^This plan is used by \d+ organizations? and cannot be deleted/
          : text('ar', 'errors:codes.PLAN_IN_USE'),
      );
      await page.keyboard.press('Escape');
      await expect(pro).toBeVisible();
    });

    test('on a phone every tab shows everything', async ({ page }) => {
      await page.setViewportSize({ width: 390, height: 844 });
      // An entry for the audit log, whatever ran before.
      const someone = await registerSomeone(page.request, `Phone ${language}`);
      const admin = await page.request.post('/api/v1/auth/login', { data: superadmin });
      const users = await page.request.get(`/api/v1/admin/users/?q=${encodeURIComponent(someone.email)}`, {
        headers: { authorization: `Bearer ${(await admin.json()).access}` },
      });
      const [found] = (await users.json()).results as { id: string }[];
      const patched = await page.request.patch(`/api/v1/admin/users/${found!.id}/`, {
        headers: { authorization: `Bearer ${(await admin.json()).access}` },
        data: { is_active: false },
      });
      expect(patched.status()).toBe(200);
      await signInAsAdmin(page, language);
      for (const [tab, row] of [
        ['users', 'admin-user-row'],
        ['organizations', 'admin-organization-row'],
        ['memberships', 'admin-membership-row'],
        ['plans', 'admin-plan-row'],
        ['paymentMethods', 'admin-method-row'],
        ['auditLog', 'admin-audit-row'],
      ] as const) {
        await page.getByTestId(`admin-tab-${tab}`).click();
        await expect(page.getByTestId(row).first()).toBeVisible();
        expect(await clippedContent(page), tab).toEqual([]);
      }
    });
  });
}
