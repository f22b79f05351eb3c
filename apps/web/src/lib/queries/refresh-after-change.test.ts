import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterChange } from './refresh-after-change';

describe('refreshAfterChange', () => {
  it('forgets the lists no page shows and fetches again the one on screen', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000, retry: false } } });
    let status = 'DRAFT';
    const fetchList = () => Promise.resolve([{ id: 'inv-1', status }]);
    await client.prefetchQuery({ queryKey: ['invoices', 'list', { page: 1 }], queryFn: fetchList });
    const onScreen = new QueryObserver(client, {
      queryKey: ['invoices', 'list', { page: 2 }],
      queryFn: fetchList,
    });
    const unsubscribe = onScreen.subscribe(() => {});
    await client.fetchQuery({ queryKey: ['invoices', 'list', { page: 2 }], queryFn: fetchList });

    status = 'PAID';
    await refreshAfterChange(client, ['invoices']);

    // The list opened next has nothing old to show: it loads.
    expect(client.getQueryData(['invoices', 'list', { page: 1 }])).toBeUndefined();
    expect(client.getQueryData(['invoices', 'list', { page: 2 }])).toEqual([{ id: 'inv-1', status: 'PAID' }]);
    unsubscribe();
  });
});
