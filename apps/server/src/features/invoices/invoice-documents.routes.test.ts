import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfPageCount, pdfPagePng, pdfText, readQrCode } from '../../test/pdf';
import { bearer, createTestApp, json, registerUser, type TestApp } from '../../test/test-app';
import { decodeZatcaTlv } from './zatca-qr';

let t: TestApp;

interface Org {
  id: string;
  h: Record<string, string>;
}

const call = (org: Org, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: org.h, ...(payload ? { payload } : {}) });

/** An organization with its profile, a customer and one invoice of three lines (subtotal 1,000.00). */
const organizationWithInvoice = async (profile: {
  name: string;
  country: string | null;
  tax_id: string;
  address: string;
}) => {
  const u = await registerUser(t.app, { organization_name: profile.name });
  const org = { id: u.organization.id, h: bearer(u.tokens.access, u.organization.id) };
  expect((await call(org, 'PUT', '/orgs/current/', profile)).statusCode).toBe(200);
  const customer = json<{ id: string }>(
    await call(org, 'POST', '/customers/', {
      name: 'Alexandria Traders',
      email: 'accounts@alex.example',
      tax_id: '555-123-999',
      address: '7 Corniche Rd, Alexandria',
    }),
  ).id;
  const res = await call(org, 'POST', '/invoices/', {
    customer_id: customer,
    issue_date: '2026-11-05',
    due_date: '2026-12-05',
    status: 'SENT',
    currency: profile.country === 'SA' ? 'SAR' : 'EGP',
    lines_data: [
      { description: 'Office desk', quantity: 2, unit_price: '400.00' },
      { description: 'توصيل وتركيب', quantity: 1, unit_price: '150.00' },
      { description: 'Cables', quantity: '2.5', unit_price: '20.00' },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  const invoice = json<{ id: string; number: string; created_at: string }>(res);
  return { org, invoice };
};

const pdfOf = (org: Org, id: string, query = '') => call(org, 'GET', `/invoices/${id}/pdf/${query}`);

let egypt: Awaited<ReturnType<typeof organizationWithInvoice>>;

beforeAll(async () => {
  t = await createTestApp();
  egypt = await organizationWithInvoice({
    name: 'Nile Trading Co.',
    country: 'EG',
    tax_id: '100-200-300',
    address: '15 Talaat Harb St, Cairo',
  });
});
afterAll(() => t.close());

describe('the PDF of an invoice', { timeout: 120_000 }, () => {
  it('is a real PDF, in English by default, with the seller, customer, lines and figures', async () => {
    const res = await pdfOf(egypt.org, egypt.invoice.id);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="${egypt.invoice.number}.pdf"; filename*=UTF-8''${egypt.invoice.number}.pdf`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pdfPageCount(res.rawPayload)).toBe(1);
    const text = await pdfText(res.rawPayload);
    for (const expected of [
      'Nile Trading Co.',
      '15 Talaat Harb St, Cairo',
      'Tax ID: 100-200-300',
      'Invoice',
      egypt.invoice.number,
      'Sent',
      'Bill to',
      'Alexandria Traders',
      '7 Corniche Rd, Alexandria',
      'Tax ID: 555-123-999',
      'Issue date 5 November 2026',
      'Due date 5 December 2026',
      'Office desk 2 EGP 400.00 EGP 800.00',
      'توصيل وتركيب',
      'Cables 2.5 EGP 20.00 EGP 50.00',
      'Subtotal EGP 1,000.00',
      'Tax (14%) EGP 140.00',
      'Total EGP 1,140.00',
    ]) {
      expect(text).toContain(expected);
    }
    // No ZATCA code outside Saudi Arabia.
    expect(await readQrCode(await pdfPagePng(res.rawPayload))).toBeNull();
  });

  it('is right to left in Arabic, with Arabic labels, and Arabic-Indic digits when asked', async () => {
    const western = await pdfOf(egypt.org, egypt.invoice.id, '?language=ar');
    expect(western.statusCode).toBe(200);
    expect(western.headers['content-disposition']).toContain(`filename="${egypt.invoice.number}-ar.pdf"`);
    const text = await pdfText(western.rawPayload);
    for (const label of [
      'فاتورة إلى',
      'رقم الفاتورة',
      'تاريخ الإصدار',
      'المجموع الفرعي',
      'الإجمالي',
      'مرسلة',
    ]) {
      expect(text).toContain(label);
    }
    expect(text).toContain('Nile Trading Co.');
    expect(text).toContain('نوفمبر');
    expect(text).toContain('1,140.00');
    expect(text).not.toContain('Subtotal');

    const indic = await pdfText(
      (await pdfOf(egypt.org, egypt.invoice.id, '?language=ar&digits=arab')).rawPayload,
    );
    expect(indic).toContain('١٬١٤٠٫٠٠');
    expect(indic).not.toContain('1,140.00');
    // The invoice number is an identifier: written as it was typed.
    expect(indic).toContain(egypt.invoice.number);
  });

  it('puts both languages side by side in the bilingual layout', async () => {
    const res = await pdfOf(egypt.org, egypt.invoice.id, '?language=bilingual');
    expect(res.headers['content-disposition']).toContain(`filename="${egypt.invoice.number}-en-ar.pdf"`);
    const text = await pdfText(res.rawPayload);
    for (const label of ['Subtotal', 'المجموع الفرعي', 'Bill to', 'فاتورة إلى', 'Total', 'الإجمالي']) {
      expect(text).toContain(label);
    }
    expect(text).toContain('5 November 2026');
    expect(text).toContain('نوفمبر');
  });

  it('refuses an unknown language, and answers 404 for an invoice that is not there', async () => {
    const bad = await pdfOf(egypt.org, egypt.invoice.id, '?language=fr');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).code).toBe('VALIDATION_FAILED');
    const missing = await pdfOf(egypt.org, '00000000-0000-4000-8000-000000000000');
    expect(missing.statusCode).toBe(404);
  });
});

describe('the document of an invoice', () => {
  it('is the self-contained page the PDF is printed from, with its file name', async () => {
    const res = await call(egypt.org, 'GET', `/invoices/${egypt.invoice.id}/document/?language=ar`);
    expect(res.statusCode).toBe(200);
    const document = json<{
      html: string;
      file_name: string;
      zatca_qr: string | null;
      zatca_vat_number_missing: boolean;
    }>(res);
    expect(document.file_name).toBe(`${egypt.invoice.number}-ar.pdf`);
    expect(document.zatca_qr).toBeNull();
    expect(document.zatca_vat_number_missing).toBe(false);
    expect(document.html).toMatch(/^<!doctype html>\s*<html lang="ar" dir="rtl">/);
    // Nothing to fetch: no link, script or picture from anywhere.
    expect(document.html).not.toMatch(/<(script|link|img|iframe)\b|url\(|@import/i);
  });

  it('writes what users typed as text, never as markup', async () => {
    const { org, invoice } = await organizationWithInvoice({
      name: '<img src=x onerror=alert(1)> & Co',
      country: null,
      tax_id: '',
      address: '',
    });
    const document = json<{ html: string }>(await call(org, 'GET', `/invoices/${invoice.id}/document/`));
    expect(document.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; Co');
    expect(document.html).not.toContain('<img');
  });
});

describe("ZATCA's QR code on a Saudi organization's invoices", { timeout: 120_000 }, () => {
  it('carries the seller, VAT number, time stamp, total and VAT, read back from the printed page', async () => {
    const { org, invoice } = await organizationWithInvoice({
      name: 'شركة الخليج للتجارة',
      country: 'SA',
      tax_id: '310122393500003',
      address: 'طريق الملك فهد، الرياض',
    });
    const expected = {
      sellerName: 'شركة الخليج للتجارة',
      vatNumber: '310122393500003',
      timestamp: `2026-11-05T${invoice.created_at.slice(11, 19)}Z`,
      totalWithVat: '1140.00',
      vatTotal: '140.00',
    };
    const document = json<{ html: string; zatca_qr: string }>(
      await call(org, 'GET', `/invoices/${invoice.id}/document/?language=ar`),
    );
    expect(decodeZatcaTlv(document.zatca_qr)).toEqual(expected);
    // Tag 1, then the byte length of the UTF-8 name (17 letters of two bytes each and two spaces: 36, not its 19 characters), then it.
    const bytes = Buffer.from(document.zatca_qr, 'base64');
    expect([bytes[0], bytes[1]]).toEqual([1, Buffer.byteLength(expected.sellerName)]);
    expect(bytes[1]).toBe(36);
    expect(document.html).toContain('فاتورة ضريبية مبسطة');

    for (const language of ['ar', 'en', 'bilingual']) {
      const pdf = await pdfOf(org, invoice.id, `?language=${language}`);
      expect(pdf.statusCode).toBe(200);
      const read = await readQrCode(await pdfPagePng(pdf.rawPayload));
      expect(read, language).toBe(document.zatca_qr);
      expect(decodeZatcaTlv(read!)).toEqual(expected);
    }
    const english = await pdfText((await pdfOf(org, invoice.id)).rawPayload);
    expect(english).toContain('Simplified Tax Invoice');
    expect(english).toContain('VAT number: 310122393500003');
    expect(english).toContain('VAT (14%) SAR 140.00');
  });

  it('is left out while the organization has no VAT number, and the answer says so', async () => {
    const { org, invoice } = await organizationWithInvoice({
      name: 'Gulf Supplies',
      country: 'SA',
      tax_id: '',
      address: 'Jeddah',
    });
    const document = json<{ zatca_qr: string | null; zatca_vat_number_missing: boolean }>(
      await call(org, 'GET', `/invoices/${invoice.id}/document/`),
    );
    expect(document).toMatchObject({ zatca_qr: null, zatca_vat_number_missing: true });
    const pdf = await pdfOf(org, invoice.id);
    expect(await readQrCode(await pdfPagePng(pdf.rawPayload))).toBeNull();
  });
});

describe('when the PDF cannot be printed', () => {
  it('answers 503 with a clear message, and the document is still there', async () => {
    const broken = await createTestApp({ CHROMIUM_PATH: '/nonexistent/chromium' });
    try {
      const u = await registerUser(broken.app);
      const h = bearer(u.tokens.access, u.organization.id);
      const customer = json<{ id: string }>(
        await broken.app.inject({
          method: 'POST',
          url: '/api/v1/customers/',
          headers: h,
          payload: { name: 'X' },
        }),
      ).id;
      const invoice = json<{ id: string }>(
        await broken.app.inject({
          method: 'POST',
          url: '/api/v1/invoices/',
          headers: h,
          payload: {
            customer_id: customer,
            issue_date: '2026-11-05',
            due_date: '2026-12-05',
            lines_data: [{ description: 'x', quantity: 1, unit_price: '1' }],
          },
        }),
      ).id;
      const res = await broken.app.inject({
        method: 'GET',
        url: `/api/v1/invoices/${invoice}/pdf/`,
        headers: h,
      });
      expect(res.statusCode).toBe(503);
      expect(json(res)).toEqual({
        detail: 'The PDF could not be made just now. Try again in a moment.',
        code: 'DOCUMENT_RENDER_FAILED',
      });
      const document = await broken.app.inject({
        method: 'GET',
        url: `/api/v1/invoices/${invoice}/document/`,
        headers: h,
      });
      expect(document.statusCode).toBe(200);
    } finally {
      await broken.close();
    }
  });
});
