import type { IncomingNotification } from '../features/billing/gateways/gateway';
import { json, startImitationServer } from '../features/billing/gateways/imitation-kit';

/** A request as the merchant's endpoint received it: what `verifyNotification` takes, and its path. */
export interface ReceivedNotification extends IncomingNotification {
  path: string;
}

/**
 * A merchant endpoint for gateway tests: it answers 200 to everything and keeps each request as the
 * adapter's `verifyNotification` receives it (exact body bytes, query, headers). Any path under `url` is
 * received (`${url}/notify`, `${url}/return`...).
 */
export const startNotificationReceiver = async () => {
  const received: ReceivedNotification[] = [];
  const server = await startImitationServer({ name: 'receiver' }, (req) => {
    received.push({
      method: req.method === 'GET' ? 'GET' : 'POST',
      path: req.path,
      headers: Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : v]),
      ),
      query: Object.fromEntries(req.query),
      rawBody: Buffer.from(req.body, 'utf8'),
    });
    return json(200, {});
  });
  return { url: server.url, received, close: server.close };
};

/** The notification a browser brings back to `location` (a redirect's target) as a GET. */
export const notificationFromRedirect = (location: string): IncomingNotification => ({
  method: 'GET',
  headers: {},
  query: Object.fromEntries(new URL(location).searchParams),
  rawBody: Buffer.alloc(0),
});

const unescapeHtml = (text: string) =>
  text
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)))
    .replace(/&(lt|gt|quot|amp);/g, (_, name: string) => ({ lt: '<', gt: '>', quot: '"', amp: '&' })[name]!);

/**
 * Does what a payer's browser does on an imitation's hosted page (`hostedPage`): opens it, types `fields`
 * over the form's own, presses the button labelled `label`. Answers the page, the gateway's answer to the
 * press (its status and text) and where it sends the browser next (null when it stays on a page); the
 * redirect is not followed.
 */
export const pressButton = async (pageUrl: string, label: string, fields: Record<string, string> = {}) => {
  const pageRes = await fetch(pageUrl);
  const page = await pageRes.text();
  const form = /<form method="post" action="([^"]*)">([\s\S]*?)<\/form>/.exec(page);
  const button = [
    ...(form?.[2] ?? '').matchAll(/<button type="submit" name="action" value="([^"]*)">([^<]*)<\/button>/g),
  ].find((b) => unescapeHtml(b[2]!) === label);
  if (!form || !button) throw new Error(`no button "${label}" on ${pageUrl} (status ${pageRes.status})`);
  const values: Record<string, string> = {};
  for (const input of form[2]!.matchAll(/<input name="([^"]*)" value="([^"]*)">/g)) {
    values[unescapeHtml(input[1]!)] = unescapeHtml(input[2]!);
  }
  const res = await fetch(new URL(unescapeHtml(form[1]!), pageUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ...values, ...fields, action: unescapeHtml(button[1]!) }).toString(),
    redirect: 'manual',
  });
  return { page, status: res.status, answer: await res.text(), location: res.headers.get('location') };
};
