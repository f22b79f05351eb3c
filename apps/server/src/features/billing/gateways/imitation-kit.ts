import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * What a gateway imitation can be told to do wrong, to exercise the server against what real gateways do.
 * Change them at any time on the running imitation (`imitation.switches.decline = true`).
 */
export interface ImitationSwitches {
  /** The payer's payment is declined (whatever button the payer presses to pay). */
  decline: boolean;
  /** How many times each notification is sent (a gateway repeats them). */
  notificationCopies: number;
  /** Send the copies all at once rather than one after another. */
  concurrentNotifications: boolean;
  /** Wait this long before sending a notification (it arrives after the payer is back). */
  notificationDelayMs: number;
  /** Sign notifications with a wrong key: the server must refuse them. */
  forgeNotifications: boolean;
  /** Send no notification at all: only a status check finds the payment's outcome. */
  noNotifications: boolean;
  /** Every API call answers 503, as a gateway that is down. */
  down: boolean;
}

export const defaultSwitches = (): ImitationSwitches => ({
  decline: false,
  notificationCopies: 1,
  concurrentNotifications: false,
  notificationDelayMs: 0,
  forgeNotifications: false,
  noNotifications: false,
  down: false,
});

/** What every imitation is started with. */
export interface ImitationOptions {
  /** Port to listen on; 0 (the default) picks a free one. */
  port?: number;
  host?: string;
  /** Initial switches. */
  switches?: Partial<ImitationSwitches>;
}

/** A notification the imitation sent, with the merchant's answer (status 0: it could not be delivered). */
export interface SentNotification {
  url: string;
  headers: Record<string, string>;
  body: string;
  status: number;
}

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

/** A browser redirect (303, so the form's POST becomes a GET of the merchant's page). */
export const redirect = (location: string): ImitationResponse => ({
  status: 303,
  headers: { location },
  body: '',
});

/** Appends query parameters to a merchant's address, keeping the ones it already has. */
export const withQuery = (address: string, params: Record<string, string>): string => {
  const url = new URL(address);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * A gateway's hosted page, kept minimal: what is paid and one form button per outcome. The buttons post
 * to `action/<outcome>`, so a page test presses them by name ("Pay", "Decline", "Cancel").
 */
export const hostedPage = (page: {
  gateway: string;
  title: string;
  lines: string[];
  action: string;
  buttons: { outcome: string; label: string }[];
  notice?: string;
}): string => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(page.title)}</title></head>
<body data-gateway="${escapeHtml(page.gateway)}">
<main>
<h1>${escapeHtml(page.title)}</h1>
${page.lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
${page.notice ? `<p role="alert">${escapeHtml(page.notice)}</p>` : ''}
${page.buttons
  .map(
    (b) =>
      `<form method="post" action="${escapeHtml(`${page.action}/${b.outcome}`)}"><button type="submit">${escapeHtml(b.label)}</button></form>`,
  )
  .join('\n')}
</main>
</body></html>`;

export const randomId = (prefix: string, length = 24): string => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let id = '';
  for (let i = 0; i < length; i += 1) id += alphabet[Math.floor(Math.random() * alphabet.length)];
  return `${prefix}${id}`;
};

/** The notifications side of an imitation: copies, delay, concurrency, and a log the tests can read. */
export const createNotifier = (switches: ImitationSwitches) => {
  const sent: SentNotification[] = [];
  const inFlight = new Set<Promise<void>>();

  const deliverOnce = async (url: string, headers: Record<string, string>, body: string) => {
    let status = 0;
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers,
        body,
        signal: AbortSignal.timeout(10_000),
      });
      status = res.status;
      await res.arrayBuffer();
    } catch {
      status = 0;
    }
    sent.push({ url, headers, body, status });
  };

  /** Sends a notification as the switches say; `build` signs it (honestly or not) when it is sent. */
  const notify = (
    url: string,
    build: (forged: boolean) => { headers: Record<string, string>; body: string },
  ) => {
    if (switches.noNotifications) return;
    const forged = switches.forgeNotifications;
    const copies = Math.max(1, Math.floor(switches.notificationCopies));
    const concurrent = switches.concurrentNotifications;
    const delay = switches.notificationDelayMs;
    const task = (async () => {
      if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay));
      const message = build(forged);
      if (concurrent) {
        await Promise.all(
          Array.from({ length: copies }, () => deliverOnce(url, message.headers, message.body)),
        );
      } else {
        for (let i = 0; i < copies; i += 1) await deliverOnce(url, message.headers, message.body);
      }
    })();
    inFlight.add(task);
    void task.finally(() => inFlight.delete(task));
  };

  /** Waits until every notification started so far has been delivered (or failed). */
  const settle = async () => {
    while (inFlight.size > 0) await Promise.all([...inFlight]);
  };

  return { sent, notify, settle };
};

const readBody = (req: http.IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

/** Starts an HTTP server answering with `handle`; resolves with its address once it listens. */
export const startServer = async (
  options: { port?: number; host?: string },
  handle: (req: ImitationRequest, baseUrl: string) => Promise<ImitationResponse> | ImitationResponse,
): Promise<{ url: string; close: () => Promise<void> }> => {
  const host = options.host ?? '127.0.0.1';
  let baseUrl = '';
  const server = http.createServer((req, res) => {
    void (async () => {
      try {
        const address = new URL(req.url ?? '/', baseUrl);
        const body = await readBody(req);
        const answer = await handle(
          {
            method: req.method ?? 'GET',
            path: address.pathname,
            query: address.searchParams,
            headers: req.headers,
            body,
          },
          baseUrl,
        );
        res.writeHead(answer.status, answer.headers ?? {});
        res.end(answer.body ?? '');
      } catch (error) {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(error instanceof Error ? error.message : 'error');
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${host}:${port}`;
  return {
    url: baseUrl,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** A notification as the merchant's server received it (the shape `verifyNotification` takes). */
export interface ReceivedNotification {
  method: 'GET' | 'POST';
  headers: Record<string, string | undefined>;
  query: Record<string, string>;
  rawBody: Buffer;
}

/**
 * A stand-in for the merchant's notification address in tests: records what arrives and answers 200.
 * `url` is what to give the gateway as the notify address.
 */
export const startNotificationReceiver = async () => {
  const received: ReceivedNotification[] = [];
  const server = await startServer({}, (req) => {
    const headers: Record<string, string | undefined> = {};
    for (const [key, value] of Object.entries(req.headers)) {
      headers[key] = Array.isArray(value) ? value.join(', ') : value;
    }
    received.push({
      method: req.method === 'GET' ? 'GET' : 'POST',
      headers,
      query: Object.fromEntries(req.query),
      rawBody: Buffer.from(req.body, 'utf8'),
    });
    return json(200, { received: true });
  });
  return { url: `${server.url}/notify`, received, close: server.close };
};

/**
 * Does what a payer's browser does on an imitation's hosted page: opens it, presses the button labelled
 * `label` and answers where the gateway sends the browser next (null when it stays on the page).
 */
export const pressButton = async (
  pageUrl: string,
  label: string,
): Promise<{ page: string; status: number; location: string | null }> => {
  const pageRes = await fetch(pageUrl);
  const page = await pageRes.text();
  const forms = [
    ...page.matchAll(/<form method="post" action="([^"]*)"><button type="submit">([^<]*)<\/button><\/form>/g),
  ];
  const form = forms.find((f) => f[2] === label);
  if (!form) throw new Error(`no button "${label}" on ${pageUrl} (status ${pageRes.status})`);
  const action = new URL(form[1]!.replace(/&amp;/g, '&'), pageUrl).toString();
  const res = await fetch(action, { method: 'POST', redirect: 'manual' });
  const after = await res.text();
  return { page: after, status: res.status, location: res.headers.get('location') };
};
