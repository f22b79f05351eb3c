import { computeInvoiceTotals, INVOICE_TAX_RATE } from '@invoicing/contract';
import type { Customer, Invoice, Item } from '@invoicing/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../../lib/storage';
import { setOrganizationId, setTokens } from '../../../lib/storage';
import { fakeAccessToken, jsonResponse, renderPages } from '../../../test/render';
import { InvoiceEditorPage } from './invoice-editor';

const customerId = '0b6f8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b';
const itemId = '7d3c2b1a-9e8f-4a6b-8c5d-4e3f2a1b0c9d';
const invoiceId = '5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d';

const customers: Customer[] = [
  {
    id: customerId,
    name: 'Nile Trading Co.',
    email: 'accounts@nile.example',
    phone: '',
    tax_id: '',
    address: '',
    created_at: '2026-01-02T10:00:00Z',
  },
];

const items: Item[] = [
  {
    id: itemId,
    name: 'Consulting hour',
    sku: 'CONS-1',
    currency: 'EGP',
    unit_price: '19.99',
    tax_rate: '14.00',
    created_at: '2026-01-02T10:00:00Z',
  },
];

const page = <T,>(results: T[]) => ({ count: results.length, page: 1, page_size: 50, results });

interface LineInput {
  item_id?: string | null;
  description: string;
  quantity: string;
  unit_price: string;
}

/** What the server answers for a saved invoice: the figures are its own, computed from the lines. */
function invoiceFrom(input: {
  id?: string;
  number: string;
  status: Invoice['status'];
  issue_date: string;
  due_date: string;
  lines: LineInput[];
}): Invoice {
  const totals = computeInvoiceTotals(input.lines, INVOICE_TAX_RATE);
  const money = (value: string) => Number(value).toFixed(2);
  return {
    id: input.id ?? invoiceId,
    number: input.number || 'INV-0001',
    status: input.status,
    issue_date: input.issue_date,
    due_date: input.due_date,
    currency: 'EGP',
    subtotal: totals.subtotal,
    tax_rate: INVOICE_TAX_RATE,
    tax_amount: totals.tax_amount,
    total: totals.total,
    customer: { id: customerId, name: 'Nile Trading Co.', email: 'accounts@nile.example' },
    lines: input.lines.map((line, index) => ({
      id: `line-${index}`,
      item: line.item_id ?? null,
      description: line.description,
      quantity: line.quantity,
      unit_price: money(line.unit_price),
      total: totals.lines[index] ?? '0.00',
    })),
    image_url: null,
    image_preview_url: null,
    image_mime: null,
    image_name: null,
    image_status: 'no_image',
    image_deleted_at: null,
    image_deleted_by_name: null,
    image_deletion_reason: null,
    has_image: false,
    created_at: '2026-01-10T09:00:00Z',
    updated_at: '2026-01-10T09:00:00Z',
  };
}

const existingInvoice = invoiceFrom({
  number: 'INV-0042',
  status: 'SENT',
  issue_date: '2026-01-10',
  due_date: '2026-02-09',
  lines: [
    { item_id: itemId, description: 'Consulting hour', quantity: '2', unit_price: '19.99' },
    { item_id: null, description: 'Delivery', quantity: '1', unit_price: '50.00' },
  ],
});

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

interface InvoiceBody {
  number: string;
  status: Invoice['status'];
  issue_date: string;
  due_date: string;
  lines_data: LineInput[];
}

const saved = (call: Call, status = 201) => {
  const body = call.body as InvoiceBody;
  return jsonResponse(status, invoiceFrom({ ...body, lines: body.lines_data }));
};

/** A fake API: `save` answers the invoice POST or PUT, everything else is canned. */
function fakeServer(options: { invoice?: Invoice; save?: (call: Call) => Response } = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const call: Call = {
        method: init?.method ?? 'GET',
        path: url.pathname.replace(/^\/api\/v1/, ''),
        query: url.searchParams,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      if (call.path === '/orgs/current/') {
        return jsonResponse(200, {
          id: 'org-1',
          name: 'Nile Trading Co.',
          currency: 'EGP',
          country: null,
          tax_id: '',
          address: '',
          role: 'OWNER',
          subscription: null,
        });
      }
      if (call.path === '/customers/') return jsonResponse(200, page(customers));
      if (call.path === '/items/') return jsonResponse(200, page(items));
      if (call.path === '/invoices/' && call.method === 'GET') return jsonResponse(200, page([]));
      if (options.invoice && call.path === `/invoices/${options.invoice.id}/` && call.method === 'GET') {
        return jsonResponse(200, options.invoice);
      }
      if (call.path.startsWith('/invoices/') && ['POST', 'PUT', 'PATCH'].includes(call.method)) {
        return (
          options.save?.(call) ?? jsonResponse(500, { detail: 'Internal server error.', code: 'INTERNAL' })
        );
      }
      return jsonResponse(404, { detail: 'Not found', code: 'NOT_FOUND' });
    }),
  );
  return { saves: () => calls.filter((c) => ['POST', 'PUT', 'PATCH'].includes(c.method)) };
}

/** The visible text, without the no-break spaces and direction marks Intl puts around amounts. */
const text = (element: HTMLElement) =>
  (element.textContent ?? '').replace(/[\u00a0\u202f]/g, ' ').replace(/[\u200e\u200f\u061c]/g, '');

function line(index: number) {
  const row = screen.getAllByTestId('invoice-line')[index];
  if (!row) throw new Error(`no line ${index}`);
  const inside = within(row);
  return {
    description: inside.getByTestId('line-description'),
    quantity: inside.getByTestId('line-quantity'),
    unitPrice: inside.getByTestId('line-unit-price'),
    total: () => text(inside.getByTestId('line-total')),
    remove: inside.getByTestId('line-remove'),
  };
}

function totals() {
  return {
    subtotal: text(screen.getByTestId('invoice-subtotal')),
    tax: text(screen.getByTestId('invoice-tax')),
    total: text(screen.getByTestId('invoice-grand-total')),
  };
}

// No delay between keystrokes: the tests stay fast without fake timers.
const user = userEvent.setup({ delay: null });

async function replaceValue(input: HTMLElement, value: string) {
  await user.clear(input);
  await user.type(input, value);
}

async function chooseOption(select: HTMLElement, name: string) {
  await user.click(select);
  await user.click(await screen.findByRole('option', { name }));
}

async function addFreeLine(description: string, quantity: string, unitPrice: string) {
  await user.click(screen.getByTestId('invoice-add-line'));
  const added = line(screen.getAllByTestId('invoice-line').length - 1);
  // The description is pasted: key by key, each letter would cost a render of the form and show nothing more.
  if (description) {
    await user.click(added.description);
    await user.paste(description);
  }
  await replaceValue(added.quantity, quantity);
  await replaceValue(added.unitPrice, unitPrice);
}

function isoDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

/** The editor's routes, as the app has them. */
const renderEditor = (path: string, language?: Language) =>
  renderPages(
    {
      '/invoices/new': () => <InvoiceEditorPage />,
      '/invoices/:id': ({ id }) => <InvoiceEditorPage key={id} id={id} />,
      '/invoices/:id/edit': ({ id }) => <InvoiceEditorPage key={id} id={id} />,
    },
    path,
    language,
  );

async function openNewInvoice(language: Language = 'en') {
  const rendered = await renderEditor('/invoices/new', language);
  expect(await screen.findByTestId('page-invoice-new')).toBeInTheDocument();
  await waitFor(() => expect(screen.getByTestId('invoice-currency')).toHaveValue('EGP'));
  return rendered;
}

/** Customer, one catalogue line (7 x 19.99) and one free line (3 x 0.10): ready to save. */
async function fillValidInvoice() {
  await chooseOption(screen.getByTestId('invoice-customer-select'), 'Nile Trading Co.');
  await chooseOption(screen.getByTestId('invoice-add-item'), 'Consulting hour (CONS-1)');
  await replaceValue(line(0).quantity, '7');
  await addFreeLine('Washers', '3', '0.1');
}

beforeEach(() => {
  setTokens({ access: fakeAccessToken(), refresh: 'r' });
  setOrganizationId('org-1');
});

// Typing into many Mantine inputs under jsdom takes seconds of CPU time, never of waiting.
describe('invoice editor: new invoice', { timeout: 30_000 }, () => {
  it('adds catalogue and free lines, updates the figures live and posts the invoice', async () => {
    const server = fakeServer({ save: (call) => saved(call) });
    const { router } = await openNewInvoice();
    expect(screen.getByTestId('invoice-no-lines')).toHaveTextContent('No lines yet');
    expect(totals()).toEqual({ subtotal: 'EGP 0.00', tax: 'EGP 0.00', total: 'EGP 0.00' });
    expect(screen.getByText('Tax (14%)')).toBeInTheDocument();

    await chooseOption(screen.getByTestId('invoice-customer-select'), 'Nile Trading Co.');
    expect(screen.getByTestId('invoice-customer-select')).toHaveValue('Nile Trading Co.');

    // A catalogue item brings its name and price.
    await chooseOption(screen.getByTestId('invoice-add-item'), 'Consulting hour (CONS-1)');
    expect(line(0).description).toHaveValue('Consulting hour');
    expect(line(0).quantity).toHaveValue(1);
    expect(line(0).unitPrice).toHaveValue(19.99);
    expect(line(0).total()).toBe('EGP 19.99');
    expect(totals()).toEqual({ subtotal: 'EGP 19.99', tax: 'EGP 2.80', total: 'EGP 22.79' });

    await replaceValue(line(0).quantity, '7');
    expect(line(0).total()).toBe('EGP 139.93');
    expect(totals()).toEqual({ subtotal: 'EGP 139.93', tax: 'EGP 19.59', total: 'EGP 159.52' });

    // 3 x 0.1 is 0.30, not 0.30000000000000004.
    await addFreeLine('Washers', '3', '0.1');
    expect(line(1).total()).toBe('EGP 0.30');
    expect(totals()).toEqual({ subtotal: 'EGP 140.23', tax: 'EGP 19.63', total: 'EGP 159.86' });

    // 1.5 x 33.33 = 49.995, rounded half up.
    await addFreeLine('Courier, per kg', '1.5', '33.33');
    expect(line(2).total()).toBe('EGP 50.00');
    expect(totals()).toEqual({ subtotal: 'EGP 190.23', tax: 'EGP 26.63', total: 'EGP 216.86' });

    // Removing a line takes it out of the figures.
    await user.click(line(1).remove);
    expect(screen.getAllByTestId('invoice-line')).toHaveLength(2);
    expect(totals()).toEqual({ subtotal: 'EGP 189.93', tax: 'EGP 26.59', total: 'EGP 216.52' });
    await addFreeLine('Washers', '3', '0.1');

    await user.click(screen.getByTestId('invoice-submit'));
    expect(await screen.findByText('Invoice created')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));

    const today = new Date();
    const in30Days = new Date(today);
    in30Days.setDate(in30Days.getDate() + 30);
    expect(server.saves()).toHaveLength(1);
    expect(server.saves()[0]).toMatchObject({ method: 'POST', path: '/invoices/' });
    expect(server.saves()[0]?.body).toEqual({
      customer_id: customerId,
      number: '',
      issue_date: isoDay(today),
      due_date: isoDay(in30Days),
      currency: 'EGP',
      status: 'DRAFT',
      lines_data: [
        { item_id: itemId, description: 'Consulting hour', quantity: '7', unit_price: '19.99' },
        { item_id: null, description: 'Courier, per kg', quantity: '1.5', unit_price: '33.33' },
        { item_id: null, description: 'Washers', quantity: '3', unit_price: '0.1' },
      ],
    });
  });

  it('shows the figures in Arabic, right to left, with Western digits', async () => {
    fakeServer();
    await openNewInvoice('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByRole('heading', { name: 'فاتورة جديدة' })).toBeInTheDocument();
    expect(screen.getByText('الضريبة (14%)')).toBeInTheDocument();

    await chooseOption(screen.getByTestId('invoice-add-item'), 'Consulting hour (CONS-1)');
    await replaceValue(line(0).quantity, '7');
    await addFreeLine('حلقات معدنية', '3', '0.1');
    expect(line(0).total()).toBe('139.93 ج.م.');
    expect(line(1).total()).toBe('0.30 ج.م.');
    expect(totals()).toEqual({ subtotal: '140.23 ج.م.', tax: '19.63 ج.م.', total: '159.86 ج.م.' });
    expect(screen.getByRole('button', { name: 'إنشاء الفاتورة' })).toBeInTheDocument();
  });

  it('refuses to send without customer or lines, a quantity below 1 or a negative price', async () => {
    const server = fakeServer({ save: (call) => saved(call) });
    await openNewInvoice();

    await user.click(screen.getByTestId('invoice-submit'));
    expect(screen.getByTestId('invoice-customer-select')).toHaveAccessibleDescription('Select a customer');
    expect(screen.getByTestId('invoice-lines-error')).toHaveTextContent('Add at least one line');

    await chooseOption(screen.getByTestId('invoice-customer-select'), 'Nile Trading Co.');
    await addFreeLine('Washers', '0.5', '-2');
    await addFreeLine('', '-1', '10');
    await user.click(screen.getByTestId('invoice-submit'));

    expect(line(0).quantity).toHaveAccessibleDescription('Quantity must be at least 1');
    expect(line(0).unitPrice).toHaveAccessibleDescription('Price cannot be negative');
    expect(line(1).quantity).toHaveAccessibleDescription('Quantity must be at least 1');
    expect(line(1).description).toHaveAccessibleDescription('Line description is required');
    expect(line(1).unitPrice).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByTestId('invoice-lines-error')).not.toBeInTheDocument();
    expect(server.saves()).toHaveLength(0);

    // Corrected values clear the messages and the invoice goes out.
    await replaceValue(line(0).quantity, '1');
    await replaceValue(line(0).unitPrice, '2');
    await replaceValue(line(1).quantity, '1');
    await user.type(line(1).description, 'Bolts');
    await user.click(screen.getByTestId('invoice-submit'));
    await waitFor(() => expect(server.saves()).toHaveLength(1));
  });

  it('shows the server validation errors on the fields they concern', async () => {
    const server = fakeServer({
      save: () =>
        jsonResponse(400, {
          detail:
            'due_date: Due date cannot be before the issue date; lines_data.1.unit_price: This amount is too large',
          code: 'VALIDATION_FAILED',
          errors: {
            due_date: ['Due date cannot be before the issue date'],
            'lines_data.1.unit_price': ['This amount is too large'],
          },
        }),
    });
    const { router } = await openNewInvoice();
    await fillValidInvoice();
    fireEvent.change(screen.getByTestId('invoice-issue-date'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByTestId('invoice-due-date'), { target: { value: '2026-03-01' } });
    await user.click(screen.getByTestId('invoice-submit'));

    await waitFor(() =>
      expect(screen.getByTestId('invoice-due-date')).toHaveAccessibleDescription(
        'Due date cannot be before the issue date',
      ),
    );
    expect(line(1).unitPrice).toHaveAccessibleDescription('This amount is too large');
    expect(line(0).unitPrice).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByTestId('invoice-issue-date')).not.toHaveAttribute('aria-invalid', 'true');
    expect(await screen.findByText(/^Validation errors:/)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/invoices/new');
    expect(server.saves()[0]?.body).toMatchObject({ issue_date: '2026-03-10', due_date: '2026-03-01' });
  });

  it('shows a taken invoice number (409) on the number field, in Arabic', async () => {
    fakeServer({
      save: () =>
        jsonResponse(409, {
          detail: 'An invoice with this number already exists',
          code: 'INVOICE_NUMBER_TAKEN',
          errors: { number: ['An invoice with this number already exists'] },
        }),
    });
    await openNewInvoice('ar');
    expect(document.documentElement.dir).toBe('rtl');
    await fillValidInvoice();
    await user.type(screen.getByTestId('invoice-number-input'), 'INV-0042');
    await user.click(screen.getByRole('button', { name: 'إنشاء الفاتورة' }));
    await waitFor(() =>
      expect(screen.getByTestId('invoice-number-input')).toHaveAccessibleDescription(
        'توجد فاتورة بهذا الرقم بالفعل',
      ),
    );
  });
});

describe('invoice editor: existing invoice', { timeout: 30_000 }, () => {
  it('loads the invoice and sends the changes with PUT on Update Invoice', async () => {
    const server = fakeServer({ invoice: existingInvoice, save: (call) => saved(call, 200) });
    const { router } = await renderEditor(`/invoices/${invoiceId}`);
    expect(await screen.findByRole('heading', { name: 'Invoice INV-0042' })).toBeInTheDocument();
    expect(screen.getByTestId('page-invoice-detail')).toBeInTheDocument();
    expect(screen.getByTestId('invoice-number-input')).toHaveValue('INV-0042');
    // Days are shown the page language's way (month first in English), whatever the browser's language.
    expect(screen.getByTestId('invoice-issue-date')).toHaveValue('01/10/2026');
    expect(screen.getByTestId('invoice-due-date')).toHaveValue('02/09/2026');
    expect(screen.getByTestId('invoice-status-select')).toHaveValue('Sent');
    expect(screen.getByTestId('invoice-customer-select')).toHaveValue('Nile Trading Co.');
    expect(screen.getAllByTestId('invoice-line')).toHaveLength(2);
    expect(line(0).description).toHaveValue('Consulting hour');
    expect(line(1).description).toHaveValue('Delivery');
    expect(line(0).total()).toBe('EGP 39.98');
    expect(totals()).toEqual({ subtotal: 'EGP 89.98', tax: 'EGP 12.60', total: 'EGP 102.58' });

    await replaceValue(line(1).quantity, '3');
    expect(totals()).toEqual({ subtotal: 'EGP 189.98', tax: 'EGP 26.60', total: 'EGP 216.58' });
    await chooseOption(screen.getByTestId('invoice-status-select'), 'Paid');

    await user.click(screen.getByRole('button', { name: 'Update Invoice' }));
    expect(await screen.findByText('Invoice updated')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));
    expect(server.saves()).toHaveLength(1);
    expect(server.saves()[0]).toMatchObject({ method: 'PUT', path: `/invoices/${invoiceId}/` });
    expect(server.saves()[0]?.body).toEqual({
      customer_id: customerId,
      number: 'INV-0042',
      issue_date: '2026-01-10',
      due_date: '2026-02-09',
      currency: 'EGP',
      status: 'PAID',
      lines_data: [
        { item_id: itemId, description: 'Consulting hour', quantity: '2', unit_price: '19.99' },
        { item_id: null, description: 'Delivery', quantity: '3', unit_price: '50.00' },
      ],
    });
  });

  it('shows the invoice in Arabic with its figures and the update button', async () => {
    fakeServer({ invoice: existingInvoice });
    await renderEditor(`/invoices/${invoiceId}/edit`, 'ar');
    expect(await screen.findByRole('heading', { name: 'الفاتورة INV-0042' })).toBeInTheDocument();
    expect(document.documentElement.dir).toBe('rtl');
    expect(screen.getByTestId('invoice-status-select')).toHaveValue('مرسلة');
    expect(totals()).toEqual({ subtotal: '89.98 ج.م.', tax: '12.60 ج.م.', total: '102.58 ج.م.' });
    expect(screen.getByRole('button', { name: 'تحديث الفاتورة' })).toBeInTheDocument();
    // Day first in Arabic, typed that way too, in Western or Arabic-Indic digits.
    const issued = screen.getByTestId('invoice-issue-date');
    expect(issued).toHaveValue('10/01/2026');
    expect(issued).toHaveAttribute('placeholder', 'يوم/شهر/سنة');
    expect(screen.getByTestId('invoice-due-date')).toHaveValue('09/02/2026');
  });

  it.each([
    ['en', '03/10/2026', '31/03/2026', 'Enter a valid date'],
    ['ar', '١٠/٠٣/٢٠٢٦', '03/31/2026', 'أدخل تاريخًا صالحًا'],
  ] as const)(
    'sends a day typed the page language way (%s), and names one that is not a day',
    async (language, typed, wrong, message) => {
      const server = fakeServer({ invoice: existingInvoice, save: (call) => saved(call, 200) });
      await renderEditor(`/invoices/${invoiceId}`, language);
      const issued = await screen.findByTestId('invoice-issue-date');
      // The other language's order is no day here (there is no 31st month): refused before sending.
      await replaceValue(issued, wrong);
      await user.click(screen.getByTestId('invoice-submit'));
      await waitFor(() => expect(issued).toHaveAccessibleDescription(message));
      expect(server.saves()).toHaveLength(0);
      await replaceValue(issued, typed);
      await user.click(screen.getByTestId('invoice-submit'));
      await waitFor(() => expect(server.saves()).toHaveLength(1));
      expect(server.saves()[0]?.body).toMatchObject({ issue_date: '2026-03-10' });
    },
  );

  it('says so when the invoice cannot be loaded', async () => {
    fakeServer();
    await renderEditor(`/invoices/${invoiceId}`);
    expect(await screen.findByTestId('error-state')).toHaveTextContent('The invoice could not be loaded');
  });
});

describe('invoice editor: keyboard, live checks and unsaved changes', { timeout: 30_000 }, () => {
  it('moves through a line with Enter, adds a line from the last field, and never sends the invoice', async () => {
    const server = fakeServer({ save: (call) => saved(call) });
    await openNewInvoice();
    await user.click(screen.getByTestId('invoice-add-line'));
    // The new line takes the focus: typing goes on there.
    expect(line(0).description).toHaveFocus();
    await user.keyboard('Bolts{Enter}');
    expect(line(0).quantity).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(line(0).unitPrice).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getAllByTestId('invoice-line')).toHaveLength(2);
    expect(line(1).description).toHaveFocus();
    // A line from the catalogue takes the focus on its quantity.
    await chooseOption(screen.getByTestId('invoice-add-item'), 'Consulting hour (CONS-1)');
    await waitFor(() => expect(line(2).quantity).toHaveFocus());
    expect(server.saves()).toHaveLength(0);
  });

  it.each([
    ['en', 'Quantity must be at least 1', 'EGP 0.00', 'EGP 20.00'],
    ['ar', 'يجب ألا تقل الكمية عن 1', '0.00 ج.م.', '20.00 ج.م.'],
  ] as const)(
    "shows a line's mistake as it is typed and leaves the line out of the figures (%s)",
    async (language, message, zero, twenty) => {
      fakeServer();
      await openNewInvoice(language);
      await addFreeLine('Bolts', '0.1', '10');
      await waitFor(() => expect(line(0).quantity).toHaveAccessibleDescription(message));
      expect(line(0).total()).toBe(zero);
      expect(totals().subtotal).toBe(zero);
      await replaceValue(line(0).quantity, '2');
      expect(line(0).quantity).not.toHaveAccessibleDescription(message);
      expect(totals().subtotal).toBe(twenty);
    },
  );

  it.each([
    ['en', 'Leave', 'Stay', 'The changes you made to this invoice will be lost.'],
    ['ar', 'المغادرة', 'البقاء', 'ستضيع التغييرات التي أجريتها على هذه الفاتورة.'],
  ] as const)(
    'asks before leaving an invoice with changes not saved (%s)',
    async (language, leave, stay, text) => {
      fakeServer();
      const { router } = await openNewInvoice(language);
      // Nothing changed yet: leaving is not questioned.
      await router.navigate('/invoices');
      expect(router.state.location.pathname).toBe('/invoices');
      expect(screen.queryByTestId('leave-dialog')).not.toBeInTheDocument();
      await router.navigate('/invoices/new');
      await waitFor(() => expect(screen.getByTestId('invoice-currency')).toHaveValue('EGP'));
      await chooseOption(screen.getByTestId('invoice-customer-select'), 'Nile Trading Co.');

      void router.navigate('/invoices');
      expect(await screen.findByTestId('leave-dialog')).toHaveTextContent(text);
      await user.click(screen.getByRole('button', { name: stay }));
      await waitFor(() => expect(screen.queryByTestId('leave-dialog')).not.toBeInTheDocument());
      expect(router.state.location.pathname).toBe('/invoices/new');
      expect(screen.getByTestId('invoice-customer-select')).toHaveValue('Nile Trading Co.');

      void router.navigate('/invoices');
      await user.click(await screen.findByRole('button', { name: leave }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/invoices'));
    },
  );
});
