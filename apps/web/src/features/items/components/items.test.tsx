import type { Item } from '@invoicing/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Language } from '../../../lib/storage';
import { setOrganizationId, setTokens } from '../../../lib/storage';
import type { ApiCall } from '../../../test/render';
import { fakeAccessToken, jsonResponse, renderPages, stubApi } from '../../../test/render';
import { ItemFormPage } from './item-form';
import { ItemList } from './item-list';

const items: Item[] = [
  {
    id: '7d3c2b1a-9e8f-4a6b-8c5d-4e3f2a1b0c9d',
    name: 'Consulting hour',
    sku: 'CONS-1',
    currency: 'EGP',
    unit_price: '1234.50',
    tax_rate: '14.00',
    created_at: '2026-01-02T10:00:00Z',
  },
  {
    id: '8e4d3c2b-0f9a-4b7c-9d6e-5f4a3b2c1d0e',
    name: 'Washer',
    sku: '',
    currency: 'USD',
    unit_price: '0.10',
    tax_rate: '5.50',
    created_at: '2026-01-02T10:00:00Z',
  },
];

function fakeServer(answer: (call: ApiCall) => Response | undefined = () => undefined) {
  const calls = stubApi((call) => {
    const answered = answer(call);
    if (answered) return answered;
    if (call.path === '/items/' && call.method === 'GET') {
      return jsonResponse(200, { count: items.length, page: 1, page_size: 12, results: items });
    }
    return undefined;
  });
  return { writes: () => calls.filter((c) => c.method !== 'GET') };
}

const user = userEvent.setup({ delay: null });

const renderItems = (path: string, language?: Language) =>
  renderPages(
    {
      '/items': () => <ItemList />,
      '/items/new': () => <ItemFormPage />,
      '/items/:id/edit': ({ id }) => <ItemFormPage id={id} />,
    },
    path,
    language,
  );
const skuTaken = () =>
  jsonResponse(409, {
    detail: 'An item with this SKU already exists',
    code: 'SKU_TAKEN',
    errors: { sku: ['An item with this SKU already exists'] },
  });

beforeEach(() => {
  setTokens({ access: fakeAccessToken(), refresh: 'r' });
  setOrganizationId('org-1');
});

describe('items', { timeout: 15_000 }, () => {
  it('lists the items with prices to two decimals', async () => {
    fakeServer();
    await renderItems('/items');
    const cards = await screen.findAllByTestId('item-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByTestId('item-name')).toHaveTextContent('Consulting hour');
    expect(cards[0]).toHaveTextContent('SKU: CONS-1');
    expect(within(cards[0]!).getByTestId('item-price')).toHaveTextContent(/^EGP\s1,234\.50$/);
    expect(within(cards[1]!).getByTestId('item-price')).toHaveTextContent(/^\$0\.10$/);
    expect(cards[1]).toHaveTextContent('Tax rate: 5.5%');
  });

  it('lists the items in Arabic, right to left, with Western digits', async () => {
    fakeServer();
    await renderItems('/items', 'ar');
    expect(document.documentElement.dir).toBe('rtl');
    const cards = await screen.findAllByTestId('item-card');
    expect(
      within(cards[0]!)
        .getByTestId('item-price')
        .textContent?.replace(/[\u00a0\u200e\u200f]/g, ' ')
        .trim(),
    ).toBe('1,234.50 ج.م.');
    expect(screen.getByRole('heading', { name: 'الأصناف' })).toBeInTheDocument();
  });

  it('creates an item with a two-decimal price and refuses a third decimal', async () => {
    const server = fakeServer((call) =>
      call.method === 'POST' ? jsonResponse(201, { ...items[0], id: 'new-item' }) : undefined,
    );
    const { router } = await renderItems('/items/new');
    await user.type(await screen.findByTestId('item-name'), 'Cable, 2 m');
    await user.type(screen.getByTestId('item-sku'), 'CAB-2');
    await user.type(screen.getByTestId('item-unit_price'), '19.999');
    await user.click(screen.getByTestId('item-submit'));
    expect(screen.getByTestId('item-unit_price')).toHaveAccessibleDescription(
      'Enter a price with at most two decimals',
    );
    expect(server.writes()).toHaveLength(0);

    await user.clear(screen.getByTestId('item-unit_price'));
    await user.type(screen.getByTestId('item-unit_price'), '19.99');
    await user.click(screen.getByTestId('item-submit'));
    expect(await screen.findByText('Item saved')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/items'));
    expect(server.writes()[0]).toMatchObject({
      method: 'POST',
      path: '/items/',
      body: { name: 'Cable, 2 m', sku: 'CAB-2', currency: 'EGP', unit_price: '19.99', tax_rate: '14.00' },
    });
  });

  it.each([
    ['en', 'An item with this SKU already exists', 'Create item'],
    ['ar', 'يوجد صنف بهذا الرمز بالفعل', 'إنشاء الصنف'],
  ] as const)('shows a taken SKU (409) on the SKU field (%s)', async (language, message, create) => {
    fakeServer((call) => (call.method === 'POST' ? skuTaken() : undefined));
    const { router } = await renderItems('/items/new', language);
    expect(document.documentElement.dir).toBe(language === 'ar' ? 'rtl' : 'ltr');
    await user.type(await screen.findByTestId('item-name'), 'Consulting hour');
    await user.type(screen.getByTestId('item-sku'), 'CONS-1');
    await user.type(screen.getByTestId('item-unit_price'), '100');
    await user.click(screen.getByRole('button', { name: create }));
    await waitFor(() => expect(screen.getByTestId('item-sku')).toHaveAccessibleDescription(message));
    expect(screen.getByTestId('item-name')).not.toHaveAttribute('aria-invalid', 'true');
    expect(router.state.location.pathname).toBe('/items/new');
  });
});
