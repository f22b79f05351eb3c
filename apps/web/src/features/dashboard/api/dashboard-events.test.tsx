import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setOrganizationId, setTokens } from '../../../lib/storage';
import { fakeAccessToken } from '../../../test/render';
import { useDashboardEvents } from './dashboard-events';
import { dashboardSummaryQueryKey } from './get-dashboard-summary';

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  setTokens({ access: fakeAccessToken(), refresh: 'r' });
  setOrganizationId('org-1');
});
afterEach(() => vi.useRealTimers());

describe('the dashboard following the runs', () => {
  it('reads the summary again when a run starts and when it ends, not at every stage', async () => {
    const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const body = new ReadableStream<Uint8Array>({ start: (c) => void streams.push(c) });
        return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }),
    );
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    const reads = () =>
      invalidate.mock.calls.filter(([filters]) => filters?.queryKey === dashboardSummaryQueryKey).length;
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    renderHook(() => useDashboardEvents(), { wrapper });
    await vi.waitFor(() => expect(streams).toHaveLength(1));
    const encoder = new TextEncoder();
    const push = (status: string, stage: string | null) =>
      streams[0]!.enqueue(
        encoder.encode(
          `event: extraction\ndata: ${JSON.stringify({ extraction_id: 'run-1', attachment_id: 'f', status, progress: stage ? { stage, page: 1, pages: 1, percent: 10 } : null, error_message: null, credits_refunded: 0 })}\n\n`,
        ),
      );
    await act(async () => {
      push('PROCESSING', 'queued');
      push('PROCESSING', 'recognize');
      push('PROCESSING', 'extract');
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(reads()).toBe(1);
    await act(async () => {
      push('PROCESSING', 'second-look');
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(reads()).toBe(1);
    await act(async () => {
      push('DONE', null);
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(reads()).toBe(2);
  });
});
