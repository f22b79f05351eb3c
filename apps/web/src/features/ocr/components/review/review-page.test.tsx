import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setOrganizationId, setTokens } from '../../../../lib/storage';
import { fakeAccessToken, jsonResponse, renderApp } from '../../../../test/render';
import { extractionOf, fakeOcrServer, ids } from '../../test/fake-ocr-server';

const user = userEvent.setup({ delay: null });
const box = (field: string) =>
  screen.getAllByTestId('review-box').find((element) => element.getAttribute('data-field') === field)!;

beforeEach(() => {
  setTokens({ access: fakeAccessToken(), refresh: 'r' });
  setOrganizationId('org-1');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('OCR review screen', { timeout: 20_000 }, () => {
  it('draws a box per field read, coloured by confidence, and a click on one focuses its field', async () => {
    fakeOcrServer({ extractions: [extractionOf()] });
    await renderApp(`/ocr/${ids.extraction}`);
    expect(await screen.findByTestId('review-page-image')).toHaveAttribute(
      'src',
      `/files/${ids.scan}/page-1?sig=abc`,
    );
    expect(screen.getAllByTestId('review-box')).toHaveLength(5);
    expect(box('invoice_number')).toHaveAttribute('data-level', 'high');
    expect(box('line_items.0.total')).toHaveAttribute('data-level', 'medium');
    expect(box('customer.name')).toHaveAttribute('data-level', 'low');
    expect(box('vendor.name')).toHaveAccessibleName('Vendor name: Delta Supplies (confidence 91.0%)');
    expect(screen.getByTestId('review-legend')).toHaveTextContent('High (85% or more)');

    await user.click(box('vendor.name'));
    expect(screen.getByTestId('review-field-vendor.name')).toHaveFocus();
    expect(box('vendor.name')).toHaveAttribute('aria-pressed', 'true');

    // The other way round: a field being edited lights up its box; the keyboard reaches boxes too.
    await user.click(screen.getByTestId('review-field-total'));
    expect(box('total')).toHaveAttribute('aria-pressed', 'true');
    expect(box('vendor.name')).toHaveAttribute('aria-pressed', 'false');
    box('line_items.0.total').focus();
    await user.keyboard('{Enter}');
    expect(screen.getAllByTestId('review-line-total')[0]).toHaveFocus();
  });

  it('flags the arithmetic live when a line total does not agree', async () => {
    fakeOcrServer({ extractions: [extractionOf()] });
    await renderApp(`/ocr/${ids.extraction}`);
    expect(await screen.findByTestId('review-arithmetic')).toHaveTextContent('The figures add up.');
    const [firstTotal] = screen.getAllByTestId('review-line-total');
    await user.clear(firstTotal!);
    await user.type(firstTotal!, '250.00');
    const [row] = screen.getAllByTestId('review-line');
    expect(within(row!).getByTestId('review-line-check')).toHaveTextContent(
      'Quantity × unit price is EGP 200.00',
    );
    expect(screen.getByTestId('review-subtotal-check')).toHaveTextContent('The lines add up to EGP 350.00');
    expect(screen.getByTestId('review-arithmetic')).toHaveTextContent('Some figures do not add up.');
    expect(screen.queryByTestId('review-total-check')).not.toBeInTheDocument();

    await user.clear(screen.getByTestId('review-field-total'));
    await user.type(screen.getByTestId('review-field-total'), '300.00');
    expect(screen.getByTestId('review-total-check')).toHaveTextContent('Subtotal plus tax is EGP 342.00');
  });

  it('saves the corrected fields and shows them in the history', async () => {
    const server = fakeOcrServer({ extractions: [extractionOf()] });
    await renderApp(`/ocr/${ids.extraction}`);
    const save = await screen.findByTestId('review-save');
    expect(save).toBeDisabled();
    const vendor = screen.getByTestId('review-field-vendor.name');
    await user.clear(vendor);
    await user.type(vendor, 'Delta Supplies Ltd');
    const [firstTotal] = screen.getAllByTestId('review-line-total');
    await user.clear(firstTotal!);
    await user.type(firstTotal!, '210.00');
    await user.click(save);

    expect(await screen.findByText('Corrections saved')).toBeInTheDocument();
    const [patch] = server.writes();
    expect(patch).toMatchObject({
      method: 'PATCH',
      path: `/ocr/${ids.extraction}/`,
      body: {
        invoice_number: 'INV-2041',
        currency: 'EGP',
        vendor: { name: 'Delta Supplies Ltd', tax_id: '200-300-400' },
        customer: { name: 'Nile Trading Co.', tax_id: '', address: '' },
        total: '342.00',
        line_items: [
          { description: 'Paper A4', quantity: '2', unit_price: '100.00', total: '210.00' },
          { description: 'Toner', quantity: '1', unit_price: '100.00', total: '100.00' },
        ],
      },
    });
    const entry = await screen.findByTestId('review-history-entry');
    // Names and values are isolated from the sentence's direction; the words are what matter here.
    const text = entry.textContent?.replace(/[\u2068\u2069]/g, '');
    expect(text).toContain('Mona Said');
    expect(text).toContain('Vendor name: Delta Supplies → Delta Supplies Ltd');
    expect(text).toContain('Line 1 · Total: 200.00 → 210.00');
    // The form starts again from what the server kept: nothing left to save.
    expect(screen.getByTestId('review-save')).toBeDisabled();
  });

  it('shows field errors on their fields, from the form and from the server', async () => {
    const server = fakeOcrServer({ extractions: [extractionOf()] }, (call) =>
      call.method === 'PATCH'
        ? jsonResponse(400, {
            detail: 'Validation failed',
            code: 'VALIDATION_FAILED',
            errors: { 'vendor.tax_id': ['This text is too long'] },
          })
        : undefined,
    );
    await renderApp(`/ocr/${ids.extraction}`);
    const [quantity] = await screen.findAllByTestId('review-line-quantity');
    await user.clear(quantity!);
    await user.type(quantity!, 'two');
    await user.click(screen.getByTestId('review-save'));
    expect(quantity).toHaveAccessibleDescription('Enter a valid quantity');
    expect(server.writes()).toHaveLength(0);

    await user.clear(quantity!);
    await user.type(quantity!, '3');
    await user.click(screen.getByTestId('review-save'));
    await waitFor(() =>
      expect(screen.getByTestId('review-field-vendor.tax_id')).toHaveAccessibleDescription(
        'This text is too long',
      ),
    );
    expect(quantity).not.toHaveAttribute('aria-invalid', 'true');
  });

  it('creates the invoice from the reviewed data and opens it in the editor', async () => {
    const server = fakeOcrServer({ extractions: [extractionOf()] });
    const { router } = await renderApp(`/ocr/${ids.extraction}`);
    await user.click(await screen.findByTestId('review-create-invoice'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invoices/${ids.invoice}`));
    expect(server.writes()).toEqual([
      expect.objectContaining({ method: 'POST', path: `/ocr/${ids.extraction}/apply/` }),
    ]);
  });

  it('saves unsaved corrections before making the invoice from them', async () => {
    const server = fakeOcrServer({ extractions: [extractionOf()] });
    const { router } = await renderApp(`/ocr/${ids.extraction}`);
    const number = await screen.findByTestId('review-field-invoice_number');
    fireEvent.change(number, { target: { value: 'INV-2042' } });
    await user.click(screen.getByTestId('review-create-invoice'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invoices/${ids.invoice}`));
    expect(server.writes().map((c) => `${c.method} ${c.path}`)).toEqual([
      `PATCH /ocr/${ids.extraction}/`,
      `POST /ocr/${ids.extraction}/apply/`,
    ]);
  });

  it('offers the invoice already made instead of making another', async () => {
    fakeOcrServer({ extractions: [extractionOf({ invoice_id: ids.invoice, invoice_number: 'INV-000042' })] });
    await renderApp(`/ocr/${ids.extraction}`);
    expect(await screen.findByTestId('review-open-invoice')).toHaveAttribute(
      'href',
      `/invoices/${ids.invoice}`,
    );
    expect(screen.queryByTestId('review-create-invoice')).not.toBeInTheDocument();
  });

  it.each([
    ['not-an-id', 'en', 'This OCR result does not exist in this organization.'],
    ['0f0e0d0c-0b0a-4998-8776-554433221100', 'ar', 'نتيجة التعرّف الضوئي هذه غير موجودة في هذه المؤسسة.'],
  ] as const)('says that /ocr/%s names no result, with the way back (%s)', async (id, language, message) => {
    fakeOcrServer({ extractions: [] }, (call) =>
      call.path === `/ocr/${id}/`
        ? id === 'not-an-id'
          ? jsonResponse(400, {
              detail: 'id: Not a valid id',
              code: 'VALIDATION_FAILED',
              errors: { id: ['Not a valid id'] },
            })
          : jsonResponse(404, { detail: 'OCR result not found.', code: 'NOT_FOUND' })
        : undefined,
    );
    await renderApp(`/ocr/${id}`, language);
    expect(await screen.findByTestId('review-not-found')).toHaveTextContent(message);
    expect(screen.queryByText(/Not a valid id/)).not.toBeInTheDocument();
  });

  it('mirrors the form in Arabic but not the page picture', async () => {
    fakeOcrServer({ extractions: [extractionOf()] });
    await renderApp(`/ocr/${ids.extraction}`, 'ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('مراجعة نتيجة التعرف الضوئي');
    expect(screen.getByTestId('review-page-image').parentElement).toHaveAttribute('dir', 'ltr');
    expect(box('vendor.name')).toHaveAccessibleName(/^اسم المورّد: Delta Supplies/);
    expect(screen.getByTestId('review-create-invoice')).toHaveTextContent('إنشاء فاتورة من هذه البيانات');
    await user.click(box('total'));
    expect(screen.getByTestId('review-field-total')).toHaveFocus();
  });
});
