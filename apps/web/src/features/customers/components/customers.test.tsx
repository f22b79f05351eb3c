import type { Customer } from '@invoicing/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '../../../lib/storage';
import { setOrganizationId, setTokens } from '../../../lib/storage';
import type { ApiCall } from '../../../test/render';
import { fakeAccessToken, jsonResponse, renderPages, stubApi } from '../../../test/render';
import { CustomerFormPage } from './customer-form';
import { CustomerList } from './customer-list';

const nile: Customer = {
  id: '0b6f8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
  name: 'Nile Trading Co.',
  email: 'accounts@nile.example',
  phone: '+20 2 1234 5678',
  tax_id: '123-456-789',
  address: '12 Corniche, Cairo',
  created_at: '2026-01-02T10:00:00Z',
};
const delta: Customer = {
  ...nile,
  id: '1c7f9b5f-2d3e-4f60-9bac-1d2e3f4a5b6c',
  name: 'Delta Foods',
  tax_id: '',
};

function fakeServer(answer: (call: ApiCall) => Response | undefined = () => undefined) {
  const calls = stubApi((call) => {
    const answered = answer(call);
    if (answered) return answered;
    if (call.path === '/customers/' && call.method === 'GET') {
      const q = (call.query.q ?? '').toLowerCase();
      const results = [nile, delta].filter((c) => c.name.toLowerCase().includes(q));
      return jsonResponse(200, { count: results.length, page: 1, page_size: 12, results });
    }
    return undefined;
  });
  return {
    lists: () => calls.filter((c) => c.method === 'GET' && c.path === '/customers/'),
    writes: () => calls.filter((c) => c.method !== 'GET'),
  };
}

const user = userEvent.setup({ delay: null });

const renderCustomers = (path: string, language?: Language) =>
  renderPages(
    {
      '/customers': () => <CustomerList />,
      '/customers/new': () => <CustomerFormPage />,
      '/customers/:id/edit': ({ id }) => <CustomerFormPage id={id} />,
    },
    path,
    language,
  );

beforeEach(() => {
  setTokens({ access: fakeAccessToken(), refresh: 'r' });
  setOrganizationId('org-1');
});

describe('customers', { timeout: 15_000 }, () => {
  it('lists the customers with their details', async () => {
    fakeServer();
    await renderCustomers('/customers');
    const cards = await screen.findAllByTestId('customer-card');
    expect(cards.map((card) => within(card).getByTestId('customer-name').textContent)).toEqual([
      'Nile Trading Co.',
      'Delta Foods',
    ]);
    expect(cards[0]).toHaveTextContent('accounts@nile.example');
    expect(cards[0]).toHaveTextContent('Phone: +20 2 1234 5678');
    expect(cards[0]).toHaveTextContent('Tax ID: 123-456-789');
    expect(cards[1]).not.toHaveTextContent('Tax ID');
    expect(within(cards[0]!).getByTestId('customer-edit')).toHaveAttribute(
      'href',
      `/customers/${nile.id}/edit`,
    );
  });

  it('keeps a Latin address and name in their own order on an Arabic page', async () => {
    fakeServer();
    await renderCustomers('/customers', 'ar');
    const [card] = await screen.findAllByTestId('customer-card');
    // An isolate with its own direction: "12 Corniche, Cairo" does not become "Corniche, Cairo 12".
    const address = within(card!).getByTestId('customer-address');
    expect(address.tagName).toBe('BDI');
    expect(address).toHaveTextContent('12 Corniche, Cairo');
    expect(within(card!).getByTestId('customer-name').querySelector('bdi')).toHaveTextContent(
      'Nile Trading Co.',
    );
  });

  it('searches with q and says when nothing matches', async () => {
    // The search waits for a pause in the typing: the test makes the pause without waiting for it.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const pause = () => act(() => vi.advanceTimersByTime(1_000));
    const server = fakeServer();
    await renderCustomers('/customers');
    await screen.findAllByTestId('customer-card');
    await user.type(screen.getByTestId('customer-search'), 'delta');
    pause();
    await waitFor(() =>
      expect(server.lists().at(-1)?.query).toEqual({ q: 'delta', page: '1', page_size: '12' }),
    );
    await waitFor(() => expect(screen.getAllByTestId('customer-card')).toHaveLength(1));
    await user.type(screen.getByTestId('customer-search'), 'zzz');
    pause();
    expect(await screen.findByTestId('customers-empty')).toHaveTextContent('No customer matches your search');
  });

  it('creates a customer: client checks, then the server field errors on their fields', async () => {
    const server = fakeServer((call) =>
      call.method === 'POST'
        ? jsonResponse(400, {
            detail: 'email: Enter a valid email address',
            code: 'VALIDATION_FAILED',
            errors: { email: ['Enter a valid email address'], phone: ['Enter a valid phone number'] },
          })
        : undefined,
    );
    await renderCustomers('/customers/new');
    await user.click(await screen.findByTestId('customer-submit'));
    expect(screen.getByTestId('customer-name')).toHaveAccessibleDescription('Customer name is required');
    expect(server.writes()).toHaveLength(0);

    await user.type(screen.getByTestId('customer-name'), 'Aswan Stone');
    await user.type(screen.getByTestId('customer-email'), 'sales@aswan.example');
    await user.type(screen.getByTestId('customer-phone'), '0100 000 0000');
    await user.click(screen.getByTestId('customer-submit'));
    await waitFor(() =>
      expect(screen.getByTestId('customer-email')).toHaveAccessibleDescription('Enter a valid email address'),
    );
    expect(screen.getByTestId('customer-phone')).toHaveAccessibleDescription('Enter a valid phone number');
    expect(screen.getByTestId('customer-name')).not.toHaveAttribute('aria-invalid', 'true');
    expect(server.writes()[0]).toMatchObject({
      method: 'POST',
      path: '/customers/',
      body: {
        name: 'Aswan Stone',
        email: 'sales@aswan.example',
        phone: '0100 000 0000',
        tax_id: '',
        address: '',
      },
    });
  });

  it('shows the server field errors in Arabic, right to left', async () => {
    fakeServer((call) =>
      call.method === 'POST'
        ? jsonResponse(400, {
            detail: 'email: Enter a valid email address',
            code: 'VALIDATION_FAILED',
            errors: { email: ['Enter a valid email address'] },
          })
        : undefined,
    );
    await renderCustomers('/customers/new', 'ar');
    expect(document.documentElement.dir).toBe('rtl');
    await user.type(await screen.findByTestId('customer-name'), 'شركة أسوان');
    await user.click(screen.getByRole('button', { name: 'إنشاء العميل' }));
    await waitFor(() =>
      expect(screen.getByTestId('customer-email')).toHaveAccessibleDescription('أدخل بريدًا إلكترونيًا صالحًا'),
    );
  });

  it.each([
    ['en', 'This text contains characters that are not allowed', 'Customer name is required'],
    ['ar', 'يحتوي هذا النص على أحرف غير مسموح بها', 'اسم العميل مطلوب'],
  ] as const)(
    'refuses a pasted name that would show reversed or nothing at all, in the page language (%s)',
    async (language, refused, required) => {
      const server = fakeServer();
      await renderCustomers('/customers/new', language);
      const name = await screen.findByTestId('customer-name');
      await user.click(name);
      await user.paste('Aswan\u202eenotS');
      await user.click(screen.getByTestId('customer-submit'));
      expect(name).toHaveAccessibleDescription(refused);

      await user.clear(name);
      await user.paste('\u200b\u200c\u2060');
      await user.click(screen.getByTestId('customer-submit'));
      expect(name).toHaveAccessibleDescription(required);
      expect(server.writes()).toHaveLength(0);
    },
  );

  it('creates a customer and goes back to the list', async () => {
    const server = fakeServer((call) =>
      call.method === 'POST' ? jsonResponse(201, { ...nile, id: 'new' }) : undefined,
    );
    const { router } = await renderCustomers('/customers/new');
    await user.type(await screen.findByTestId('customer-name'), 'Aswan Stone');
    await user.click(screen.getByTestId('customer-submit'));
    expect(await screen.findByText('Customer saved')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers'));
    expect(server.writes()).toHaveLength(1);
  });

  it('asks before Cancel drops a customer typed but not saved, in Arabic', async () => {
    const server = fakeServer();
    const { router } = await renderCustomers('/customers/new', 'ar');
    await user.type(await screen.findByTestId('customer-name'), 'Aswan Stone');
    await user.click(screen.getByRole('link', { name: 'إلغاء' }));
    expect(await screen.findByRole('dialog', { name: 'المغادرة دون حفظ؟' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'البقاء' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/customers/new');
    expect(screen.getByTestId('customer-name')).toHaveValue('Aswan Stone');
    await user.click(screen.getByRole('link', { name: 'إلغاء' }));
    await user.click(await screen.findByRole('button', { name: 'المغادرة' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/customers'));
    expect(server.writes()).toHaveLength(0);
  });

  it('deletes after confirmation', async () => {
    const server = fakeServer((call) =>
      call.method === 'DELETE' ? new Response(null, { status: 204 }) : undefined,
    );
    await renderCustomers('/customers');
    const [first] = await screen.findAllByTestId('customer-card');
    await user.click(within(first!).getByTestId('customer-delete'));
    expect(screen.getByText('Delete Nile Trading Co.? This cannot be undone.')).toBeInTheDocument();
    expect(server.writes()).toHaveLength(0);
    await user.click(screen.getByTestId('customer-delete-confirm'));
    expect(await screen.findByText('Customer deleted')).toBeInTheDocument();
    expect(server.writes()).toEqual([
      expect.objectContaining({ method: 'DELETE', path: `/customers/${nile.id}/` }),
    ]);
    await waitFor(() => expect(screen.queryByText(/This cannot be undone/)).not.toBeInTheDocument());
  });

  it.each([
    ['en', 'This customer cannot be deleted: 3 invoice(s) refer to it.'],
    ['ar', 'هذا العميل مستخدم في فواتير ولا يمكن حذفه'],
  ] as const)(
    'shows why a customer used by invoices cannot be deleted (409, %s)',
    async (language, reason) => {
      fakeServer((call) =>
        call.method === 'DELETE'
          ? jsonResponse(409, {
              detail: 'This customer cannot be deleted: 3 invoice(s) refer to it.',
              code: 'CUSTOMER_IN_USE',
              invoice_count: 3,
            })
          : undefined,
      );
      await renderCustomers('/customers', language);
      expect(document.documentElement.dir).toBe(language === 'ar' ? 'rtl' : 'ltr');
      const [first] = await screen.findAllByTestId('customer-card');
      await user.click(within(first!).getByTestId('customer-delete'));
      await user.click(screen.getByTestId('customer-delete-confirm'));
      expect(await screen.findByTestId('customer-delete-error')).toHaveTextContent(reason);
      expect(screen.getAllByTestId('customer-card')).toHaveLength(2);
    },
  );
});
