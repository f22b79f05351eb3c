import type { ExtractionListItem, OcrEvent } from '@invoicing/contract';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setOrganizationId, setTokens } from '../../../lib/storage';
import { fakeAccessToken, jsonResponse } from '../../../test/render';
import { extractionOf, ids } from '../test/fake-ocr-server';
import { extractionQueryKey } from './get-extraction';
import { extractionListsQueryKey } from './list-extractions';
import { useOcrEvents } from './ocr-events';

type Page = { count: number; page: number; page_size: number; results: ExtractionListItem[] };
const listKey = [...extractionListsQueryKey, { page: 1, pageSize: 10 }];

/** The event stream and GET /ocr/{id}/, each connection a stream the test writes to or ends. */
function fakeApi() {
  const streams: ReadableStreamDefaultController<Uint8Array>[] = [];
  const detailCalls: string[] = [];
  const encoder = new TextEncoder();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/^\/api\/v1/, '');
      if (path === '/ocr/events/') {
        const body = new ReadableStream<Uint8Array>({ start: (c) => void streams.push(c) });
        return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
      }
      detailCalls.push(path);
      return jsonResponse(200, extractionOf());
    }),
  );
  return {
    streams,
    detailCalls,
    push: (event: OcrEvent) =>
      streams.at(-1)?.enqueue(encoder.encode(`event: extraction\ndata: ${JSON.stringify(event)}\n\n`)),
  };
}

const processing = extractionOf({
  status: 'PROCESSING',
  confidence_score: null,
  fields_json: null,
  has_invoice_data: false,
});
const { raw_text: _r, pages: _p, corrections: _c, warnings: _w, ...processingItem } = processing;

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData<Page>(listKey, { count: 1, page: 1, page_size: 10, results: [processingItem] });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useOcrEvents(), { wrapper });
  return { client, hook, list: () => client.getQueryData<Page>(listKey)!.results[0]! };
}

const event: OcrEvent = {
  extraction_id: ids.extraction,
  attachment_id: ids.scan,
  status: 'PROCESSING',
  progress: { stage: 'render', page: 1, pages: 3, percent: 10 },
  error_message: null,
  credits_refunded: 0,
};

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));

describe('useOcrEvents', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    setTokens({ access: fakeAccessToken(), refresh: 'r' });
    setOrganizationId('org-1');
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('writes progress into the lists and fetches a finished run once', async () => {
    const api = fakeApi();
    const { client, hook, list } = setup();
    await flush();
    api.push(event);
    await flush();
    expect(list().progress).toEqual(event.progress);
    expect(api.detailCalls).toEqual([]);

    api.push({ ...event, status: 'DONE', progress: null });
    await flush();
    expect(list().status).toBe('DONE');
    expect(list().confidence_score).toBe(0.925);
    expect(client.getQueryData(extractionQueryKey(ids.extraction))).toMatchObject({ status: 'DONE' });
    // Delivered again after a reconnection: nothing new to fetch.
    api.push({ ...event, status: 'DONE', progress: null });
    await flush();
    expect(api.detailCalls).toEqual([`/ocr/${ids.extraction}/`]);
    hook.unmount();
  });

  it('opens the stream again after it drops and marks what it may have missed for a refetch', async () => {
    const api = fakeApi();
    const { client, hook } = setup();
    await flush();
    expect(api.streams).toHaveLength(1);
    // The first opening already refreshes a list that shows a run still going.
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(true);
    client.setQueryData<Page>(listKey, (page) => page);
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(false);

    act(() => api.streams[0]!.error(new TypeError('network')));
    await flush();
    await act(() => vi.advanceTimersByTimeAsync(1000));
    expect(api.streams).toHaveLength(2);
    expect(client.getQueryState(listKey)?.isInvalidated).toBe(true);

    // Leaving the page closes the stream for good.
    hook.unmount();
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(api.streams).toHaveLength(2);
  });
});
