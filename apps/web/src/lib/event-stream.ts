import { ApiError } from './api-client';

/** One server-sent event: its type (`message` unless named), its data lines joined, and its id. */
export interface StreamEvent {
  event: string;
  data: string;
  id: string | null;
}

export interface EventStreamParser {
  /** Feeds decoded text in any chunking; answers the events it completed. */
  push(text: string): StreamEvent[];
  /** The delay the server asked for before a reconnection (`retry:`), if any. */
  readonly retryMs: number | null;
}

/**
 * Reads `text/event-stream` as the HTML standard describes it: lines end with CRLF, LF or CR (a CRLF may be
 * split between two chunks), `:` starts a comment (the server's pings), an empty line ends an event, and an
 * event without data is not dispatched.
 */
export function createEventStreamParser(): EventStreamParser {
  let buffer = '';
  let afterCr = false;
  let eventType = '';
  let data: string[] = [];
  let lastId: string | null = null;
  let retryMs: number | null = null;

  function takeLine(line: string, events: StreamEvent[]) {
    if (line === '') {
      if (data.length > 0) events.push({ event: eventType || 'message', data: data.join('\n'), id: lastId });
      eventType = '';
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') eventType = value;
    else if (field === 'data') data.push(value);
    else if (field === 'id' && !value.includes('\0')) lastId = value;
    else if (field === 'retry' && /^\d+$/.test(value)) retryMs = Number(value);
  }

  return {
    push(text: string) {
      const events: StreamEvent[] = [];
      let chunk = text;
      // The LF of a CRLF whose CR ended the previous chunk.
      if (afterCr && chunk.startsWith('\n')) chunk = chunk.slice(1);
      afterCr = false;
      buffer += chunk;
      let start = 0;
      for (let i = 0; i < buffer.length; i += 1) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        takeLine(buffer.slice(start, i), events);
        if (c === '\r') {
          if (i + 1 === buffer.length) afterCr = true;
          else if (buffer[i + 1] === '\n') i += 1;
        }
        start = i + 1;
      }
      buffer = buffer.slice(start);
      return events;
    },
    get retryMs() {
      return retryMs;
    },
  };
}

export interface EventStreamOptions {
  /** Opens the stream: the open response, or a rejection (ApiError for a refusal). */
  connect: (signal: AbortSignal) => Promise<Response>;
  onEvent: (event: StreamEvent) => void;
  /** Each time the stream opens; `reconnected` after the first time, when events may have been missed. */
  onOpen?: (info: { reconnected: boolean }) => void;
  /** When the stream gives up for good (a refusal that asking again will not change). */
  onStop?: (error: unknown) => void;
  /** First wait before reconnecting; doubles on each failure in a row up to `maxDelayMs`. */
  initialDelayMs?: number;
  maxDelayMs?: number;
  /**
   * A stream that stays silent this long, not even a ping, is taken for dead (a proxy or a sleeping laptop
   * can leave a connection open that carries nothing) and opened again.
   */
  idleTimeoutMs?: number;
  /** 0 to 1; spreads the reconnections of many pages after a server restart. */
  random?: () => number;
}

export interface EventStream {
  close(): void;
}

/** Whether opening again may help: not after a refusal (bad session, no such stream), except rate limits. */
function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  if (error.status === 408 || error.status === 429) return true;
  return !(error.status >= 400 && error.status < 500);
}

/**
 * Reads a server-sent event stream through `connect` (fetch with headers, which EventSource cannot send),
 * and keeps it open: after an error, the end of the stream or a silence, it opens it again with a growing,
 * randomized delay, and reports each opening so that the caller can fetch what it may have missed.
 */
export function openEventStream(options: EventStreamOptions): EventStream {
  const initialDelayMs = options.initialDelayMs ?? 1000;
  const maxDelayMs = options.maxDelayMs ?? 30_000;
  const idleTimeoutMs = options.idleTimeoutMs ?? 45_000;
  const random = options.random ?? Math.random;

  let closed = false;
  let controller: AbortController | null = null;
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  let wakeUp: (() => void) | null = null;
  let waitTimer: ReturnType<typeof setTimeout> | null = null;
  let serverRetryMs: number | null = null;

  function stopReading() {
    controller?.abort();
    void reader?.cancel().catch(() => undefined);
  }

  function armIdleTimer() {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = setTimeout(stopReading, idleTimeoutMs);
  }

  function clearIdleTimer() {
    if (idleTimer) clearTimeout(idleTimer);
    idleTimer = null;
  }

  function wait(ms: number): Promise<void> {
    return new Promise((resolve) => {
      wakeUp = resolve;
      waitTimer = setTimeout(resolve, ms);
    });
  }

  async function readOnce(opened: () => void) {
    controller = new AbortController();
    const response = await options.connect(controller.signal);
    if (closed) {
      void response.body?.cancel().catch(() => undefined);
      return;
    }
    if (!response.body) throw new Error('The event stream has no body');
    reader = response.body.getReader();
    const decoder = new TextDecoder();
    const parser = createEventStreamParser();
    opened();
    armIdleTimer();
    for (;;) {
      const { done, value } = await reader.read();
      if (done || closed) break;
      armIdleTimer();
      for (const event of parser.push(decoder.decode(value, { stream: true }))) {
        if (closed) return;
        options.onEvent(event);
      }
      serverRetryMs = parser.retryMs ?? serverRetryMs;
    }
  }

  async function run() {
    let failures = 0;
    let everOpened = false;
    while (!closed) {
      try {
        await readOnce(() => {
          options.onOpen?.({ reconnected: everOpened });
          everOpened = true;
          failures = 0;
        });
      } catch (error) {
        if (closed) return;
        if (!isRetryable(error)) {
          options.onStop?.(error);
          return;
        }
        failures += 1;
      } finally {
        clearIdleTimer();
        reader = null;
      }
      if (closed) return;
      const base = serverRetryMs ?? initialDelayMs;
      const ceiling = Math.min(maxDelayMs, base * 2 ** Math.max(0, failures - 1));
      await wait(ceiling * (0.5 + random() / 2));
    }
  }

  void run();

  return {
    close() {
      if (closed) return;
      closed = true;
      clearIdleTimer();
      if (waitTimer) clearTimeout(waitTimer);
      wakeUp?.();
      stopReading();
    },
  };
}
