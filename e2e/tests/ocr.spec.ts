import { expect, test } from '@playwright/test';
import { languages, saveScreenshot, text } from '../support/app';
import { blankPng, organizationApi, samples, signUpWithOrganization } from '../support/ocr';

// The real engine reads a page in a few seconds on an idle machine; a busy one takes several times longer.
const ocrTimeout = 180_000;

for (const language of languages) {
  test(`an invoice dropped on /ocr is read live, corrected on the review screen and made an invoice (${language})`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    const sample = samples[language];
    await signUpWithOrganization(page, language, `ocr-${language}`);

    await page.getByTestId('nav-ocr').click();
    await expect(page).toHaveURL(/\/ocr$/);
    await expect(page.getByTestId('page-title')).toHaveText(text(language, 'ocr:page.title'));
    await expect(page.getByTestId('ocr-credits-remaining')).toHaveText('100');
    await expect(page.getByTestId('recent-files-empty')).toHaveText(text(language, 'ocr:recent.empty'));

    // Dropped on the dropzone (its file input), then sent.
    await page.getByTestId('upload-input').setInputFiles(sample.path);
    const item = page.getByTestId('upload-item');
    await expect(item.getByTestId('upload-item-name')).toHaveText(sample.file);
    await expect(item.getByTestId('upload-item-status')).toHaveText(text(language, 'ocr:upload.waiting'));
    await page.getByTestId('upload-submit').click();
    await expect(item).toHaveAttribute('data-state', 'done', { timeout: 30_000 });
    await expect(item.getByTestId('upload-item-status')).toHaveText(text(language, 'ocr:upload.done'));
    const recent = page.getByTestId('recent-file').filter({ hasText: sample.file });
    await expect(recent).toHaveCount(1);
    await expect(recent.getByTestId('file-thumb-image')).toBeVisible();

    // Normal OCR; the page is never loaded again: this mark would be gone.
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await recent.getByTestId('recent-ocr-normal').click();
    await expect(recent.getByTestId('recent-ocr-normal')).toHaveCount(0);
    const result = page.getByTestId('ocr-result').filter({ hasText: sample.file });
    await expect(result).toHaveCount(1);
    await expect(result).toHaveAttribute('data-status', 'DONE', { timeout: ocrTimeout });
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(
      true,
    );
    await expect(page).toHaveURL(/\/ocr$/);
    await expect(result.getByTestId('ocr-status-badge')).toHaveText(text(language, 'ocr:status.DONE'));
    await expect(recent.getByTestId('ocr-status-badge')).toHaveText(text(language, 'ocr:status.DONE'));
    await expect(result.getByTestId('ocr-has-invoice-data')).toHaveText(text(language, 'ocr:results.yes'));
    await expect(result.getByTestId('ocr-confidence')).toHaveText(/^\d{1,3}\.\d\u200e?%\u200e?$/);
    await expect(result.getByTestId('ocr-field-invoice_number')).toContainText(sample.invoiceNumber);
    await expect(page.getByTestId('ocr-credits-remaining')).toHaveText('99');
    await saveScreenshot(page, 'ocr-done', language);

    // The review screen: the page picture with a box per field, beside the fields.
    await result.getByTestId('ocr-review').click();
    await expect(page).toHaveURL(/\/ocr\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('page-title')).toHaveText(text(language, 'ocr:review.title'));
    // Opened from the bottom of the OCR page, it starts at its own top.
    await expect(page.getByTestId('page-title')).toBeInViewport();
    const picture = page.getByTestId('review-page-image').first();
    await expect(picture).toBeVisible();
    await expect
      .poll(() => picture.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)))
      .toBeGreaterThan(0);
    expect(await page.getByTestId('review-box').count()).toBeGreaterThan(3);
    await expect(page.getByTestId('review-field-invoice_number')).toHaveValue(sample.invoiceNumber);
    await expect(page.getByTestId('review-history-empty')).toHaveText(
      text(language, 'ocr:review.historyEmpty'),
    );

    // A correction, saved and kept with who made it.
    const suffix = Date.now().toString(36);
    const customer = language === 'ar' ? `مخبز الشروق ${suffix}` : `Sunrise Bakery ${suffix}`;
    await expect(page.getByTestId('review-save')).toBeDisabled();
    await page.getByTestId('review-field-customer.name').fill(customer);
    await page.getByTestId('review-save').click();
    const entry = page.getByTestId('review-history-entry');
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText(customer);
    await expect(entry).toContainText(language === 'ar' ? 'سارة' : 'Sara');
    await expect(page.getByTestId('review-save')).toBeDisabled();
    await page.reload();
    await expect(page.getByTestId('review-field-customer.name')).toHaveValue(customer);
    await saveScreenshot(page, 'ocr-review', language);

    // The invoice, made from the corrected data and opened in the editor.
    await page.getByTestId('review-create-invoice').click();
    await expect(page).toHaveURL(/\/invoices\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('invoice-submit')).toHaveText(text(language, 'invoices:editor.update'));
    await expect(page.getByTestId('invoice-number-input')).toHaveValue(sample.invoiceNumber);
    await expect(page.getByTestId('invoice-customer-select')).toHaveValue(customer);
    // It shows the file it was read from as its image.
    const panel = page.getByTestId('invoice-image-panel');
    await expect(panel.getByTestId('invoice-image-badge')).toHaveText(
      text(language, 'invoices:imageStatuses.available'),
    );
    const scan = panel.getByTestId('image-preview');
    await expect(scan).toHaveAttribute(
      'alt',
      text(language, 'invoices:image.previewAlt', { name: sample.file }),
    );
    await expect
      .poll(() => scan.evaluate((image: HTMLImageElement) => (image.complete ? image.naturalWidth : 0)))
      .toBeGreaterThan(0);

    // In the invoice list, as a draft of the corrected customer.
    await page.getByTestId('nav-invoices').click();
    await expect(page).toHaveURL(/\/invoices$/);
    const row = page.getByTestId('invoice-row').filter({ hasText: sample.invoiceNumber });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(customer);
    await expect(row.getByTestId('invoice-status-badge')).toHaveText(
      text(language, 'invoices:statuses.DRAFT'),
    );

    // Back on /ocr, the run links to its invoice instead of offering another.
    await page.getByTestId('nav-ocr').click();
    await expect(result.getByTestId('ocr-open-invoice')).toContainText(sample.invoiceNumber);
    await expect(result.getByTestId('ocr-create-invoice')).toHaveCount(0);
  });

  test(`OCR that the credits left cannot pay for is refused with the plan's message (${language})`, async ({
    page,
  }) => {
    const session = await signUpWithOrganization(page, language, `credits-${language}`);
    const api = organizationApi(page, session);

    // The trial's 100 credits spent on ten advanced runs (10 credits each) of blank pages, which keep them.
    const blank = blankPng();
    for (let i = 1; i <= 10; i += 1) {
      const file = await api.upload(blank, `blank-${i}.png`);
      expect((await api.startOcr(file.id, 'advanced')).status()).toBe(202);
    }
    const last = await api.upload(blank, 'one-more.png');
    const usage = await api.get<{ credits: { remaining: number } }>('/usage/summary/');
    expect(usage.credits.remaining).toBe(0);

    // What the server answers the page: SPEC §8 has the page show its message and its offer of extra
    // credits, in the page language.
    const refused = await api.startOcr(last.id, 'normal');
    expect(refused.status()).toBe(403);
    const refusal = (await refused.json()) as {
      message: string;
      current_usage: number;
      limit: number;
      upgrade_options: { buy_extra_credits: string };
    };
    const expected =
      language === 'en'
        ? text('en', 'ocr:errors.creditLimit', {
            message: refusal.message,
            option: refusal.upgrade_options.buy_extra_credits,
          })
        : text('ar', 'ocr:errors.creditLimit', {
            message: `${text('ar', 'errors:codes.CREDIT_LIMIT_REACHED')} ${text(
              'ar',
              'ocr:errors.limitUsage',
              {
                used: String(refusal.current_usage),
                limit: String(refusal.limit),
              },
            )}`,
            option: text('ar', 'ocr:errors.considerCredits'),
          });
    await page.getByTestId('nav-ocr').click();
    await expect(page.getByTestId('ocr-credits-remaining')).toHaveText('0');
    const card = page.getByTestId('recent-file').filter({ hasText: 'one-more.png' });
    await card.getByTestId('recent-ocr-normal').click();
    await expect(page.locator('.mantine-Notification-root').filter({ hasText: expected })).toBeVisible();
    // And to the usage page, with the refusal kept for it.
    await expect(page).toHaveURL(/\/usage$/);
    const stored = await page.evaluate(() => localStorage.getItem('invoicing.upgradeError'));
    expect(JSON.parse(stored ?? 'null')).toMatchObject({ message: refusal.message, limitType: 'ocr' });
    // There the refusal is told in the page language, over the credits that are left.
    const banner = page.getByTestId('usage-limit-banner');
    await expect(banner).toContainText(text(language, 'usage:banner.titles.ocr'));
    await expect(banner.getByTestId('usage-limit-message')).toHaveText(
      language === 'en' ? refusal.message : text('ar', 'usage:banner.messages.ocr'),
    );
    await expect(banner.getByTestId('usage-limit-usage')).toHaveText(
      text(language, 'usage:banner.usage', {
        used: String(refusal.current_usage),
        limit: String(refusal.limit),
      }),
    );
    await expect(page.getByTestId('usage-credits-remaining-value')).toHaveText('0');
    await expect(page.getByTestId('usage-credits-used')).toHaveText(
      text(language, 'usage:ofMax', { used: String(refusal.current_usage), max: String(refusal.limit) }),
    );
    await expect(page.getByTestId('usage-plan-card-pro')).toHaveAttribute('aria-current', 'true');
    await saveScreenshot(page, 'usage-refused', language);
    // Dismissed, it is gone for good.
    await banner.getByRole('button', { name: text(language, 'usage:banner.dismiss') }).click();
    await expect(banner).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('invoicing.upgradeError'))).toBeNull();

    // Nothing was started nor charged.
    const runs = await api.get<{ count: number }>(`/ocr/?attachment=${last.id}`);
    expect(runs.count).toBe(0);
    expect((await api.get<{ credits: { remaining: number } }>('/usage/summary/')).credits.remaining).toBe(0);
  });
}
