import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What the local imitations of the gateways share: an HTTP server on its own port, the switches that make
 * a gateway misbehave the way real ones do, and the delivery of notifications under those switches. The
 * imitations exist for tests, the demo and page tests; the product never starts them.
 */

/** How an imitation misbehaves; tests flip these on the object an imitation answers. */
export interface ImitationSwitches {
  /** The payer's card or wallet is declined (the hosted page's Pay then declines too). */
  decline: boolean;
  /** Each notification is sent this many times, one after the other (1: once). */
  duplicateNotifications: number;
  /** Each notification is sent this many times at once, without waiting for an answer (1: once). */
  concurrentNotifications: number;
  /** Notifications leave this many milliseconds after the event. */
  notificationDelayMs: number;
  /** Notifications carry a wrong signature, as a forger's would. */
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

/** One notification as the imitation sent it, and how the merchant answered. */
export interface Delivery {
  url: string;
  method: 'GET' | 'POST';
  body: string;
  forged: boolean;
  /** The merchant's HTTP status, or 0 when it could not be reached. */
  status: number;
}

export interface OutgoingNotification {
  url: string;
  method: 'GET' | 'POST';
  body: string;
  headers?: Record<string, string>;
}

/** Sends notifications under the switches and keeps what was sent; `settled()` waits for those under way. */
export const createNotifier = (switches: ImitationSwitches) => {
  const deliveries: Delivery[] = [];
  const pending = new Set<Promise<void>>();

  const sendOnce = async (n: OutgoingNotification, forged: boolean) => {
    let status = 0;
    try {
      const response = await fetch(n.url, {
        method: n.method,
        headers: n.method === 'POST' ? { 'content-type': 'application/json', ...n.headers } : n.headers,
        body: n.method === 'POST' ? n.body : undefined,
        signal: AbortSignal.timeout(10_000),
      });
      status = response.status;
      await response.arrayBuffer();
    } catch {
      status = 0;
    }
    deliveries.push({ url: n.url, method: n.method, body: n.body, forged, status });
  };

  const run = async (genuine: () => OutgoingNotification, forge: () => OutgoingNotification) => {
    if (switches.notificationDelayMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, switches.notificationDelayMs));
    }
    const forged = switches.forgeNotifications;
    const notification = forged ? forge() : genuine();
    for (let i = 0; i < Math.max(1, switches.duplicateNotifications); i += 1) {
      const copies = Math.max(1, switches.concurrentNotifications);
      await Promise.all(Array.from({ length: copies }, () => sendOnce(notification, forged)));
    }
  };

  return {
    deliveries,
    /**
     * Sends the notification `genuine()` builds (or `forge()`'s, when notifications are forged), unless
     * they are withheld. Returns at once; the sending goes on in the background.
     */
    notify(genuine: () => OutgoingNotification, forge: () => OutgoingNotification) {
      if (switches.withholdNotifications) return;
      const task = run(genuine, forge).finally(() => pending.delete(task));
      pending.add(task);
    },
    /** Waits until every notification under way has been answered. */
    async settled() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
};

export interface ImitationRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface ImitationResponse {
  status: number;
  json?: unknown;
  html?: string;
  redirect?: string;
}

export const json = (status: number, body: unknown): ImitationResponse => ({ status, json: body });
export const html = (body: string): ImitationResponse => ({ status: 200, html: body });
export const redirect = (location: string): ImitationResponse => ({ status: 302, redirect: location });

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

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A minimal hosted page: a title, what is paid, and buttons that post `action` back to the same address. */
export const hostedPage = (o: {
  title: string;
  lines: string[];
  action: string;
  buttons: { value: string; label: string }[];
  fields?: { name: string; label: string; value?: string }[];
}) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(o.title)}</title></head>
<body>
<main>
<h1>${escapeHtml(o.title)}</h1>
${o.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<form method="post" action="${escapeHtml(o.action)}">
${(o.fields ?? [])
  .map(
    (f) =>
      `<label>${escapeHtml(f.label)} <input name="${escapeHtml(f.name)}" value="${escapeHtml(f.value ?? '')}"></label>`,
  )
  .join('\n')}
${o.buttons
  .map(
    (b) =>
      `<button type="submit" name="action" value="${escapeHtml(b.value)}">${escapeHtml(b.label)}</button>`,
  )
  .join('\n')}
</form>
</main>
</body></html>`;

/**
 * Starts an HTTP server on a free port of 127.0.0.1 (or `port`) that answers with `handle`; while the
 * `down` switch is on every request answers 503.
 */
export const startImitationServer = async (
  handle: (request: ImitationRequest) => Promise<ImitationResponse> | ImitationResponse,
  switches: ImitationSwitches,
  port = 0,
) => {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://imitation');
      const request: ImitationRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const answer = async (): Promise<ImitationResponse> => {
        if (switches.down) return json(503, { detail: 'Service unavailable' });
        try {
          return await handle(request);
        } catch (error) {
          return json(500, { detail: error instanceof Error ? error.message : 'error' });
        }
      };
      void answer().then((r) => {
        if (r.redirect !== undefined) {
          res.writeHead(r.status, { location: r.redirect });
          res.end();
        } else if (r.html !== undefined) {
          res.writeHead(r.status, { 'content-type': 'text/html; charset=utf-8' });
          res.end(r.html);
        } else {
          res.writeHead(r.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(r.json ?? {}));
        }
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
};
