import { expect, test } from '@playwright/test';
import { chooseOrganization, demo, demoOrganizations, languages, login, useLanguage } from '../support/app';

for (const language of languages) {
  test(`the totals of the invoice list line up on their decimals (${language})`, async ({ page }) => {
    await useLanguage(page, language);
    await login(page, demo.email, demo.password);
    await chooseOrganization(page, demoOrganizations.nile);
    await page.goto('/invoices');
    await expect(page.getByTestId('invoice-row').nth(2)).toBeVisible();
    // Where each amount's text ends on the screen: one currency, figures of one width, so one edge.
    const edges = await page.getByTestId('invoice-total').evaluateAll((cells) =>
      cells.map((cell) => {
        const range = document.createRange();
        range.selectNodeContents(cell);
        return Math.round(range.getBoundingClientRect().right);
      }),
    );
    expect(edges.length).toBeGreaterThan(2);
    expect(Math.max(...edges) - Math.min(...edges)).toBeLessThanOrEqual(1);
  });
}
