import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the local imitations of the payment gateways share: an HTTP server on its own port, the switches that
 * make a gateway misbehave the way real ones do, the delivery of notifications under those switches, and the
 * minimal hosted pages a payer presses buttons on. The imitations exist for tests, the demo and page tests;
 * the product never starts them.
 */

/**
 * How an imitation misbehaves. Change them at any time on the running imitation
 * (`imitation.switches.decline = true`); `defaultSwitches()` puts them back.
 */
export interface ImitationSwitches {
  /** The payer's card or wallet is declined, whatever button the payer presses to pay. */
  decline: boolean;
  /** Each notification is sent this many times, one after the other (1: once). */
  duplicateNotifications: number;
  /** Each of those sendings is this many copies at once, without waiting for an answer (1: one). */
  concurrentNotifications: number;
  /** Notifications leave this many milliseconds after the event (they arrive after the payer is back). */
  notificationDelayMs: number;
  /** Notifications carry a wrong signature, as a forger's would: the server must refuse them. */
  forgeNotifications: boolean;
  /** No notification is sent: only a status check finds out what happened. */
  withholdNotifications: boolean;
  /** Every API call and page answers 503, as a gateway that is down. */
  down: boolean;
}

export const defaultSwitches = (): ImitationSwitches => ({
  decline: false,
  duplicateNotifications: 1,
  concurrentNotifications: 1,
  notificationDelayMs: 0,
  forgeNotifications: false,
  withholdNotifications: false,
  down: false,
});

/** What every imitation is started with (each adds what its gateway registers per account). */
export interface ImitationOptions<Keys, Switches extends ImitationSwitches = ImitationSwitches> {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  /** Address to listen on (default 127.0.0.1). */
  host?: string;
  /** Initial switches. */
  switches?: Partial<Switches>;
  /** Fixed credentials (a server started in another process is given them); random ones otherwise. */
  keys?: Partial<Keys>;
  /** While it answers false, `GET /__health` answers 503 (a launcher's readiness). */
  ready?: () => boolean;
}

// ----- notifications -----

/** A notification to send: GET carries no body; a POST is JSON unless its headers say otherwise. */
export interface OutgoingNotification {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

/** A notification the imitation sent, with the merchant's answer (status 0: it could not be delivered). */
export interface SentNotification {
  url: string;
  method: 'GET' | 'POST';
  headers: Record<string, string>;
  body: string;
  /** Signed wrongly, under the `forgeNotifications` switch. */
  forged: boolean;
  status: number;
}

/** The notifications side of an imitation: copies, delay, forgery, withholding, and a log tests can read. */
export const createNotifier = (switches: ImitationSwitches) => {
  const sent: SentNotification[] = [];
  const inFlight = new Set<Promise<void>>();

  const deliverOnce = async (n: Required<OutgoingNotification>, forged: boolean) => {
    let status = 0;
    try {
      const res = await fetch(n.url, {
        method: n.method,
        headers: n.headers,
        body: n.method === 'POST' ? n.body : undefined,
        signal: AbortSignal.timeout(10_000),
      });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      status = 0;
    }
    sent.push({ ...n, forged, status });
  };

  /**
   * Sends the notification `build` makes (signed wrongly when `forged`) as the switches say, unless they
   * withhold it or `build` answers null. Returns at once; the sending goes on in the background.
   */
  const notify = (build: (forged: boolean) => OutgoingNotification | null) => {
    if (switches.withholdNotifications) return;
    const forged = switches.forgeNotifications;
    const rounds = Math.max(1, Math.floor(switches.duplicateNotifications));
    const copies = Math.max(1, Math.floor(switches.concurrentNotifications));
    const delay = switches.notificationDelayMs;
    const task = (async () => {
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      const built = build(forged);
      if (!built) return;
      const method = built.method ?? 'POST';
      const message = {
        url: built.url,
        method,
        headers:
          method === 'POST' ? { 'content-type': 'application/json', ...built.headers } : { ...built.headers },
        body: built.body ?? '',
      };
      for (let i = 0; i < rounds; i += 1) {
        await Promise.all(Array.from({ length: copies }, () => deliverOnce(message, forged)));
      }
    })();
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
  };

  /** Waits until every notification started so far has been answered (or could not be delivered). */
  const settle = async () => {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  };

  return { sent, notify, settle };
};

// ----- HTTP -----

export interface ImitationRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface ImitationResponse {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

export const json = (
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): ImitationResponse => ({
  status,
  headers: { 'content-type': 'application/json', ...headers },
  body: JSON.stringify(body),
});

export const html = (status: number, body: string): ImitationResponse => ({
  status,
  headers: { 'content-type': 'text/html; charset=utf-8' },
  body,
});

/** A browser redirect (303 by default, so that a form's POST becomes a GET of the merchant's page). */
export const redirect = (location: string, status: 302 | 303 = 303): ImitationResponse => ({
  status,
  headers: { location },
  body: '',
});

/** Appends query parameters to a merchant's address, keeping the ones it already has. */
export const withQuery = (address: string, params: Record<string, string>): string => {
  const url = new URL(address);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
};

/** Reads a JSON body, or null when it is not an object. */
export const parseJson = (body: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(body);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
};

/** A form body (the hosted pages post their buttons as forms). */
export const parseForm = (body: string) => new URLSearchParams(body);

export const randomId = (prefix: string, length = 24): string => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let id = '';
  for (let i = 0; i < length; i += 1) id += alphabet[Math.floor(Math.random() * alphabet.length)];
  return `${prefix}${id}`;
};

// ----- hosted pages -----

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * A gateway's hosted page, kept minimal: what is paid, the fields a payer types, and one button per outcome.
 * The buttons submit one form to `action` with `action=<value>` (and the fields), so a test presses them by
 * their label as a payer does ("Pay", "Decline", "Cancel"). A page without buttons has no form.
 */
export const hostedPage = (page: {
  gateway: string;
  title: string;
  lines: string[];
  /** Where the form posts (the page's own address, usually). */
  action?: string;
  fields?: { name: string; label: string; value?: string }[];
  buttons?: { value: string; label: string }[];
  /** A message shown above the buttons (a decline, say). */
  notice?: string;
}): string => {
  const buttons = page.buttons ?? [];
  const form =
    buttons.length === 0
      ? ''
      : `<form method="post" action="${escapeHtml(page.action ?? '')}">
${(page.fields ?? [])
  .map(
    (f) =>
      `<label>${escapeHtml(f.label)} <input name="${escapeHtml(f.name)}" value="${escapeHtml(f.value ?? '')}"></label>`,
  )
  .join('\n')}
${buttons
  .map(
    (b) =>
      `<button type="submit" name="action" value="${escapeHtml(b.value)}">${escapeHtml(b.label)}</button>`,
  )
  .join('\n')}
</form>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(page.title)}</title></head>
<body data-gateway="${escapeHtml(page.gateway)}">
<main>
<h1>${escapeHtml(page.title)}</h1>
${page.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${page.notice ? `<p role="alert">${escapeHtml(page.notice)}</p>` : ''}
${form}
</main>
</body></html>`;
};

/** The button a payer pressed on a hosted page (its `action` value), or null when it is none of `buttons`. */
export const pressedButton = <Button extends string>(
  req: ImitationRequest,
  buttons: readonly Button[],
): Button | null => {
  const pressed = req.method === 'POST' ? parseForm(req.body).get('action') : null;
  return buttons.find((b) => b === pressed) ?? null;
};

// ----- the server -----

/** Where every imitation (and the launcher's first port) answers 200 once it listens. */
export const healthPath = '/__health';

const readBody = (req: http.IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/**
 * Starts an HTTP server answering with `handle`; resolves with its address once it listens. `GET /__health`
 * answers 200 (once `ready()`); while `switches.down` is on every other request answers `unavailable()`.
 */
export const startImitationServer = async (
  options: {
    port?: number;
    host?: string;
    /** The gateway imitated, as the health path names it. */
    name: string;
    switches?: Pick<ImitationSwitches, 'down'>;
    /** The gateway's own way of saying it is unavailable. */
    unavailable?: () => ImitationResponse;
    /** While false, the health path answers 503 (a launcher holds it until all it starts is ready). */
    ready?: () => boolean;
  },
  handle: (req: ImitationRequest, baseUrl: string) => Promise<ImitationResponse> | ImitationResponse,
): Promise<{ url: string; close: () => Promise<void> }> => {
  const host = options.host ?? '127.0.0.1';
  const unavailable = options.unavailable ?? (() => json(503, { detail: 'Service unavailable' }));
  let baseUrl = '';
  const answer = async (req: ImitationRequest): Promise<ImitationResponse> => {
    if (req.method === 'GET' && req.path === healthPath) {
      const ready = options.ready?.() ?? true;
      return json(ready ? 200 : 503, { imitation: options.name, ready });
    }
    if (options.switches?.down) return unavailable();
    try {
      return await handle(req, baseUrl);
    } catch (error) {
      return json(500, { detail: error instanceof Error ? error.message : 'error' });
    }
  };
  const server = http.createServer((req, res) => {
    void (async () => {
      const address = new URL(req.url ?? '/', baseUrl);
      const body = await readBody(req);
      const response = await answer({
        method: req.method ?? 'GET',
        path: address.pathname,
        query: address.searchParams,
        headers: req.headers,
        body,
      });
      res.writeHead(response.status, response.headers ?? {});
      res.end(response.body ?? '');
    })().catch(() => res.destroy());
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  // An imitation listening on every address is reached on this machine's loopback address.
  const reachable =
    host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  baseUrl = `http://${reachable}:${port}`;
  return {
    url: baseUrl,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
