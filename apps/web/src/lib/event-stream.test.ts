import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { createEventStreamParser, openEventStream } from './event-stream';
import type { StreamEvent } from './event-stream';

describe('event stream parser', () => {
  it('reads named events, joins data lines and skips comments', () => {
    const parser = createEventStreamParser();
    const events = parser.push(
      ': ping\n\nevent: extraction\ndata: {"a":1}\n\ndata: first\ndata:second\nid: 7\n\n',
    );
    expect(events).toEqual([
      { event: 'extraction', data: '{"a":1}', id: null },
      { event: 'message', data: 'first\nsecond', id: '7' },
    ]);
  });

  it('completes events split anywhere between chunks, CRLF included', () => {
    const parser = createEventStreamParser();
    const text = 'event: extraction\r\ndata: {"id":"x"}\r\n\r\nevent: extraction\rdata: 2\r\r';
    const events: StreamEvent[] = [];
    for (const char of text) events.push(...parser.push(char));
    expect(events.map((e) => e.data)).toEqual(['{"id":"x"}', '2']);
    expect(events.every((e) => e.event === 'extraction')).toBe(true);
  });

  it('does not dispatch an event without data, and remembers retry', () => {
    const parser = createEventStreamParser();
    expect(parser.push('event: extraction\n\nretry: 2500\n\n')).toEqual([]);
    expect(parser.retryMs).toBe(2500);
  });
});

/** A server whose streams the test writes to and ends; each connection is one entry of `streams`. */
function fakeStreams() {
  const streams: { push(text: string): void; end(): void; fail(): void }[] = [];
  const refusals: unknown[] = [];
  const connect = vi.fn(async () => {
    const refusal = refusals.shift();
    if (refusal) throw refusal;
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    let cancelled = false;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
      cancel() {
        cancelled = true;
      },
    });
    const encoder = new TextEncoder();
    streams.push({
      push: (text) => {
        // A stream the reader cancelled takes nothing more.
        if (!cancelled) controller.enqueue(encoder.encode(text));
      },
      end: () => controller.close(),
      fail: () => controller.error(new TypeError('network')),
    });
    return new Response(body, { headers: { 'Content-Type': 'text/event-stream' } });
  });
  return { streams, connect, refuse: (error: unknown) => refusals.push(error) };
}

// Lets the stream's promise chain run without moving the clock.
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('openEventStream', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('delivers events and reconnects with a growing delay, reporting each reconnection', async () => {
    vi.useFakeTimers();
    const server = fakeStreams();
    server.refuse(new ApiError({ status: 503, code: 'HTTP_ERROR', detail: 'busy' }));
    const events: string[] = [];
    const opens: boolean[] = [];
    const stream = openEventStream({
      connect: server.connect,
      onEvent: (e) => events.push(e.data),
      onOpen: ({ reconnected }) => opens.push(reconnected),
      initialDelayMs: 1000,
      random: () => 1,
    });
    await settle();
    // The first attempt was refused: nothing until the first delay has passed.
    expect(server.connect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(999);
    expect(server.connect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(server.connect).toHaveBeenCalledTimes(2);
    expect(opens).toEqual([false]);

    server.streams[0]?.push('event: extraction\ndata: one\n\n: ping\n\n');
    await settle();
    expect(events).toEqual(['one']);

    // The connection drops: the next attempt comes after the initial delay again, and says it reconnected.
    server.streams[0]?.fail();
    await vi.advanceTimersByTimeAsync(1000);
    expect(server.connect).toHaveBeenCalledTimes(3);
    expect(opens).toEqual([false, true]);
    server.streams[1]?.push('event: extraction\ndata: two\n\n');
    await settle();
    expect(events).toEqual(['one', 'two']);
    stream.close();
  });

  it('doubles the delay for failures in a row, up to the maximum', async () => {
    vi.useFakeTimers();
    const server = fakeStreams();
    for (let i = 0; i < 4; i += 1) server.refuse(new TypeError('Failed to fetch'));
    const stream = openEventStream({
      connect: server.connect,
      onEvent: () => {},
      initialDelayMs: 1000,
      maxDelayMs: 4000,
      random: () => 1,
    });
    await settle();
    const callsAfter = async (ms: number) => {
      await vi.advanceTimersByTimeAsync(ms);
      return server.connect.mock.calls.length;
    };
    expect(await callsAfter(1000)).toBe(2);
    expect(await callsAfter(1999)).toBe(2);
    expect(await callsAfter(1)).toBe(3);
    expect(await callsAfter(4000)).toBe(4);
    expect(await callsAfter(4000)).toBe(5);
    stream.close();
  });

  it('opens again when the stream stays silent, pings keeping it alive', async () => {
    vi.useFakeTimers();
    const server = fakeStreams();
    const stream = openEventStream({
      connect: server.connect,
      onEvent: () => {},
      idleTimeoutMs: 45_000,
      initialDelayMs: 1000,
      random: () => 1,
    });
    await settle();
    await vi.advanceTimersByTimeAsync(30_000);
    server.streams[0]?.push(': ping\n\n');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(server.connect).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(15_000 + 1000);
    expect(server.connect).toHaveBeenCalledTimes(2);
    stream.close();
  });

  it('gives up on a refusal that will not change, and stops for good when closed', async () => {
    vi.useFakeTimers();
    const server = fakeStreams();
    server.refuse(new ApiError({ status: 404, code: 'NOT_FOUND', detail: 'Not found' }));
    const onStop = vi.fn();
    openEventStream({ connect: server.connect, onEvent: () => {}, onStop });
    await vi.advanceTimersByTimeAsync(120_000);
    expect(server.connect).toHaveBeenCalledTimes(1);
    expect(onStop).toHaveBeenCalledOnce();

    const other = fakeStreams();
    const events: string[] = [];
    const stream = openEventStream({ connect: other.connect, onEvent: (e) => events.push(e.data) });
    await settle();
    stream.close();
    other.streams[0]?.push('data: late\n\n');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(events).toEqual([]);
    expect(other.connect).toHaveBeenCalledTimes(1);
  });
});
