import type { Invoice, InvoiceListItem } from '@invoicing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../../lib/storage';
import { setOrganizationId, setTokens } from '../../../lib/storage';
import { fakeAccessToken, jsonResponse, renderPages, stubApi, type ApiCall } from '../../../test/render';
import { InvoiceEditorPage } from './invoice-editor';
import { InvoiceList } from './invoice-list';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function invoice(n: number, status: Invoice['status']): Invoice {
  return {
    id: id(n),
    number: `INV-${String(n).padStart(6, '0')}`,
    status,
    issue_date: '2026-01-15',
    due_date: '2026-02-14',
    currency: 'EGP',
    subtotal: '100.00',
    tax_rate: '14.00',
    tax_amount: '14.00',
    total: '114.00',
    customer: { id: id(900), name: 'Nile Trading Co.', email: '' },
    lines: [
      {
        id: id(800),
        item: null,
        description: 'Consulting',
        quantity: '1',
        unit_price: '100.00',
        total: '100.00',
      },
    ],
    image_url: null,
    image_preview_url: null,
    image_mime: null,
    image_name: null,
    image_status: 'no_image',
    image_deleted_at: null,
    image_deleted_by_name: null,
    image_deletion_reason: null,
    has_image: false,
    created_at: '2026-01-15T09:00:00Z',
    updated_at: '2026-01-15T09:00:00Z',
  };
}

const listItem = (i: Invoice): InvoiceListItem => ({
  id: i.id,
  number: i.number,
  status: i.status,
  issue_date: i.issue_date,
  due_date: i.due_date,
  currency: i.currency,
  total: i.total,
  image_status: i.image_status,
  has_image: i.has_image,
  customer: i.customer,
});

/** A server holding `invoices`: lists, reads, deletes drafts and duplicates as the real one does. */
function fakeServer(invoices: Invoice[], options: { pdfFails?: boolean; vatMissing?: boolean } = {}) {
  const stored = [...invoices];
  let next = 100;
  const calls = stubApi((call: ApiCall) => {
    if (call.path === '/orgs/current/')
      return jsonResponse(200, {
        id: 'org-1',
        name: 'Nile Trading Co.',
        currency: 'EGP',
        country: 'EG',
        tax_id: '',
        address: '',
        role: 'OWNER',
        subscription: null,
      });
    if (call.path === '/customers/' || call.path === '/items/')
      return jsonResponse(200, { count: 0, page: 1, page_size: 50, results: [] });
    if (call.path === '/invoices/' && call.method === 'GET')
      return jsonResponse(200, {
        count: stored.length,
        page: 1,
        page_size: 20,
        results: stored.map(listItem),
      });
    const doc = /^\/invoices\/([^/]+)\/(document|pdf)\/$/.exec(call.path);
    if (doc) {
      const shown = stored.find((i) => i.id === doc[1])!;
      const { language, digits } = call.query as { language: string; digits: string };
      const suffix = language === 'en' ? '' : language === 'ar' ? '-ar' : '-en-ar';
      if (doc[2] === 'document')
        return jsonResponse(200, {
          html: `<!doctype html><html><body><p>${shown.number} ${language} ${digits}</p></body></html>`,
          file_name: `${shown.number}${suffix}.pdf`,
          zatca_qr: null,
          zatca_vat_number_missing: options.vatMissing ?? false,
        });
      if (options.pdfFails)
        return jsonResponse(503, {
          detail: 'The PDF could not be made just now. Try again in a moment.',
          code: 'DOCUMENT_RENDER_FAILED',
        });
      return new Response('%PDF-1.7 fake', {
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': `attachment; filename="${shown.number}${suffix}.pdf"; filename*=UTF-8''${shown.number}${suffix}.pdf`,
        },
      });
    }
    const match = /^\/invoices\/([^/]+)\/(duplicate\/)?$/.exec(call.path);
    const found = stored.find((i) => i.id === match?.[1]);
    if (!match || !found) return undefined;
    if (call.method === 'GET' && !match[2]) return jsonResponse(200, found);
    if (call.method === 'DELETE') {
      if (found.status !== 'DRAFT')
        return jsonResponse(409, {
          detail: 'Only draft invoices can be deleted.',
          code: 'INVOICE_NOT_DRAFT',
        });
      stored.splice(stored.indexOf(found), 1);
      return new Response(null, { status: 204 });
    }
    if (call.method === 'POST' && match[2]) {
      next += 1;
      const copy = { ...invoice(next, 'DRAFT'), lines: found.lines, customer: found.customer };
      stored.unshift(copy);
      return jsonResponse(201, copy);
    }
    return undefined;
  });
  return {
    calls: (method: string) => calls.filter((c) => c.method === method).map((c) => c.path),
    /** The document and PDF requests, with the language and digits asked for. */
    documents: () =>
      calls
        .filter((c) => /\/(document|pdf)\/$/.test(c.path))
        .map((c) => `${c.path.split('/').at(-2)} ${c.query.language} ${c.query.digits}`),
    numbers: () => stored.map((i) => i.number),
  };
}

const user = userEvent.setup({ delay: null });

/** The text as read, without the isolates that keep a Latin number in its place inside an Arabic sentence. */
const plain = (element: HTMLElement) => (element.textContent ?? '').replace(/[\u2068\u2069]/g, '');

const renderAt = (path: string, language?: Language) =>
  renderPages(
    {
      '/invoices': () => <InvoiceList />,
      '/invoices/:id': ({ id: at }) => <InvoiceEditorPage key={at} id={at} />,
    },
    path,
    language,
  );

const row = (number: string) =>
  screen.getAllByTestId('invoice-row').find((r) => r.textContent?.includes(number)) as HTMLElement;

/** The files the page handed to the browser to save: their names and contents. */
const saved: { name: string; blob: Blob }[] = [];

beforeEach(() => {
  setTokens({ access: fakeAccessToken(), refresh: 'r' });
  setOrganizationId('org-1');
  saved.length = 0;
  const blobs = new Map<string, Blob>();
  // jsdom has no object URLs and does not follow download links: the link clicked is what the browser saves.
  URL.createObjectURL = (blob: Blob) => {
    const url = `blob:test/${blobs.size}`;
    blobs.set(url, blob);
    return url;
  };
  URL.revokeObjectURL = () => {};
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ name: this.download, blob: blobs.get(this.href)! });
  });
});
afterEach(() => vi.restoreAllMocks());

describe('invoice actions in the list', { timeout: 30_000 }, () => {
  it('deletes a draft after a confirmation naming it, and offers no delete for other statuses', async () => {
    const server = fakeServer([invoice(1, 'DRAFT'), invoice(2, 'PAID')]);
    await renderAt('/invoices');
    await screen.findAllByTestId('invoice-row');

    await user.click(within(row('INV-000002')).getByTestId('invoice-menu'));
    expect(await screen.findByTestId('invoice-menu-duplicate')).toBeInTheDocument();
    expect(screen.queryByTestId('invoice-menu-delete')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    await user.click(within(row('INV-000001')).getByTestId('invoice-menu'));
    await user.click(await screen.findByTestId('invoice-menu-delete'));
    const dialog = await screen.findByRole('dialog');
    expect(plain(dialog)).toContain('Delete the draft invoice INV-000001? This cannot be undone.');
    // Cancel deletes nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(server.calls('DELETE')).toEqual([]);

    await user.click(within(row('INV-000001')).getByTestId('invoice-menu'));
    await user.click(await screen.findByTestId('invoice-menu-delete'));
    await user.click(await screen.findByTestId('invoice-delete-confirm'));
    expect(await screen.findByText('Invoice deleted')).toBeInTheDocument();
    expect(server.calls('DELETE')).toEqual([`/invoices/${id(1)}/`]);
    await waitFor(() => expect(screen.getAllByTestId('invoice-row')).toHaveLength(1));
    expect(screen.getByTestId('invoice-number')).toHaveTextContent('INV-000002');
  });

  it('duplicates an invoice and opens the new draft in the editor, in Arabic', async () => {
    const server = fakeServer([invoice(7, 'SENT')]);
    const { router } = await renderAt('/invoices', 'ar');
    await screen.findAllByTestId('invoice-row');
    await user.click(within(row('INV-000007')).getByTestId('invoice-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'نسخ' }));
    // The toast first: it closes by itself after 3 seconds.
    expect(plain(await screen.findByText(/نُسخت كمسودة برقم/))).toBe('نُسخت كمسودة برقم INV-000101');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invoices/${id(101)}`));
    expect(server.calls('POST')).toEqual([`/invoices/${id(7)}/duplicate/`]);
    await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('INV-000101'));
    expect(server.numbers()).toEqual(['INV-000101', 'INV-000007']);
  });
});

describe('invoice actions in the editor', { timeout: 30_000 }, () => {
  it('deletes a draft after confirmation and goes back to the list', async () => {
    const server = fakeServer([invoice(3, 'DRAFT')]);
    const { router } = await renderAt(`/invoices/${id(3)}`);
    await user.click(await screen.findByTestId('invoice-delete'));
    const dialog = await screen.findByTestId('invoice-delete-dialog');
    expect(dialog).toHaveTextContent('INV-000003');
    await user.click(within(screen.getByRole('dialog')).getByTestId('invoice-delete-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));
    expect(server.calls('DELETE')).toEqual([`/invoices/${id(3)}/`]);
    // No question about leaving: nothing is left to save.
    expect(screen.queryByTestId('leave-dialog')).not.toBeInTheDocument();
  });

  it('cannot delete an invoice that is not a draft, and says why', async () => {
    fakeServer([invoice(4, 'SENT')]);
    await renderAt(`/invoices/${id(4)}`);
    expect(await screen.findByTestId('invoice-delete')).toBeDisabled();
    await user.hover(screen.getByTestId('invoice-delete-reason'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Only draft invoices can be deleted');
  });

  it('duplicates the invoice on screen and opens the copy', async () => {
    const server = fakeServer([invoice(5, 'PAID')]);
    const { router } = await renderAt(`/invoices/${id(5)}`);
    await user.click(await screen.findByTestId('invoice-duplicate'));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/invoices/${id(101)}`));
    expect(server.calls('POST')).toEqual([`/invoices/${id(5)}/duplicate/`]);
    expect(plain(await screen.findByText(/Duplicated as draft/))).toBe('Duplicated as draft INV-000101');
    await waitFor(() => expect(screen.getByTestId('page-title')).toHaveTextContent('Invoice INV-000101'));
    expect(screen.getByTestId('invoice-delete')).toBeEnabled();
  });
});

describe('the invoice as a document', { timeout: 30_000 }, () => {
  it('previews it in the language chosen, with Arabic-Indic digits, and downloads that PDF', async () => {
    const server = fakeServer([invoice(8, 'SENT')]);
    await renderAt('/invoices');
    await user.click(within(await screen.findByTestId('invoice-row')).getByTestId('invoice-menu'));
    await user.click(await screen.findByTestId('invoice-menu-preview'));
    const frame = await screen.findByTestId('preview-frame');
    expect(frame).toHaveAttribute('srcdoc', expect.stringContaining('INV-000008 en latn'));
    // Nothing in the document runs.
    expect(frame).toHaveAttribute('sandbox', 'allow-same-origin allow-modals');
    expect(screen.queryByTestId('preview-digits')).not.toBeInTheDocument();
    // Print prints the document itself, not the page around it.
    const print = vi.fn();
    (frame as HTMLIFrameElement).contentWindow!.print = print;
    await user.click(screen.getByTestId('preview-print'));
    expect(print).toHaveBeenCalledTimes(1);

    await user.click(within(screen.getByTestId('preview-language')).getByLabelText('Arabic'));
    await user.click(
      within(await screen.findByTestId('preview-digits')).getByLabelText('Arabic-Indic digits (١٢٣)'),
    );
    await waitFor(() =>
      expect(screen.getByTestId('preview-frame')).toHaveAttribute(
        'srcdoc',
        expect.stringContaining('INV-000008 ar arab'),
      ),
    );
    await user.click(screen.getByTestId('preview-download'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]!.name).toBe('INV-000008-ar.pdf');
    expect(await saved[0]!.blob.text()).toBe('%PDF-1.7 fake');
    expect(server.documents()).toEqual([
      'document en latn',
      'document ar latn',
      'document ar arab',
      'pdf ar arab',
    ]);
  });

  it('downloads the PDF from the invoice page in the page language, and says when printing it failed', async () => {
    const server = fakeServer([invoice(9, 'PAID')], { pdfFails: true });
    await renderAt(`/invoices/${id(9)}`, 'ar');
    await user.click(await screen.findByTestId('invoice-download'));
    expect(
      await screen.findByText('تعذّر تنزيل ملف PDF: تعذّر إعداد ملف PDF الآن. حاول مرة أخرى بعد قليل.'),
    ).toBeInTheDocument();
    expect(server.documents()).toEqual(['pdf ar latn']);
    expect(saved).toEqual([]);
  });

  it('tells a Saudi organization without its VAT number where to add it', async () => {
    fakeServer([invoice(10, 'DRAFT')], { vatMissing: true });
    const { router } = await renderAt(`/invoices/${id(10)}`);
    await user.click(await screen.findByTestId('invoice-preview-open'));
    const notice = await screen.findByTestId('preview-zatca-missing');
    expect(notice).toHaveTextContent('ZATCA’s QR code');
    await user.click(within(notice).getByRole('link', { name: 'Add the VAT number' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/organization'));
  });
});
