// From the contract's files without zod: the client is part of every page's first load.
import { errorCodes } from '@invoicing/contract/errors';
import { apiBasePath } from '@invoicing/contract/route';
import type { ErrorCode, RouteAccess, RouteBody, RouteDef, RouteResponse } from '@invoicing/contract';
import type { z } from 'zod';
import { paths } from './paths';
import type { UpgradeError } from './storage';
import {
  clearSession,
  getAccessToken,
  getLanguage,
  getOrganizationId,
  getRefreshToken,
  setTokens,
  setUpgradeError,
} from './storage';

/** An API answer that was not a success, in the error shape of DECISIONS.md, or a failure to reach the API. */
export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** The stable machine code from the server, or NETWORK_ERROR, HTTP_ERROR, INVALID_RESPONSE from this client. */
  readonly code: string;
  readonly detail: string;
  /** Validation messages per field (English texts of the contract's validationMessages). */
  readonly fieldErrors: Record<string, string[]>;
  /** Seconds to wait before trying again, from Retry-After on a 429. */
  readonly retryAfterSeconds: number | null;
  /** The decoded body, for error answers that carry more than the common shape (upgrade_required). */
  readonly body: unknown;

  constructor(init: {
    status: number;
    code: string;
    detail: string;
    fieldErrors?: Record<string, string[]>;
    retryAfterSeconds?: number | null;
    body?: unknown;
  }) {
    super(init.detail || init.code);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail;
    this.fieldErrors = init.fieldErrors ?? {};
    this.retryAfterSeconds = init.retryAfterSeconds ?? null;
    this.body = init.body;
  }
}

/** What a schema accepts; never for a part the route does not declare (its schema is then the bare ZodType). */
type DeclaredInput<S> = S extends z.ZodType ? (unknown extends z.input<S> ? never : z.input<S>) : never;

/** The values of a route's `{name}` or `:name` path segments, as its `params` schema takes them. */
export type RouteParams<R> =
  R extends RouteDef<infer P, z.ZodType, z.ZodType, z.ZodType, RouteAccess> ? DeclaredInput<P> : never;

/** A route's query parameters, as its `query` schema takes them. */
export type RouteQuery<R> =
  R extends RouteDef<z.ZodType, infer Q, z.ZodType, z.ZodType, RouteAccess> ? DeclaredInput<Q> : never;

export interface RequestOptions<R> {
  body?: RouteBody<R> | FormData;
  params?: RouteParams<R>;
  query?: RouteQuery<R>;
  signal?: AbortSignal;
}

/** The options as the transport reads them, whatever the route. */
interface AnyRequestOptions {
  body?: unknown;
  params?: Record<string, string | number>;
  query?: Record<string, unknown>;
  signal?: AbortSignal;
}

/** What the client needs from the browser's memory; the default is lib/storage.ts. */
export interface SessionStore {
  getAccessToken(): string | null;
  getRefreshToken(): string | null;
  setTokens(tokens: { access: string; refresh: string }): void;
  getOrganizationId(): string | null;
  getLanguage(): string;
  clearSession(): void;
  setUpgradeError(error: UpgradeError): void;
}

/** Upload progress: bytes sent so far and the total, when the browser knows it. */
export type UploadProgress = (progress: { loaded: number; total: number }) => void;

export interface UploadOptions<R> extends Omit<RequestOptions<R>, 'body'> {
  body: FormData;
  onProgress?: UploadProgress;
}

export interface StreamOptions {
  params?: Record<string, string | number>;
  signal?: AbortSignal;
}

export interface ApiClientConfig {
  fetch?: typeof fetch;
  /** Builds the request object of an upload; fetch cannot report upload progress. */
  createXhr?: () => XMLHttpRequest;
  baseUrl?: string;
  store?: SessionStore;
  /** Where to send the user when a plan limit stops an action. */
  onUpgradeRequired?: () => void;
}

/** A file answered by a route that `produces` one, with the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition; null when the server named none. */
  fileName: string | null;
}

export interface ApiClient {
  request<R extends RouteDef>(route: R, options?: RequestOptions<R>): Promise<RouteResponse<R>>;
  /** Like `request`, with the answer taken as typed, unparsed (see `readApi`). */
  read<R extends RouteDef>(call: RouteCall<R>, options?: RequestOptions<R>): Promise<RouteResponse<R>>;
  /** Fetches the file a route `produces` (a PDF), with the same headers, refresh and errors as `request`. */
  download<R extends RouteDef>(route: R, options?: RequestOptions<R>): Promise<DownloadedFile>;
  /** A multipart request sent with XMLHttpRequest, reporting upload progress; otherwise like `request`. */
  upload<R extends RouteDef>(route: R, options: UploadOptions<R>): Promise<RouteResponse<R>>;
  /**
   * Opens a streamed GET answer (server-sent events) with the session's headers and the same refresh on a
   * 401; answers the open response for the caller to read, or throws ApiError.
   */
  stream(path: string, options?: StreamOptions): Promise<Response>;
}

/** The part of a route the transport needs: streams have no contract schema to parse with. */
type Target = Pick<RouteDef, 'method' | 'path' | 'access'>;

interface Outgoing {
  url: string;
  method: string;
  headers: Record<string, string>;
  body?: BodyInit;
  signal?: AbortSignal;
}

type Transport = (outgoing: Outgoing) => Promise<Response>;

const defaultStore: SessionStore = {
  getAccessToken,
  getRefreshToken,
  setTokens,
  getOrganizationId,
  getLanguage,
  clearSession,
  setUpgradeError,
};

const refreshPath = '/auth/refresh';

function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/\{(\w+)\}|:(\w+)/g, (_match, braced?: string, colon?: string) => {
    const name = braced ?? colon ?? '';
    const value = params[name];
    if (value === undefined) throw new Error(`Missing path parameter "${name}" for ${path}`);
    return encodeURIComponent(String(value));
  });
}

function buildQuery(query: AnyRequestOptions['query']): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value as string | number | boolean));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The file name of a Content-Disposition header: its exact `filename*` (RFC 6266) first, else `filename`. */
export function fileNameOf(header: string | null): string | null {
  if (!header) return null;
  const exact = /filename\*\s*=\s*UTF-8''([^;]+)/i.exec(header);
  if (exact) {
    try {
      return decodeURIComponent(exact[1]!.trim());
    } catch {
      // Fall back on the plain name.
    }
  }
  const plain = /filename\s*=\s*"([^"]*)"|filename\s*=\s*([^;]+)/i.exec(header);
  const name = (plain?.[1] ?? plain?.[2])?.trim();
  return name ? name : null;
}

function parseRetryAfter(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds));
  const date = Date.parse(header);
  if (Number.isNaN(date)) return null;
  return Math.max(0, Math.ceil((date - Date.now()) / 1000));
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/*
 * The two answers every page may meet (an error, fresh tokens) are checked here by hand, with the same rules
 * as the contract's `errorResponse` and `tokenPair`: the client is part of every page's first load, and the
 * contract's schemas (with zod) are loaded only by the pages that call a route.
 */

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const knownCodes: ReadonlySet<string> = new Set(errorCodes);

/** The error answer of DECISIONS.md (the contract's `errorResponse`), or null for anything else. */
export function readErrorAnswer(
  body: unknown,
): { detail: string; code: ErrorCode; errors?: Record<string, string[]> } | null {
  if (!isRecord(body) || typeof body.detail !== 'string' || typeof body.code !== 'string') return null;
  if (!knownCodes.has(body.code)) return null;
  const { errors } = body;
  if (errors === undefined) return { detail: body.detail, code: body.code as ErrorCode };
  if (!isRecord(errors)) return null;
  const messages = Object.values(errors);
  if (!messages.every((list) => Array.isArray(list) && list.every((item) => typeof item === 'string'))) {
    return null;
  }
  return { detail: body.detail, code: body.code as ErrorCode, errors: errors as Record<string, string[]> };
}

/** An access and a refresh token (the contract's `tokenPair`), or null. */
export function readTokenPair(body: unknown): { access: string; refresh: string } | null {
  if (!isRecord(body) || typeof body.access !== 'string' || typeof body.refresh !== 'string') return null;
  return { access: body.access, refresh: body.refresh };
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response);
  const answer = readErrorAnswer(body);
  const retryAfterSeconds = parseRetryAfter(response.headers.get('Retry-After'));
  if (answer) {
    return new ApiError({
      status: response.status,
      code: answer.code,
      detail: answer.detail,
      fieldErrors: answer.errors ?? {},
      retryAfterSeconds,
      body,
    });
  }
  // A proxy or a crash can answer with something else than our JSON; keep the status so the page can react.
  return new ApiError({
    status: response.status,
    code: response.status === 429 ? 'TOO_MANY_ATTEMPTS' : 'HTTP_ERROR',
    detail: response.statusText,
    retryAfterSeconds,
    body,
  });
}

function readUpgradeError(body: unknown): UpgradeError | null {
  if (typeof body !== 'object' || body === null) return null;
  const record = body as Record<string, unknown>;
  if (record.upgrade_required !== true) return null;
  const num = (value: unknown) => (typeof value === 'number' ? value : null);
  const message =
    typeof record.message === 'string'
      ? record.message
      : typeof record.detail === 'string'
        ? record.detail
        : '';
  return {
    message,
    limitType: typeof record.limit_type === 'string' ? record.limit_type : null,
    currentUsage: num(record.current_usage),
    limit: num(record.limit),
  };
}

/** Statuses whose answer has no body: a Response with one cannot even be built. */
const nullBodyStatuses = new Set([101, 103, 204, 205, 304]);

function parseXhrHeaders(raw: string): Headers {
  const headers = new Headers();
  for (const line of raw.trim().split(/[\r\n]+/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      // A header name the Headers class refuses is of no use to us.
    }
  }
  return headers;
}

/** One request through XMLHttpRequest, answered as a fetch Response so that the rest of the client is shared. */
function sendWithXhr(
  createXhr: () => XMLHttpRequest,
  { url, method, headers, body, signal }: Outgoing,
  onProgress?: UploadProgress,
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const xhr = createXhr();
    const networkError = () =>
      new ApiError({ status: 0, code: 'NETWORK_ERROR', detail: 'The server could not be reached' });
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.open(method, url);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
      };
    }
    xhr.onload = () => {
      settle();
      if (xhr.status < 200 || xhr.status > 599) {
        reject(networkError());
        return;
      }
      const responseBody = nullBodyStatuses.has(xhr.status) ? null : xhr.responseText;
      resolve(
        new Response(responseBody, {
          status: xhr.status,
          statusText: xhr.statusText,
          headers: parseXhrHeaders(xhr.getAllResponseHeaders()),
        }),
      );
    };
    xhr.onerror = () => {
      settle();
      reject(networkError());
    };
    xhr.ontimeout = xhr.onerror;
    xhr.onabort = () => {
      settle();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    };
    xhr.send((body ?? null) as XMLHttpRequestBodyInit | null);
  });
}

/** Builds a client; the app uses the one below, tests build their own around a fake fetch. */
export function createApiClient(config: ApiClientConfig = {}): ApiClient {
  const fetchImpl: typeof fetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = config.baseUrl ?? apiBasePath;
  const store = config.store ?? defaultStore;
  const onUpgradeRequired = config.onUpgradeRequired ?? (() => navigateForUpgrade());

  // Every 401 that arrives while a refresh is under way waits for that same refresh: refresh tokens rotate,
  // so a second refresh with the old token would be taken for a stolen token and end the whole sign-in.
  let refreshing: Promise<boolean> | null = null;

  async function fetchOrThrow(url: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchImpl(url, init);
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiError({ status: 0, code: 'NETWORK_ERROR', detail: 'The server could not be reached' });
    }
  }

  async function refreshTokens(): Promise<boolean> {
    const refresh = store.getRefreshToken();
    if (!refresh) {
      store.clearSession();
      return false;
    }
    const response = await fetchOrThrow(`${baseUrl}${refreshPath}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ refresh }),
    });
    if (!response.ok) {
      store.clearSession();
      return false;
    }
    const tokens = readTokenPair(await readBody(response));
    if (!tokens) {
      store.clearSession();
      return false;
    }
    store.setTokens(tokens);
    return true;
  }

  function sharedRefresh(): Promise<boolean> {
    refreshing ??= refreshTokens().finally(() => {
      refreshing = null;
    });
    return refreshing;
  }

  const fetchTransport: Transport = ({ url, ...init }) => fetchOrThrow(url, init);

  function send(
    target: Target,
    options: AnyRequestOptions,
    accessToken: string | null,
    transport: Transport,
    accept = 'application/json',
  ) {
    const headers: Record<string, string> = {
      Accept: accept,
      'Accept-Language': store.getLanguage(),
    };
    let body: BodyInit | undefined;
    if (options.body instanceof FormData) {
      body = options.body;
    } else if (options.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.body);
    }
    if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
    // Only an organization route is scoped by the header; the route itself says so, whatever its path.
    const organizationId = store.getOrganizationId();
    if (organizationId && target.access === 'org') headers['X-Organization-ID'] = organizationId;
    const url = `${baseUrl}${buildPath(target.path, options.params)}${buildQuery(options.query)}`;
    return transport({ url, method: target.method, headers, body, signal: options.signal });
  }

  /** Sends once, refreshes and resends once on a 401, and turns a failure into ApiError. */
  async function exchange(
    target: Target,
    options: AnyRequestOptions,
    transport: Transport,
    accept?: string,
  ): Promise<Response> {
    const needsToken = target.access !== 'public';
    const tokenUsed = needsToken ? store.getAccessToken() : null;
    let response = await send(target, options, tokenUsed, transport, accept);

    if (response.status === 401) {
      if (!needsToken) {
        // A 401 on a sign-in call means whatever this browser held is no longer good.
        store.clearSession();
      } else {
        const current = store.getAccessToken();
        // Another request may have refreshed while this one was in flight: use its token instead of refreshing.
        const refreshed = current !== null && current !== tokenUsed ? true : await sharedRefresh();
        if (refreshed) {
          response = await send(target, options, store.getAccessToken(), transport, accept);
          if (response.status === 401) store.clearSession();
        }
      }
    }

    if (!response.ok) {
      const error = await toApiError(response);
      if (response.status === 403) {
        const upgrade = readUpgradeError(error.body);
        if (upgrade) {
          store.setUpgradeError(upgrade);
          onUpgradeRequired();
        }
      }
      throw error;
    }
    return response;
  }

  async function parse<R extends RouteDef>(route: R, response: Response): Promise<RouteResponse<R>> {
    const data = response.status === 204 ? undefined : await readBody(response);
    const parsed = route.response.safeParse(data);
    if (!parsed.success) {
      throw new ApiError({
        status: response.status,
        code: 'INVALID_RESPONSE',
        detail: `Unexpected answer from ${route.method} ${route.path}`,
        body: data,
      });
    }
    return parsed.data as RouteResponse<R>;
  }

  async function request<R extends RouteDef>(
    route: R,
    options: RequestOptions<R> = {},
  ): Promise<RouteResponse<R>> {
    return parse(route, await exchange(route, options, fetchTransport));
  }

  async function read<R extends RouteDef>(
    call: RouteCall<R>,
    options: RequestOptions<R> = {},
  ): Promise<RouteResponse<R>> {
    const response = await exchange(call, options, fetchTransport);
    return (response.status === 204 ? undefined : await readBody(response)) as RouteResponse<R>;
  }

  async function download<R extends RouteDef>(
    route: R,
    options: RequestOptions<R> = {},
  ): Promise<DownloadedFile> {
    const response = await exchange(route, options, fetchTransport, route.produces ?? '*/*');
    return {
      blob: await response.blob(),
      fileName: fileNameOf(response.headers.get('Content-Disposition')),
    };
  }

  async function upload<R extends RouteDef>(route: R, options: UploadOptions<R>): Promise<RouteResponse<R>> {
    const transport: Transport = (outgoing) =>
      sendWithXhr(config.createXhr ?? (() => new XMLHttpRequest()), outgoing, options.onProgress);
    return parse(route, await exchange(route, options, transport));
  }

  function stream(path: string, options: StreamOptions = {}): Promise<Response> {
    return exchange({ method: 'GET', path, access: 'org' }, options, fetchTransport, 'text/event-stream');
  }

  return { request, read, download, upload, stream };
}

let navigate: (path: string) => void = (path) => window.location.assign(path);

/** Lets the router take over navigation from the client, so that leaving for /usage keeps the app loaded. */
export function setApiNavigator(navigator: (path: string) => void): void {
  navigate = navigator;
}

function navigateForUpgrade(): void {
  navigate(paths.usage);
}

const defaultClient = createApiClient();

/** Calls one contract route with the signed-in session and parses the answer with the route's schema. */
export function callApi<R extends RouteDef>(
  route: R,
  options?: RequestOptions<R>,
): Promise<RouteResponse<R>> {
  return defaultClient.request(route, options);
}

/**
 * A contract route's method, path and access without its schemas, typed as the route: a page that only shows
 * an answer calls it through `readApi` and loads neither zod nor the contract's schemas. Its path is tested
 * against the route's (the feature's api tests).
 */
export interface RouteCall<R extends RouteDef> extends Target {
  /** Never set: it carries the route's types. */
  readonly route?: R;
}

/**
 * Calls one contract route like `callApi`, but takes the answer as the contract types it, without parsing:
 * for read-only lists, whose answers the page only shows. Forms keep `callApi`.
 */
export function readApi<R extends RouteDef>(
  call: RouteCall<R>,
  options?: RequestOptions<R>,
): Promise<RouteResponse<R>> {
  return defaultClient.read(call, options);
}

/** Fetches the file one contract route produces (a PDF), with the signed-in session, like `callApi`. */
export function downloadApi<R extends RouteDef>(
  route: R,
  options?: RequestOptions<R>,
): Promise<DownloadedFile> {
  return defaultClient.download(route, options);
}

/** Sends a multipart form to one contract route, reporting upload progress, like `callApi` otherwise. */
export function uploadApi<R extends RouteDef>(
  route: R,
  options: UploadOptions<R>,
): Promise<RouteResponse<R>> {
  return defaultClient.upload(route, options);
}

/** Opens a server-sent event stream under the API with the signed-in session's headers. */
export function openApiStream(path: string, options?: StreamOptions): Promise<Response> {
  return defaultClient.stream(path, options);
}
