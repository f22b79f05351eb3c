import { expect, test } from '@playwright/test';
import {
  chooseOrganization,
  clippedContent,
  demo,
  demoOrganizations,
  languages,
  login,
  saveScreenshot,
  useLanguage,
} from '../support/app';

test.use({ viewport: { width: 390, height: 844 } });

for (const language of languages) {
  test(`on a phone every list, the editor and the review of lines show everything (${language})`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await login(page, demo.email, demo.password);
    await chooseOrganization(page, demoOrganizations.nile);

    const pages: [string, string][] = [
      ['/dashboard', 'dashboard-welcome'],
      ['/invoices', 'invoice-row'],
      ['/invoices/dashboard', 'dashboard-recent'],
      ['/customers', 'customer-card'],
      ['/items', 'item-card'],
      ['/file-manager', 'page-file-manager'],
      ['/ocr', 'page-ocr'],
      ['/usage', 'page-usage'],
    ];
    for (const [path, ready] of pages) {
      await page.goto(path);
      await expect(page.getByTestId(ready).first()).toBeVisible();
      // Figures and pictures arrive after the page: its layout is judged once it has settled.
      await expect.poll(() => clippedContent(page), { message: path, timeout: 10_000 }).toEqual([]);
    }

    // An invoice of the list with its lines, as cards, each value under its column's name.
    // On a slow network the phone's status filter (loaded on a phone only) arrives after the invoices.
    await page.route('**/assets/status-filter-select-*.js', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto('/invoices');
    const row = page.getByTestId('invoice-row').first();
    await expect(row.getByTestId('invoice-total')).toBeVisible();
    // The list does not move down when it comes: a tap lands where it was aimed. (Once the page's fonts are
    // in: a face arriving late may change a word's width by a pixel.)
    const edit = row.getByTestId('invoice-edit');
    await page.evaluate(() => document.fonts.ready.then(() => undefined));
    const shown = (await edit.boundingBox())!;
    await expect(page.getByTestId('invoice-status-filter')).toBeVisible();
    expect(Math.abs((await edit.boundingBox())!.y - shown.y)).toBeLessThan(1);
    await edit.click();
    await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]+$/);
    await expect(page.getByTestId('invoice-line').first()).toBeVisible();
    await expect.poll(() => clippedContent(page), { message: 'invoice editor', timeout: 10_000 }).toEqual([]);
    const quantity = page.getByTestId('line-quantity').first();
    const description = page.getByTestId('line-description').first();
    await quantity.scrollIntoViewIfNeeded();
    await expect(quantity).toBeInViewport();
    // Stacked: the quantity under the description, both the card's width.
    const [descriptionBox, quantityBox] = [await description.boundingBox(), await quantity.boundingBox()];
    expect(quantityBox!.y).toBeGreaterThan(descriptionBox!.y);
    await saveScreenshot(page, 'phone-invoice', language);

    await page.goto('/invoices');
    await expect(page.getByTestId('invoice-row').first()).toBeVisible();
    await saveScreenshot(page, 'phone-invoices', language);
  });

  test(`the menu drawer opens on the side of its button (${language})`, async ({ page }) => {
    await useLanguage(page, language);
    const burger = await page.getByTestId('nav-burger').boundingBox();
    await page.getByTestId('nav-burger').click();
    const drawer = page.getByTestId('drawer-nav');
    await expect(drawer).toBeVisible();
    // Wait for the slide to end: the drawer's box is still once it is in place.
    await expect
      .poll(async () => {
        const a = await drawer.boundingBox();
        await page.waitForTimeout(100);
        const b = await drawer.boundingBox();
        return a !== null && b !== null && a.x === b.x;
      })
      .toBe(true);
    const box = (await drawer.boundingBox())!;
    const buttonOnTheRight = burger!.x > 390 / 2;
    if (buttonOnTheRight) expect(box.x + box.width).toBeGreaterThan(390 - 20);
    else expect(box.x).toBeLessThan(20);
    expect(buttonOnTheRight).toBe(language === 'en');
  });
}
