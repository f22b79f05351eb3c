import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { languages, saveScreenshot, text } from '../support/app';
import type { Language } from '../support/app';
import { organizationApi, samples, signUpWithOrganization } from '../support/ocr';

const ocrTimeout = 180_000;

interface StorageUsage {
  total_files: number;
  total_size_mb: number;
  used_bytes: number;
}

/** Megabytes as the pages show them, formatted by the browser's own Intl. */
async function megabytes(page: Page, language: Language, value: number): Promise<string> {
  const formatted = await page.evaluate(
    ([v, locale]) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(v),
    [value, language === 'ar' ? 'ar-EG-u-nu-latn' : 'en-US'] as [number, string],
  );
  return text(language, 'ocr:units.mb', { value: formatted });
}

for (const language of languages) {
  test(`the file manager lists the files with their status, reads one live and deletes one after confirmation (${language})`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const sample = samples[language];
    // A second invoice, large enough that freeing its space shows in megabytes with two decimals.
    const spare = { file: 'dev-015.png', path: path.join(path.dirname(sample.path), 'dev-015.png') };
    const session = await signUpWithOrganization(page, language, `files-${language}`);
    const api = organizationApi(page, session);
    const invoice = await api.upload(readFileSync(sample.path), sample.file);
    await api.upload(readFileSync(spare.path), spare.file);
    const before = await api.get<StorageUsage>('/attachments/storage-usage/');
    expect(before.total_files).toBe(2);

    await page.getByTestId('nav-fileManager').click();
    await expect(page).toHaveURL(/\/file-manager$/);
    await expect(page.getByTestId('page-title')).toHaveText(text(language, 'ocr:files.title'));
    await expect(page.getByTestId('file-total-count')).toHaveText('2');
    await expect(page.getByTestId('file-total-mb')).toHaveText(
      await megabytes(page, language, before.total_size_mb),
    );
    const invoiceCard = page.getByTestId('file-card').filter({ hasText: sample.file });
    const spareCard = page.getByTestId('file-card').filter({ hasText: spare.file });
    for (const card of [invoiceCard, spareCard]) {
      await expect(card.getByTestId('ocr-status-badge')).toHaveText(text(language, 'ocr:status.none'));
      await expect(card.getByTestId('file-start-ocr')).toHaveText(text(language, 'ocr:files.startOcr'));
    }

    // OCR started from the file manager: the results dialog follows it without a reload.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await invoiceCard.getByTestId('file-start-ocr').click();
    const results = page.getByTestId('results-dialog-body');
    await expect(results).toBeVisible();
    await expect(results).toHaveAttribute('data-status', 'DONE', { timeout: ocrTimeout });
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    await expect(results.getByTestId('results-dialog-invoice-data')).toHaveText(
      text(language, 'ocr:results.yes'),
    );
    await expect(results.getByTestId('ocr-field-invoice_number')).toContainText(sample.invoiceNumber);
    await expect(results.getByTestId('results-dialog-raw-text')).not.toBeEmpty();
    await saveScreenshot(page, 'file-manager-results', language, { fullPage: false });
    await page.keyboard.press('Escape');
    await expect(results).toHaveCount(0);
    // The card tells the same: done, with the invoice to make from it.
    await expect(invoiceCard.getByTestId('ocr-status-badge')).toHaveText(text(language, 'ocr:status.DONE'));
    await expect(invoiceCard.getByTestId('file-create-invoice')).toHaveText(
      text(language, 'ocr:results.createInvoice'),
    );
    await expect(spareCard.getByTestId('ocr-status-badge')).toHaveText(text(language, 'ocr:status.none'));
    await saveScreenshot(page, 'file-manager-files', language);

    // Deleting asks first; Cancel keeps the file.
    await spareCard.getByTestId('file-delete').click();
    const confirmation = page.getByRole('dialog');
    await expect(confirmation).toContainText(text(language, 'ocr:files.deleteTitle'));
    await expect(confirmation).toContainText(spare.file);
    await confirmation.getByRole('button', { name: text(language, 'ocr:files.cancel') }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(spareCard).toHaveCount(1);
    expect((await api.get<StorageUsage>('/attachments/storage-usage/')).total_files).toBe(2);

    // Confirmed: the file goes and its space is free at once.
    await spareCard.getByTestId('file-delete').click();
    await expect(confirmation).toContainText(spare.file);
    await confirmation.getByTestId('file-delete-confirm').click();
    await expect(spareCard).toHaveCount(0);
    await expect(invoiceCard).toHaveCount(1);
    await expect(page.getByTestId('file-total-count')).toHaveText('1');
    const after = await api.get<StorageUsage>('/attachments/storage-usage/');
    expect(after).toMatchObject({ total_files: 1, used_bytes: invoice.size });
    expect(after.total_size_mb).toBeLessThan(before.total_size_mb);
    await expect(page.getByTestId('file-total-mb')).toHaveText(
      await megabytes(page, language, after.total_size_mb),
    );

    // The plan's usage drops with it, on the OCR page too.
    const usage = await api.get<{ storage: { used_mb: number; remaining_mb: number } }>('/usage/summary/');
    expect(usage.storage.used_mb).toBe(after.total_size_mb);
    await page.getByTestId('nav-ocr').click();
    await expect(page.getByTestId('ocr-storage-remaining')).toHaveText(
      await megabytes(page, language, usage.storage.remaining_mb),
    );
  });
}
