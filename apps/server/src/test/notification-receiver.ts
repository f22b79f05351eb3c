import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IncomingNotification } from '../features/billing/gateways/gateway';

/**
 * A merchant endpoint for gateway tests: it answers 200 to everything and keeps each request as the
 * adapter's `verifyNotification` receives it (exact body bytes, query, headers).
 */
export const startNotificationReceiver = async () => {
  const received: IncomingNotification[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://receiver');
      received.push({
        method: req.method === 'POST' ? 'POST' : 'GET',
        headers: Object.fromEntries(
          Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
        ),
        query: Object.fromEntries(url.searchParams),
        rawBody: Buffer.concat(chunks),
      });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};

/** The notification a browser brings back to `location` (a redirect's target) as a GET. */
export const notificationFromRedirect = (location: string): IncomingNotification => ({
  method: 'GET',
  headers: {},
  query: Object.fromEntries(new URL(location).searchParams),
  rawBody: Buffer.alloc(0),
});

const unescapeHtml = (text: string) =>
  text.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));

/**
 * Opens a hosted page as a browser would and presses one of its buttons (`pay`, `decline`), with the form's
 * other fields; answers the page's HTML and the gateway's answer to the press (not followed).
 */
export const pressButton = async (pageUrl: string, action: string, fields: Record<string, string> = {}) => {
  const page = await fetch(pageUrl);
  const text = await page.text();
  if (page.status !== 200) throw new Error(`The page answered ${page.status}: ${text}`);
  const form = /<form method="post" action="([^"]*)"/.exec(text);
  if (!form?.[1] || !text.includes(`value="${action}"`)) throw new Error(`No ${action} button on the page`);
  const response = await fetch(new URL(unescapeHtml(form[1]), pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...fields, action }).toString(),
    redirect: 'manual',
  });
  return { page: text, response, location: response.headers.get('location') };
};
