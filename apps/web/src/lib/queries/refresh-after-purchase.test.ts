import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from './query-keys';
import { refreshAfterPurchase } from './refresh-after-purchase';

describe('refreshAfterPurchase', () => {
  it('asks again for the usage and dashboard figures on screen and forgets the others', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: false } } });
    let credits = 10;
    const figures = () => Promise.resolve({ credits });
    const shown = [queryKeys.usageEnhanced, queryKeys.dashboardSummary].map((queryKey) => {
      const observer = new QueryObserver(client, { queryKey, queryFn: figures });
      return observer.subscribe(() => {});
    });
    await client.fetchQuery({ queryKey: queryKeys.usageEnhanced, queryFn: figures });
    await client.fetchQuery({ queryKey: queryKeys.dashboardSummary, queryFn: figures });
    await client.prefetchQuery({ queryKey: queryKeys.usageSummary, queryFn: figures });
    await client.prefetchQuery({ queryKey: queryKeys.customers, queryFn: figures });

    credits = 60;
    await refreshAfterPurchase(client);

    expect(client.getQueryData(queryKeys.usageEnhanced)).toEqual({ credits: 60 });
    expect(client.getQueryData(queryKeys.dashboardSummary)).toEqual({ credits: 60 });
    // The OCR page's credits load afresh when it opens next; what a purchase does not change stays.
    expect(client.getQueryData(queryKeys.usageSummary)).toBeUndefined();
    expect(client.getQueryData(queryKeys.customers)).toEqual({ credits: 10 });
    shown.forEach((unsubscribe) => unsubscribe());
  });
});
