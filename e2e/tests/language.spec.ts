import { expect, test, type Page } from '@playwright/test';
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

/** Records every text put on the screen from the page's first script on (window.__texts). */
async function recordTexts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const texts: string[] = [];
    (window as unknown as { __texts: string[] }).__texts = texts;
    new MutationObserver((records) => {
      for (const record of records) {
        // What the page shows, not its <head> (the document's title).
        if (!document.body?.contains(record.target)) continue;
        if (record.type === 'characterData') texts.push(record.target.textContent ?? '');
        for (const node of record.addedNodes) texts.push(node.textContent ?? '');
      }
    }).observe(document, { childList: true, characterData: true, subtree: true });
  });
}

const recorded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __texts: string[] }).__texts.splice(0));

test('a page reloaded in Arabic shows Arabic from its first frame, and a switch changes it in one step', async ({
  page,
}) => {
  await recordTexts(page);
  await page.goto('/');
  await page.evaluate(() => window.localStorage.setItem('invoicing.language', 'ar'));
  await page.reload();
  await expect(page.getByTestId('page-title')).toHaveText(text('ar', 'landing:hero.title'));
  await expect(page.getByTestId('nav-login')).toHaveText(text('ar', 'nav:login'));
  let shown = (await recorded(page)).join('\n');
  // Neither the English texts nor the catalogues' keys were ever on the screen, not even for a frame.
  for (const english of ['nav:login', 'nav:register', 'landing:hero.title', 'common:appName']) {
    expect(shown).not.toContain(text('en', english));
  }
  expect(shown).not.toContain('hero.title');

  await page.getByTestId('language-toggle').click();
  await expectLanguage(page, 'en');
  await expect(page.getByTestId('page-title')).toHaveText(text('en', 'landing:hero.title'));
  shown = (await recorded(page)).join('\n');
  expect(shown).toContain(text('en', 'landing:hero.title'));
  expect(shown).not.toContain('hero.title');

  // A page opened afterwards comes with its texts in the language now chosen.
  await page.getByTestId('nav-login').click();
  await expect(page.getByTestId('login-submit')).toBeVisible();
  shown = (await recorded(page)).join('\n');
  expect(shown).toContain(text('en', 'auth:login.title'));
  expect(shown).not.toContain(text('ar', 'auth:login.title'));
  expect(shown).not.toContain('login.title');
});
