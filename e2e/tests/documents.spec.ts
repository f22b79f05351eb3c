import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  chooseOrganization,
  demo,
  demoOrganizations,
  languages,
  login,
  saveScreenshot,
  text,
  uniqueEmail,
  useLanguage,
} from '../support/app';

/** The text of a PDF file as poppler reads it, without the marks around right-to-left runs. */
function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-enc', 'UTF-8', file, '-'], { encoding: 'utf8' })
    .replace(/[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, '')
    .replace(/\s+/g, ' ');
}

/** A new owner with an organization of their own and one SENT invoice, made through the API. */
async function ownerWithInvoice(request: APIRequestContext, organization: string) {
  const email = uniqueEmail('documents');
  const password = 'documents-password-1';
  const registered = await request.post('/api/v1/auth/register', {
    data: { name: 'Dina', email, password, organization_name: organization },
  });
  expect(registered.status()).toBe(201);
  const { tokens } = (await registered.json()) as { tokens: { access: string } };
  const [org] = (await (
    await request.get('/api/v1/orgs/', { headers: { Authorization: `Bearer ${tokens.access}` } })
  ).json()) as { id: string }[];
  const headers = { Authorization: `Bearer ${tokens.access}`, 'X-Organization-ID': org!.id };
  const customer = (await (
    await request.post('/api/v1/customers/', { headers, data: { name: 'Delta Supplies' } })
  ).json()) as { id: string };
  const invoice = await request.post('/api/v1/invoices/', {
    headers,
    data: {
      customer_id: customer.id,
      issue_date: '2026-11-01',
      due_date: '2026-11-15',
      status: 'SENT',
      lines_data: [{ description: 'Consulting', quantity: 3, unit_price: '250.00' }],
    },
  });
  expect(invoice.status()).toBe(201);
  return { email, password, invoice: (await invoice.json()) as { id: string; number: string } };
}

const frame = (page: Page) => page.frameLocator('[data-testid="preview-frame"]');

for (const language of languages) {
  // English on the Egyptian organization; Arabic on the Saudi one, whose invoices carry ZATCA's QR code.
  const organization = language === 'ar' ? demoOrganizations.gulf : demoOrganizations.nile;

  test(`an invoice previewed as the customer sees it, and downloaded as PDF (${language})`, async ({
    page,
  }) => {
    await useLanguage(page, language);
    await login(page, demo.email, demo.password);
    await chooseOrganization(page, organization);
    await page.goto('/invoices');
    const row = page.getByTestId('invoice-row').first();
    const number = (await row.getByTestId('invoice-number').innerText()).trim();
    await row.getByTestId('invoice-menu').click();
    await page.getByTestId('invoice-menu-preview').click();

    const preview = page.getByTestId('invoice-preview');
    await expect(preview.getByRole('dialog')).toBeVisible();
    const document = frame(page);
    await expect(document.locator('html')).toHaveAttribute('dir', language === 'ar' ? 'rtl' : 'ltr');
    await expect(document.locator('.seller-name')).toHaveText(organization);
    await expect(document.locator('.doc-number')).toHaveText(number);
    await expect(document.locator('.totals')).toContainText(language === 'ar' ? 'الإجمالي' : 'Total');
    await expect(document.locator('.qr svg')).toHaveCount(language === 'ar' ? 1 : 0);
    await saveScreenshot(page, 'invoice-preview', language, { fullPage: false });

    // Both languages side by side.
    await preview
      .getByTestId('preview-language')
      .getByText(text(language, 'invoices:preview.languages.bilingual'))
      .click();
    await expect(document.locator('.totals')).toContainText('Total');
    await expect(document.locator('.totals')).toContainText('الإجمالي');

    // Back to the page's language, with Arabic-Indic digits in Arabic; then the PDF of that.
    await preview
      .getByTestId('preview-language')
      .getByText(text(language, `invoices:preview.languages.${language}`), { exact: true })
      .click();
    if (language === 'ar') {
      await preview
        .getByTestId('preview-digits')
        .getByText(text('ar', 'invoices:preview.digits.arab'))
        .click();
      await expect(document.locator('.grand td')).toContainText(/[٠-٩]/);
    }
    await expect(preview.getByTestId('preview-print')).toBeEnabled();
    const answer = page.waitForResponse((r) => r.url().includes('/pdf/'));
    const download = page.waitForEvent('download');
    await preview.getByTestId('preview-download').click();
    expect((await answer).headers()['content-type']).toBe('application/pdf');
    const file = await download;
    expect(file.suggestedFilename()).toBe(`${number}${language === 'ar' ? '-ar' : ''}.pdf`);
    const saved = await file.path();
    expect(readFileSync(saved).subarray(0, 5).toString()).toBe('%PDF-');
    const printed = pdfText(saved);
    expect(printed).toContain(organization);
    expect(printed).toContain(number);
    expect(printed).toContain(language === 'ar' ? 'فاتورة ضريبية مبسطة' : 'Subtotal');
  });

  test(`an invoice duplicated into a new draft, which is then deleted after a confirmation (${language})`, async ({
    page,
  }) => {
    const name = language === 'ar' ? `مؤسسة المستندات ${Date.now()}` : `Documents Org ${Date.now()}`;
    const owner = await ownerWithInvoice(page.request, name);
    await useLanguage(page, language);
    await login(page, owner.email, owner.password);
    await chooseOrganization(page, name);

    await page.goto(`/invoices/${owner.invoice.id}`);
    await expect(page.getByTestId('page-title')).toContainText(owner.invoice.number);
    // A sent invoice cannot be deleted.
    await expect(page.getByTestId('invoice-delete')).toBeDisabled();

    await page.getByTestId('invoice-duplicate').click();
    await expect(page).not.toHaveURL(new RegExp(owner.invoice.id));
    await expect(page.getByTestId('page-title')).toContainText('INV-000002');
    await expect(page.getByTestId('invoice-status-select')).toHaveValue(
      text(language, 'invoices:statuses.DRAFT'),
    );
    await expect(page.getByTestId('invoice-line')).toHaveCount(1);
    await expect(page.getByTestId('line-description')).toHaveValue('Consulting');

    await page.getByTestId('invoice-delete').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('INV-000002');
    await saveScreenshot(page, 'invoice-delete-draft', language, { fullPage: false });
    await dialog.getByTestId('invoice-delete-confirm').click();
    await expect(page).toHaveURL(/\/invoices$/);
    await expect(page.getByTestId('invoice-row')).toHaveCount(1);
    await expect(page.getByTestId('invoice-number')).toHaveText(owner.invoice.number);
  });
}

for (const language of languages) {
  test(`an owner gives the organization its Saudi VAT number, and the invoice carries ZATCA's QR code (${language})`, async ({
    page,
  }) => {
    const name = language === 'ar' ? `مؤسسة الرياض ${Date.now()}` : `Riyadh Traders ${Date.now()}`;
    const owner = await ownerWithInvoice(page.request, name);
    await useLanguage(page, language);
    await login(page, owner.email, owner.password);
    await chooseOrganization(page, name);

    await page.getByTestId('organization-settings-link').click();
    await expect(page).toHaveURL(/\/organization$/);
    await page.getByTestId('organization-country').click();
    await page.getByRole('option', { name: text(language, 'orgs:settings.countries.SA') }).click();
    await page.getByTestId('organization-tax-id').fill('12345');
    await page.getByTestId('organization-submit').click();
    await expect(page.getByText(text(language, 'errors:validation.saudiVatNumberInvalid'))).toBeVisible();
    await page.getByTestId('organization-tax-id').fill('310122393500003');
    await page
      .getByTestId('organization-address')
      .fill(language === 'ar' ? 'طريق الملك فهد، الرياض' : 'King Fahd Rd, Riyadh');
    await page.getByTestId('organization-submit').click();
    await expect(page.getByText(text(language, 'orgs:settings.saved'))).toBeVisible();
    await saveScreenshot(page, 'organization-details', language);

    await page.goto(`/invoices/${owner.invoice.id}`);
    await page.getByTestId('invoice-preview-open').click();
    const document = frame(page);
    await expect(document.locator('.doc-title')).toContainText(
      language === 'ar' ? 'فاتورة ضريبية مبسطة' : 'Simplified Tax Invoice',
    );
    await expect(document.locator('.seller')).toContainText('310122393500003');
    await expect(document.locator('.qr svg')).toHaveCount(1);
  });
}
