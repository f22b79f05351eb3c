import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
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
import type { Language } from '../support/app';

// A valid 1x1 PNG, written to a temporary file for the upload.
const pngBase64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

function writePng(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'invoice-image-'));
  const file = path.join(dir, 'scan.png');
  writeFileSync(file, Buffer.from(pngBase64, 'base64'));
  return file;
}

/** The amount as the page formats it, computed by the browser's own Intl. */
function money(page: Page, language: Language, amount: number, currency: string): Promise<string> {
  return page.evaluate(
    ([value, locale, code]) =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: code,
        minimumFractionDigits: 2,
        maximumFractionDigits: 2,
      }).format(value),
    [amount, language === 'ar' ? 'ar-EG-u-nu-latn' : 'en-US', currency] as [number, string, string],
  );
}

async function pickOption(page: Page, testId: string, search: string, optionText: string) {
  const input = page.getByTestId(testId);
  await input.click();
  await input.fill(search);
  await page.getByRole('option', { name: optionText }).first().click();
}

for (const language of languages) {
  test(`customers, items, an invoice with its image and the dashboard (${language})`, async ({ page }) => {
    const suffix = `${language}-${Date.now().toString(36)}`;
    const customerName = language === 'ar' ? `شركة النور ${suffix}` : `Acme Trading ${suffix}`;
    const itemName = language === 'ar' ? `ورق طباعة ${suffix}` : `Printer paper ${suffix}`;
    const sku = `SKU-${suffix}`.toUpperCase();

    await useLanguage(page, language);
    await login(page, demo.email, demo.password);
    await chooseOrganization(page, demoOrganizations.nile);

    // A customer.
    await page.goto('/customers/new');
    await page.getByTestId('customer-submit').click();
    await expect(page.getByText(text(language, 'errors:validation.customerNameRequired'))).toBeVisible();
    await page.getByTestId('customer-name').fill(customerName);
    await page.getByTestId('customer-email').fill(`acme-${suffix}@example.com`);
    await page.getByTestId('customer-phone').fill('+20 100 000 0000');
    await page.getByTestId('customer-tax_id').fill('123-456-789');
    await page.getByTestId('customer-address').fill(language === 'ar' ? 'القاهرة، مصر' : 'Cairo, Egypt');
    await page.getByTestId('customer-submit').click();
    await expect(page).toHaveURL(/\/customers$/);
    await page.getByTestId('customer-search').fill(customerName);
    await expect(page.getByTestId('customer-card')).toHaveCount(1);
    await expect(page.getByTestId('customer-card')).toContainText('123-456-789');
    await page.getByTestId('customer-search').fill('');
    await expect(page.getByTestId('customer-card').first()).toBeVisible();
    await saveScreenshot(page, 'customers', language);

    // An item.
    await page.goto('/items/new');
    await page.getByTestId('item-name').fill(itemName);
    await page.getByTestId('item-sku').fill(sku);
    await page.getByTestId('item-unit_price').fill('19.99');
    await page.getByTestId('item-submit').click();
    await expect(page).toHaveURL(/\/items$/);
    await page.getByTestId('item-search').fill(sku);
    await expect(page.getByTestId('item-card')).toHaveCount(1);
    await page.getByTestId('item-search').fill('');
    await expect(page.getByTestId('item-card').first()).toBeVisible();
    await saveScreenshot(page, 'items', language);

    // An invoice with three lines: 3 x 19.99 + 2 x 10.50 + 1 x 0.10 = 81.07; tax 11.35; total 92.42.
    await page.goto('/invoices');
    await page.getByTestId('invoice-new').click();
    await expect(page).toHaveURL(/\/invoices\/new$/);
    await expect(page.getByTestId('invoice-submit')).toHaveText(text(language, 'invoices:editor.create'));
    const currency = await page.getByTestId('invoice-currency').inputValue();
    expect(currency).toMatch(/^[A-Z]{3}$/);
    await pickOption(page, 'invoice-customer-select', customerName, customerName);
    await pickOption(page, 'invoice-add-item', sku, `${itemName} (${sku})`);
    const lines = page.getByTestId('invoice-line');
    await expect(lines).toHaveCount(1);
    await lines.nth(0).getByTestId('line-quantity').fill('3');
    await page.getByTestId('invoice-add-line').click();
    await lines
      .nth(1)
      .getByTestId('line-description')
      .fill(language === 'ar' ? 'تركيب' : 'Installation');
    await lines.nth(1).getByTestId('line-quantity').fill('2');
    await lines.nth(1).getByTestId('line-unit-price').fill('10.50');
    await page.getByTestId('invoice-add-line').click();
    await lines
      .nth(2)
      .getByTestId('line-description')
      .fill(language === 'ar' ? 'توصيل' : 'Delivery');
    await lines.nth(2).getByTestId('line-unit-price').fill('0.10');
    await expect(lines.nth(0).getByTestId('line-total')).toHaveText(
      await money(page, language, 59.97, currency),
    );
    await expect(page.getByTestId('invoice-subtotal')).toHaveText(
      await money(page, language, 81.07, currency),
    );
    await expect(page.getByTestId('invoice-tax')).toHaveText(await money(page, language, 11.35, currency));
    await expect(page.getByTestId('invoice-grand-total')).toHaveText(
      await money(page, language, 92.42, currency),
    );
    await saveScreenshot(page, 'invoice-new', language);
    await page.getByTestId('invoice-submit').click();
    await expect(page).toHaveURL(/\/invoices$/);

    // The list shows it; its total is the server's.
    const row = page.getByTestId('invoice-row').filter({ hasText: customerName });
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('invoice-total')).toHaveText(await money(page, language, 92.42, currency));
    await expect(row.getByTestId('invoice-status-badge')).toHaveText(
      text(language, 'invoices:statuses.DRAFT'),
    );

    // Edit its status.
    await row.getByTestId('invoice-edit').click();
    await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]+$/);
    await expect(page.getByTestId('invoice-submit')).toHaveText(text(language, 'invoices:editor.update'));
    await expect(page.getByTestId('invoice-line')).toHaveCount(3);
    await page.getByTestId('invoice-status-select').click();
    await page.getByRole('option', { name: text(language, 'invoices:statuses.SENT') }).click();
    await page.getByTestId('invoice-submit').click();
    await expect(page).toHaveURL(/\/invoices$/);

    // Filter the list.
    const filter = page.getByTestId('invoice-status-filter');
    await filter.getByText(text(language, 'invoices:statuses.PAID'), { exact: true }).click();
    await expect(page.getByTestId('invoice-row').first()).toBeVisible();
    await expect(page.getByTestId('invoice-row').filter({ hasText: customerName })).toHaveCount(0);
    for (const badge of await page.getByTestId('invoice-status-badge').all()) {
      await expect(badge).toHaveText(text(language, 'invoices:statuses.PAID'));
    }
    await filter.getByText(text(language, 'invoices:statuses.SENT'), { exact: true }).click();
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('invoice-status-badge')).toHaveText(
      text(language, 'invoices:statuses.SENT'),
    );
    await saveScreenshot(page, 'invoices', language);
    const number = (await row.getByTestId('invoice-number').innerText()).trim();
    await filter.getByText(text(language, 'invoices:list.all'), { exact: true }).click();
    await page.getByTestId('invoice-search').fill(number);
    await expect(page.getByTestId('invoice-row')).toHaveCount(1);
    await expect(page.getByTestId('invoice-row')).toContainText(customerName);

    // Upload, delete with a reason, restore.
    await row.getByTestId('invoice-edit').click();
    const panel = page.getByTestId('invoice-image-panel');
    await expect(panel.getByTestId('image-upload')).toBeVisible();
    await panel.getByTestId('image-file-input').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not an image'),
    });
    await expect(panel.getByTestId('image-file-error')).toHaveText(
      text(language, 'errors:validation.imageType'),
    );
    await panel.getByTestId('image-file-input').setInputFiles(writePng());
    await expect(panel.getByTestId('image-preview')).toBeVisible();
    await saveScreenshot(page, 'invoice-detail', language);
    await panel.getByTestId('image-delete').click();
    await expect(page.getByText(text(language, 'invoices:image.deleteUndoable'))).toBeVisible();
    const reason = language === 'ar' ? 'صورة غير واضحة' : 'Blurry scan';
    await page.getByTestId('image-delete-reason').fill(reason);
    await page.getByTestId('image-delete-confirm').click();
    await expect(panel.getByTestId('image-deletion-reason')).toContainText(reason);
    await saveScreenshot(page, 'invoice-image-deleted', language);
    await panel.getByTestId('image-restore').click();
    await expect(panel.getByTestId('image-preview')).toBeVisible();

    // The invoice dashboard.
    await page.goto('/invoices/dashboard');
    await expect(page.getByTestId('dashboard-stats')).toBeVisible();
    await expect(page.getByTestId('recent-row').first()).toBeVisible();
    await page.getByTestId('dashboard-period').click();
    await page
      .getByRole('option', { name: text(language, 'invoices:dashboard.lastDays', { days: '365' }) })
      .click();
    await expect(page.getByTestId('stat-totalInvoices')).toBeVisible();
    await saveScreenshot(page, 'invoice-dashboard', language);
    await page.getByTestId('recent-edit').first().click();
    await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]+\/edit$/);
    await expect(page.getByTestId('invoice-form')).toBeVisible();

    // A SKU is unique: the server's answer shows on the field.
    await page.goto('/items/new');
    await page.getByTestId('item-name').fill(`${itemName} 2`);
    await page.getByTestId('item-sku').fill(sku);
    await page.getByTestId('item-unit_price').fill('1');
    await page.getByTestId('item-submit').click();
    await expect(page.getByText(text(language, 'errors:validation.skuTaken'))).toBeVisible();

    // A customer that an invoice uses cannot be deleted, and the dialog says why.
    await page.goto('/customers');
    await page.getByTestId('customer-search').fill(customerName);
    await expect(page.getByTestId('customer-card')).toHaveCount(1);
    await page.getByTestId('customer-delete').click();
    await page.getByTestId('customer-delete-confirm').click();
    await expect(page.getByTestId('customer-delete-error')).toBeVisible();
    if (language === 'ar') {
      await expect(page.getByTestId('customer-delete-error')).toHaveText(
        text(language, 'errors:codes.CUSTOMER_IN_USE'),
      );
    }
  });
}
