import type { InvoiceListItem } from '@invoicing/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../../lib/storage';
import { setOrganizationId, setTokens } from '../../../lib/storage';
import { fakeAccessToken, jsonResponse, renderPages } from '../../../test/render';
import { InvoiceList } from './invoice-list';

function invoice(n: number, status: InvoiceListItem['status'] = 'SENT'): InvoiceListItem {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    number: `INV-${String(n).padStart(4, '0')}`,
    status,
    issue_date: '2026-01-15',
    due_date: '2026-02-14',
    currency: 'EGP',
    total: '1234.50',
    image_status: 'no_image',
    has_image: false,
    customer: { id: 'c1', name: 'Nile Trading Co.', email: '' },
  };
}

/** The invoices list answers from `rows`, filtered and paged the way the server does. */
function fakeServer(rows: InvoiceListItem[]) {
  const listQueries: URLSearchParams[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname !== '/api/v1/invoices/')
        return jsonResponse(404, { detail: 'Not found', code: 'NOT_FOUND' });
      listQueries.push(url.searchParams);
      const status = url.searchParams.get('status');
      const q = url.searchParams.get('q') ?? '';
      const page = Number(url.searchParams.get('page') ?? '1');
      const size = Number(url.searchParams.get('page_size') ?? '20');
      const found = rows.filter((r) => (!status || r.status === status) && r.number.includes(q));
      return jsonResponse(200, {
        count: found.length,
        page,
        page_size: size,
        results: found.slice((page - 1) * size, page * size),
      });
    }),
  );
  return { last: () => Object.fromEntries(listQueries.at(-1) ?? []) };
}

const numbers = () => screen.getAllByTestId('invoice-number').map((cell) => cell.textContent);
const user = userEvent.setup({ delay: null });
const renderList = (language?: Language) =>
  renderPages({ '/invoices': () => <InvoiceList /> }, '/invoices', language);

beforeEach(() => {
  setTokens({ access: fakeAccessToken(), refresh: 'r' });
  setOrganizationId('org-1');
});

describe('invoice list', { timeout: 15_000 }, () => {
  it('filters by status: All and the five statuses change the query', async () => {
    const server = fakeServer([invoice(1, 'DRAFT'), invoice(2, 'PAID'), invoice(3, 'OVERDUE')]);
    await renderList();
    expect(await screen.findAllByTestId('invoice-row')).toHaveLength(3);
    expect(server.last()).toEqual({ page: '1', page_size: '20' });
    const filter = screen.getByTestId('invoice-status-filter');
    const labels = within(filter)
      .getAllByRole('radio')
      .map((radio) => radio.closest('div')?.textContent);
    expect(labels).toEqual(['All', 'Draft', 'Sent', 'Paid', 'Overdue', 'Cancelled']);

    for (const [label, status] of [
      ['Draft', 'DRAFT'],
      ['Sent', 'SENT'],
      ['Paid', 'PAID'],
      ['Overdue', 'OVERDUE'],
      ['Cancelled', 'CANCELLED'],
    ] as const) {
      await user.click(within(filter).getByLabelText(label));
      await waitFor(() => expect(server.last()).toEqual({ status, page: '1', page_size: '20' }));
    }
    expect(await screen.findByTestId('invoices-empty')).toHaveTextContent('No invoices found');

    await user.click(within(filter).getByLabelText('Paid'));
    await waitFor(() => expect(numbers()).toEqual(['INV-0002']));
    expect(screen.getByTestId('invoice-status-badge')).toHaveTextContent('Paid');
    expect(screen.getByTestId('invoice-total')).toHaveTextContent(/EGP\s1,234\.50/);

    await user.click(within(filter).getByLabelText('All'));
    // All sends no status; its first answer is still cached, so it shows without a new request.
    await waitFor(() => expect(screen.getAllByTestId('invoice-row')).toHaveLength(3));
  });

  it('searches by number', async () => {
    // The search waits for a pause in the typing: the test makes the pause without waiting for it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const server = fakeServer([invoice(41), invoice(42), invoice(7)]);
    await renderList();
    expect(await screen.findAllByTestId('invoice-row')).toHaveLength(3);
    await user.type(screen.getByRole('textbox', { name: 'Search by number' }), ' INV-004 ');
    act(() => vi.advanceTimersByTime(1_000));
    await waitFor(() => expect(server.last()).toEqual({ q: 'INV-004', page: '1', page_size: '20' }));
    await waitFor(() => expect(numbers()).toEqual(['INV-0041', 'INV-0042']));
  });

  it('keeps the filter, search and page in the address, so a reload or Back shows the same list', async () => {
    const server = fakeServer(Array.from({ length: 45 }, (_, i) => invoice(i + 1, i % 2 ? 'PAID' : 'SENT')));
    const { router, unmount } = await renderPages(
      { '/invoices': () => <InvoiceList /> },
      '/invoices?status=SENT&page=2',
    );
    await waitFor(() => expect(server.last()).toEqual({ status: 'SENT', page: '2', page_size: '20' }));
    await waitFor(() => expect(numbers()).toHaveLength(3));
    const sent = within(screen.getByTestId('invoice-status-filter')).getByLabelText('Sent');
    expect(sent).toBeChecked();

    await user.click(within(screen.getByTestId('invoice-status-filter')).getByLabelText('Paid'));
    await waitFor(() => expect(router.state.location.search).toBe('?status=PAID'));
    await user.click(within(screen.getByTestId('invoice-pagination')).getByRole('button', { name: '2' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=PAID&page=2'));
    unmount();

    // Opened again at that address (a reload): the same list.
    await renderPages({ '/invoices': () => <InvoiceList /> }, `/invoices${router.state.location.search}`);
    await waitFor(() => expect(server.last()).toEqual({ status: 'PAID', page: '2', page_size: '20' }));
    expect(within(screen.getByTestId('invoice-status-filter')).getByLabelText('Paid')).toBeChecked();
  });

  it('shows the empty state', async () => {
    fakeServer([]);
    await renderList();
    expect(await screen.findByTestId('invoices-empty')).toHaveTextContent('No invoices found');
    expect(screen.getByTestId('invoices-empty')).toHaveTextContent(
      'Create an invoice or start from an OCR scan.',
    );
    expect(screen.queryByTestId('invoice-pagination')).not.toBeInTheDocument();
  });

  it('pages through 45 invoices, 20 at a time, in Arabic', async () => {
    const server = fakeServer(Array.from({ length: 45 }, (_, i) => invoice(i + 1)));
    await renderList('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(await screen.findAllByTestId('invoice-row')).toHaveLength(20);
    expect(screen.getByRole('heading', { name: 'الفواتير' })).toBeInTheDocument();
    expect(screen.getAllByTestId('invoice-status-badge')[0]).toHaveTextContent('مرسلة');
    const pagination = screen.getByTestId('invoice-pagination');
    await user.click(within(pagination).getByRole('button', { name: '3' }));
    await waitFor(() => expect(server.last()).toEqual({ page: '3', page_size: '20' }));
    await waitFor(() =>
      expect(numbers()).toEqual(['INV-0041', 'INV-0042', 'INV-0043', 'INV-0044', 'INV-0045']),
    );

    // A new filter starts again from the first page.
    await user.click(within(screen.getByTestId('invoice-status-filter')).getByLabelText('مرسلة'));
    await waitFor(() => expect(server.last()).toEqual({ status: 'SENT', page: '1', page_size: '20' }));
  });
});
