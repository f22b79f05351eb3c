import { defineRoute, errorResponse, tokenPair } from '@invoicing/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { FakeXhr, installFakeXhr } from '../test/fake-xhr';
import {
  ApiError,
  createApiClient,
  fileNameOf,
  readErrorAnswer,
  readTokenPair,
  type RouteCall,
} from './api-client';
import {
  getAccessToken,
  getOrganizationId,
  getRefreshToken,
  getUpgradeError,
  setOrganizationId,
  setTokens,
} from './storage';

const orgRoute = defineRoute({
  method: 'GET',
  path: '/things/{id}/',
  access: 'org',
  summary: 'test route',
  params: z.object({ id: z.string() }),
  response: z.object({ id: z.string() }),
});

/** A signed-in call outside any organization, whose path says nothing about it. */
const userRoute = defineRoute({
  method: 'GET',
  path: '/orgs/',
  access: 'user',
  summary: 'test list of the caller organizations',
  response: z.object({ ok: z.boolean() }),
});

const publicRoute = defineRoute({
  method: 'POST',
  path: '/auth/login',
  access: 'public',
  summary: 'test login',
  body: z.object({ email: z.string() }),
  response: z.object({ ok: z.boolean() }),
});

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

interface Call {
  url: string;
  init: RequestInit;
}

/** A fake API: data calls succeed only with the `valid` access token; refresh answers with `next` tokens. */
function fakeApi(options: { refreshStatus?: number; refreshDelayMs?: number } = {}) {
  const calls: Call[] = [];
  let valid = 'access-2';
  let refreshCount = 0;
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    const headers = new Headers(init.headers);
    if (url.endsWith('/auth/refresh')) {
      refreshCount += 1;
      await new Promise((resolve) => setTimeout(resolve, options.refreshDelayMs ?? 5));
      if (options.refreshStatus && options.refreshStatus !== 200) {
        return json(options.refreshStatus, {
          detail: 'Invalid refresh token',
          code: 'INVALID_REFRESH_TOKEN',
        });
      }
      const body = JSON.parse(String(init.body)) as { refresh: string };
      if (body.refresh !== 'refresh-1') return json(401, { detail: 'reused', code: 'INVALID_REFRESH_TOKEN' });
      return json(200, { access: valid, refresh: 'refresh-2' });
    }
    if (headers.get('Authorization') !== `Bearer ${valid}`) {
      return json(401, { detail: 'Token expired', code: 'UNAUTHENTICATED' });
    }
    const id = url.split('/').filter(Boolean).pop() ?? '';
    return json(200, { id });
  });
  return {
    fetch,
    calls,
    get refreshCount() {
      return refreshCount;
    },
    setValid(token: string) {
      valid = token;
    },
  };
}

describe('api client', () => {
  beforeEach(() => {
    setTokens({ access: 'access-1', refresh: 'refresh-1' });
    setOrganizationId('org-1');
  });

  it('sends the bearer token and the organization header, and parses the answer', async () => {
    const api = fakeApi();
    api.setValid('access-1');
    const client = createApiClient({ fetch: api.fetch });
    await expect(client.request(orgRoute, { params: { id: 'a' } })).resolves.toEqual({ id: 'a' });
    const headers = new Headers(api.calls[0]?.init.headers);
    expect(api.calls[0]?.url).toBe('/api/v1/things/a/');
    expect(headers.get('Authorization')).toBe('Bearer access-1');
    expect(headers.get('X-Organization-ID')).toBe('org-1');
  });

  it('sends no organization header and no token on auth calls', async () => {
    const fetch = vi.fn(async () => json(200, { ok: true }));
    const client = createApiClient({ fetch });
    await client.request(publicRoute, { body: { email: 'a@b.c' } });
    const init = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const headers = new Headers(init[1].headers);
    expect(headers.get('X-Organization-ID')).toBeNull();
    expect(headers.get('Authorization')).toBeNull();
  });

  it('sends the organization header by the route access: none on a signed-in call outside organizations', async () => {
    const fetch = vi.fn(async () => json(200, { ok: true }));
    const client = createApiClient({ fetch });
    await client.request(userRoute);
    const init = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const headers = new Headers(init[1].headers);
    expect(headers.get('Authorization')).toBe('Bearer access-1');
    expect(headers.get('X-Organization-ID')).toBeNull();
  });

  it('makes exactly one refresh for concurrent 401s and retries each request once', async () => {
    const api = fakeApi({ refreshDelayMs: 20 });
    const client = createApiClient({ fetch: api.fetch });
    const results = await Promise.all(
      ['a', 'b', 'c', 'd'].map((id) => client.request(orgRoute, { params: { id } })),
    );
    expect(results.map((r) => r.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(api.refreshCount).toBe(1);
    // 4 first attempts + 1 refresh + 4 retries.
    expect(api.fetch).toHaveBeenCalledTimes(9);
    for (const id of ['a', 'b', 'c', 'd']) {
      expect(api.calls.filter((c) => c.url.endsWith(`/things/${id}/`))).toHaveLength(2);
    }
    expect(getAccessToken()).toBe('access-2');
    // Refresh tokens rotate: the new one must replace the old one.
    expect(getRefreshToken()).toBe('refresh-2');
  });

  it('does not refresh again for a 401 that arrives after another request already refreshed', async () => {
    const api = fakeApi();
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (fetch.mock.calls.length === 1) {
        // While this request was in flight, another one refreshed and stored the new pair.
        setTokens({ access: 'access-2', refresh: 'refresh-2' });
      }
      return api.fetch(input, init);
    });
    const client = createApiClient({ fetch });
    await expect(client.request(orgRoute, { params: { id: 'a' } })).resolves.toEqual({ id: 'a' });
    expect(api.refreshCount).toBe(0);
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('clears the session when the refresh fails', async () => {
    const api = fakeApi({ refreshStatus: 401 });
    const client = createApiClient({ fetch: api.fetch });
    const error = await client.request(orgRoute, { params: { id: 'a' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(api.refreshCount).toBe(1);
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(getOrganizationId()).toBeNull();
  });

  it('clears the session without calling refresh when there is no refresh token', async () => {
    window.localStorage.removeItem('invoicing.refreshToken');
    const api = fakeApi();
    const client = createApiClient({ fetch: api.fetch });
    await expect(client.request(orgRoute, { params: { id: 'a' } })).rejects.toBeInstanceOf(ApiError);
    expect(api.refreshCount).toBe(0);
    expect(getAccessToken()).toBeNull();
    expect(getOrganizationId()).toBeNull();
  });

  it('retries only once: a second 401 clears the session', async () => {
    const api = fakeApi();
    api.setValid('never');
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input).endsWith('/auth/refresh'))
        return json(200, { access: 'access-2', refresh: 'refresh-2' });
      return api.fetch(input, init);
    });
    const client = createApiClient({ fetch });
    await expect(client.request(orgRoute, { params: { id: 'a' } })).rejects.toBeInstanceOf(ApiError);
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(getAccessToken()).toBeNull();
  });

  it('stores an upgrade_required answer and sends the user to the usage page', async () => {
    const onUpgradeRequired = vi.fn();
    const fetch = vi.fn(async () =>
      json(403, {
        detail: 'Customer limit reached',
        code: 'FORBIDDEN',
        upgrade_required: true,
        message: 'Customer limit reached',
        limit_type: 'customers',
        current_usage: 25,
        limit: 25,
      }),
    );
    const client = createApiClient({ fetch, onUpgradeRequired });
    await expect(client.request(orgRoute, { params: { id: 'a' } })).rejects.toBeInstanceOf(ApiError);
    expect(onUpgradeRequired).toHaveBeenCalledOnce();
    expect(getUpgradeError()).toEqual({
      message: 'Customer limit reached',
      limitType: 'customers',
      currentUsage: 25,
      limit: 25,
    });
  });

  it('reads field errors and Retry-After into ApiError', async () => {
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        json(400, {
          detail: 'Validation failed',
          code: 'VALIDATION_FAILED',
          errors: { email: ['Email is required'] },
        }),
      )
      .mockResolvedValueOnce(
        json(429, { detail: 'Too many attempts', code: 'TOO_MANY_ATTEMPTS' }, { 'Retry-After': '42' }),
      );
    const client = createApiClient({ fetch });
    const first = (await client
      .request(publicRoute, { body: { email: '' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(first.fieldErrors).toEqual({ email: ['Email is required'] });
    expect(first.code).toBe('VALIDATION_FAILED');
    const second = (await client
      .request(publicRoute, { body: { email: 'x' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(second.status).toBe(429);
    expect(second.retryAfterSeconds).toBe(42);
  });

  it('turns an unreachable server into a NETWORK_ERROR', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const client = createApiClient({ fetch });
    const error = (await client
      .request(publicRoute, { body: { email: 'x' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe('NETWORK_ERROR');
    expect(error.status).toBe(0);
  });
});

const uploadRoute = defineRoute({
  method: 'POST',
  path: '/files/',
  access: 'org',
  summary: 'test upload',
  response: z.object({ id: z.string(), name: z.string() }),
  successStatus: 201,
});

describe('api client uploads', () => {
  beforeEach(() => {
    setTokens({ access: 'access-1', refresh: 'refresh-1' });
    setOrganizationId('org-1');
    installFakeXhr();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  const form = () => {
    const body = new FormData();
    body.set('kind', 'INVOICE_UPLOAD');
    body.set('file', new File(['%PDF-1.7'], 'a.pdf', { type: 'application/pdf' }));
    return body;
  };
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('sends the form with the session headers, reports progress and parses the answer', async () => {
    const progress: number[] = [];
    const client = createApiClient({ fetch: vi.fn() });
    const done = client.upload(uploadRoute, {
      body: form(),
      onProgress: ({ loaded, total }) => progress.push(loaded / total),
    });
    await flush();
    const [xhr] = FakeXhr.requests;
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe('/api/v1/files/');
    expect(xhr?.headers.Authorization).toBe('Bearer access-1');
    expect(xhr?.headers['X-Organization-ID']).toBe('org-1');
    // The browser sets the multipart boundary itself.
    expect(xhr?.headers['Content-Type']).toBeUndefined();
    expect(xhr?.form.kind).toBe('INVOICE_UPLOAD');
    xhr?.progress(25, 100);
    xhr?.progress(100, 100);
    xhr?.respond(201, { id: 'f1', name: 'a.pdf' });
    await expect(done).resolves.toEqual({ id: 'f1', name: 'a.pdf' });
    expect(progress).toEqual([0.25, 1]);
  });

  it('refreshes once on a 401 and sends the upload again with the new token', async () => {
    const fetch = vi.fn(async () => json(200, { access: 'access-2', refresh: 'refresh-2' }));
    const client = createApiClient({ fetch });
    FakeXhr.autoRespond = (xhr) =>
      xhr.headers.Authorization === 'Bearer access-2'
        ? { status: 201, body: { id: 'f1', name: 'a.pdf' } }
        : { status: 401, body: { detail: 'Token expired', code: 'UNAUTHENTICATED' } };
    await expect(client.upload(uploadRoute, { body: form() })).resolves.toEqual({ id: 'f1', name: 'a.pdf' });
    expect(FakeXhr.requests).toHaveLength(2);
    expect(fetch).toHaveBeenCalledOnce();
    expect(getRefreshToken()).toBe('refresh-2');
  });

  it('turns an error answer into ApiError and a storage limit into the upgrade redirect', async () => {
    const onUpgradeRequired = vi.fn();
    const client = createApiClient({ fetch: vi.fn(), onUpgradeRequired });
    FakeXhr.autoRespond = () => ({
      status: 403,
      body: {
        detail: 'Storage limit reached',
        code: 'STORAGE_LIMIT_REACHED',
        upgrade_required: true,
        message: 'Storage limit reached',
        limit_type: 'storage',
        current_usage: 30,
        limit: 30,
      },
    });
    const error = (await client.upload(uploadRoute, { body: form() }).catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe('STORAGE_LIMIT_REACHED');
    expect(error.status).toBe(403);
    expect(onUpgradeRequired).toHaveBeenCalledOnce();
    expect(getUpgradeError()?.limitType).toBe('storage');
  });

  it('turns a dropped connection into a NETWORK_ERROR', async () => {
    const client = createApiClient({ fetch: vi.fn() });
    const done = client.upload(uploadRoute, { body: form() }).catch((e: unknown) => e);
    await flush();
    FakeXhr.requests[0]?.fail();
    expect(((await done) as ApiError).code).toBe('NETWORK_ERROR');
  });
});

describe('api client reads (answers taken as typed)', () => {
  beforeEach(() => {
    setTokens({ access: 'access-1', refresh: 'refresh-1' });
    setOrganizationId('org-1');
  });

  const orgCall: RouteCall<typeof orgRoute> = { method: 'GET', path: '/things/{id}/', access: 'org' };

  it('sends the session headers, refreshes once on a 401 and answers the body as sent', async () => {
    const api = fakeApi();
    const client = createApiClient({ fetch: api.fetch });
    await expect(client.read(orgCall, { params: { id: 'a' } })).resolves.toEqual({ id: 'a' });
    expect(api.refreshCount).toBe(1);
    const headers = new Headers(api.calls.at(-1)?.init.headers);
    expect(api.calls.at(-1)?.url).toBe('/api/v1/things/a/');
    expect(headers.get('Authorization')).toBe('Bearer access-2');
    expect(headers.get('X-Organization-ID')).toBe('org-1');
  });

  it('throws ApiError for an error answer, like a parsed call', async () => {
    const fetch = vi.fn(async () => json(404, { detail: 'Not found', code: 'NOT_FOUND' }));
    const client = createApiClient({ fetch });
    await expect(client.read(orgCall, { params: { id: 'a' } })).rejects.toMatchObject({
      status: 404,
      code: 'NOT_FOUND',
    });
  });
});

describe('api client streams', () => {
  beforeEach(() => {
    setTokens({ access: 'access-1', refresh: 'refresh-1' });
    setOrganizationId('org-1');
  });

  it('opens a stream with the session headers and answers the open response', async () => {
    const fetch = vi.fn(
      async () => new Response('event: x\ndata: 1\n\n', { headers: { 'Content-Type': 'text/event-stream' } }),
    );
    const client = createApiClient({ fetch });
    const response = await client.stream('/events/');
    expect(await response.text()).toBe('event: x\ndata: 1\n\n');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const headers = new Headers(init.headers);
    expect(url).toBe('/api/v1/events/');
    expect(headers.get('Accept')).toBe('text/event-stream');
    expect(headers.get('Authorization')).toBe('Bearer access-1');
    expect(headers.get('X-Organization-ID')).toBe('org-1');
  });

  it('throws ApiError for a refused stream', async () => {
    const fetch = vi.fn(async () => json(404, { detail: 'Not found', code: 'NOT_FOUND' }));
    const client = createApiClient({ fetch });
    await expect(client.stream('/events/')).rejects.toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });
});

describe('the name of a downloaded file', () => {
  it('is the exact UTF-8 name when the server gives one, else the plain one', () => {
    expect(fileNameOf(`attachment; filename="INV-1.pdf"; filename*=UTF-8''INV-1.pdf`)).toBe('INV-1.pdf');
    expect(fileNameOf(`attachment; filename="___-7.pdf"; filename*=UTF-8''%D9%81%D8%A7%D8%AA-7.pdf`)).toBe(
      'فات-7.pdf',
    );
    expect(fileNameOf('attachment; filename="report.pdf"')).toBe('report.pdf');
    expect(fileNameOf('attachment; filename=plain.pdf')).toBe('plain.pdf');
    expect(fileNameOf('attachment')).toBeNull();
    expect(fileNameOf(null)).toBeNull();
  });
});

describe('the answers every page reads without the contract', () => {
  // The client checks errors and fresh tokens by hand so that no schema is part of the first load; it must
  // accept exactly what the contract's schemas accept.
  const errorBodies: unknown[] = [
    { detail: 'Not found', code: 'NOT_FOUND' },
    { detail: 'Invalid input', code: 'VALIDATION_FAILED', errors: { email: ['Email is required'] } },
    { detail: 'Invalid input', code: 'VALIDATION_FAILED', errors: {} },
    { detail: 'x', code: 'NOT_FOUND', extra: true },
    { detail: 'x', code: 'NO_SUCH_CODE' },
    { detail: 'x' },
    { code: 'NOT_FOUND' },
    { detail: 1, code: 'NOT_FOUND' },
    { detail: 'x', code: 'VALIDATION_FAILED', errors: { email: 'Email is required' } },
    { detail: 'x', code: 'VALIDATION_FAILED', errors: { email: [1] } },
    { detail: 'x', code: 'VALIDATION_FAILED', errors: ['Email is required'] },
    { detail: 'x', code: 'VALIDATION_FAILED', errors: null },
    [],
    'Bad gateway',
    null,
    undefined,
  ];

  it.each(errorBodies.map((body) => [JSON.stringify(body), body]))(
    'reads the error answer %s as errorResponse does',
    (_name, body) => {
      const parsed = errorResponse.safeParse(body);
      expect(readErrorAnswer(body)).toEqual(parsed.success ? parsed.data : null);
    },
  );

  const tokenBodies: unknown[] = [
    { access: 'a', refresh: 'r' },
    { access: 'a', refresh: 'r', user: { id: 'u' } },
    { access: 'a' },
    { access: 1, refresh: 'r' },
    { tokens: { access: 'a', refresh: 'r' } },
    null,
    'a.r',
  ];

  it.each(tokenBodies.map((body) => [JSON.stringify(body), body]))(
    'reads the tokens %s as tokenPair does',
    (_name, body) => {
      const parsed = tokenPair.safeParse(body);
      expect(readTokenPair(body)).toEqual(parsed.success ? parsed.data : null);
    },
  );
});
