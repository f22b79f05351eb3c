import { vi } from 'vitest';

/**
 * A stand-in for XMLHttpRequest that a test drives by hand: it records what was sent, then the test reports
 * upload progress and answers. Install with `installFakeXhr()`; every request built is in `requests`.
 */
export class FakeXhr {
  static requests: FakeXhr[] = [];
  /** Answers every new request at once when set, for tests that do not watch the progress. */
  static autoRespond: ((xhr: FakeXhr) => { status: number; body: unknown } | undefined) | null = null;

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private responseHeaders = '';

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  getAllResponseHeaders() {
    return this.responseHeaders;
  }

  send(body: unknown) {
    this.body = body;
    FakeXhr.requests.push(this);
    const answer = FakeXhr.autoRespond?.(this);
    if (answer) queueMicrotask(() => this.respond(answer.status, answer.body));
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  /** The path under /api/v1 that was called. */
  get path() {
    return new URL(this.url, 'http://localhost').pathname.replace(/^\/api\/v1/, '');
  }

  /** The form that was sent, as plain entries. */
  get form(): Record<string, FormDataEntryValue> {
    return this.body instanceof FormData ? Object.fromEntries(this.body.entries()) : {};
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
  }

  respond(status: number, body: unknown) {
    this.status = status;
    this.statusText = status >= 400 ? 'Error' : 'OK';
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    this.responseHeaders = 'content-type: application/json\r\n';
    this.onload?.();
  }

  fail() {
    this.onerror?.();
  }
}

export function installFakeXhr() {
  FakeXhr.requests = [];
  FakeXhr.autoRespond = null;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr;
}
