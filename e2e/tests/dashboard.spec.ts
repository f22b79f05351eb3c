import { expect, test } from '@playwright/test';
import { languages, saveScreenshot, text } from '../support/app';
import { blankPng, organizationApi, signUpWithOrganization } from '../support/ocr';

for (const language of languages) {
  test(`the dashboard counts the files, runs and credits just made (${language})`, async ({ page }) => {
    test.setTimeout(180_000);
    const session = await signUpWithOrganization(page, language, `dashboard-${language}`);
    const api = organizationApi(page, session);
    await expect(page.getByTestId('dashboard-empty')).toBeVisible();
    await expect(page.getByTestId('card-ocr-value')).toHaveText('0');
    await expect(page.getByTestId('card-files-value')).toHaveText('0');

    // Meanwhile three files, one read with normal OCR (1 credit) and one with advanced OCR (10).
    const blank = blankPng();
    const one = await api.upload(blank, 'page-one.png');
    const two = await api.upload(blank, 'page-two.png');
    await api.upload(blank, 'page-three.png');
    expect((await api.startOcr(one.id, 'normal')).status()).toBe(202);
    expect((await api.startOcr(two.id, 'advanced')).status()).toBe(202);
    await expect
      .poll(async () => (await api.runs()).map((run) => run.status), { timeout: 120_000 })
      .toEqual(['DONE', 'DONE']);

    // Back to the dashboard from another page, the way a user comes back to it.
    await page.getByTestId('nav-ocr').click();
    await expect(page).toHaveURL(/\/ocr$/);
    await page.getByTestId('nav-dashboard').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const allSucceeded = await page.evaluate(
      (locale) =>
        new Intl.NumberFormat(locale, {
          style: 'percent',
          minimumFractionDigits: 1,
          maximumFractionDigits: 1,
        }).format(1),
      language === 'ar' ? 'ar-EG-u-nu-latn' : 'en-US',
    );
    await expect(page.getByTestId('card-ocr-value')).toHaveText('2');
    await expect(page.getByTestId('card-ocr-detail')).toHaveText(
      text(language, 'dashboard:cards.ocr.detail', { rate: allSucceeded }),
    );
    await expect(page.getByTestId('card-credits-value')).toHaveText('11');
    await expect(page.getByTestId('card-credits-detail')).toHaveText(
      text(language, 'dashboard:cards.credits.detail', { remaining: '89' }),
    );
    await expect(page.getByTestId('card-files-value')).toHaveText('3');
    await expect(page.getByTestId('ocr-successful')).toHaveText(
      `${text(language, 'dashboard:results.successful')}2`,
    );
    await expect(page.getByTestId('ocr-failed')).toHaveText(`${text(language, 'dashboard:results.failed')}0`);
    await expect(page.getByTestId('success-rate')).toHaveText(allSucceeded);
    const runs = page.getByTestId('recent-extractions').getByTestId('recent-extraction');
    await expect(runs.getByTestId('recent-name')).toHaveText(['page-two.png', 'page-one.png']);
    const files = page.getByTestId('recent-files').getByTestId('recent-file');
    await expect(files.getByTestId('recent-name')).toHaveText([
      'page-three.png',
      'page-two.png',
      'page-one.png',
    ]);
    await expect(page.getByTestId('dashboard-empty')).toHaveCount(0);
    await saveScreenshot(page, 'dashboard-figures', language);
  });
}
