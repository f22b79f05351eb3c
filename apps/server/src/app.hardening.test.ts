import zlib from 'node:zlib';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { bearer, createTestApp, json, registerUser, uniqueEmail, type TestApp } from './test/test-app';

let t: TestApp;
let webDir: string;
let h: Record<string, string>;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
  // What the build writes beside each text file: the same content compressed once.
  const script = 'console.log("the app");'.repeat(100);
  fs.writeFileSync(path.join(webDir, 'assets', 'app-def456.js'), script);
  fs.writeFileSync(path.join(webDir, 'assets', 'app-def456.js.br'), zlib.brotliCompressSync(script));
  fs.writeFileSync(path.join(webDir, 'assets', 'app-def456.js.gz'), zlib.gzipSync(script));
  fs.writeFileSync(
    path.join(webDir, 'index.html.br'),
    zlib.brotliCompressSync('<!doctype html><div id="root"></div>'),
  );
  fs.writeFileSync(path.join(webDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ WEB_DIST_DIR: webDir });
  const u = await registerUser(t.app);
  h = bearer(u.tokens.access, u.organization.id);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

const nested = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;

describe('request bodies', () => {
  it('authenticates before it reads or validates a body', async () => {
    const invalid = await t.app.inject({ method: 'POST', url: '/api/v1/customers/', payload: { name: 7 } });
    expect(invalid.statusCode).toBe(401);
    expect(invalid.json().code).toBe('UNAUTHENTICATED');
    const deep = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customers/',
      headers: { 'content-type': 'application/json' },
      payload: nested(2_000_000),
    });
    expect(deep.statusCode).toBe(401);
  });

  it('refuses a body nested deeper than any call needs, before parsing it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: `{"email":${nested(20_000)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'MALFORMED_REQUEST' });
    // Brackets inside strings are text, not nesting.
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'nobody@example.com', password: `[{"\\${'['.repeat(100)}` },
    });
    expect(text.statusCode).toBe(401);
  });

  it('bounds the body by what the call needs', async () => {
    const big = 'x'.repeat(200 * 1024);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'a@b.co', password: big },
    });
    expect(login.statusCode).toBe(413);
    expect(login.json()).toEqual({ detail: 'Request body is too large.', code: 'PAYLOAD_TOO_LARGE' });
    const customer = await t.app.inject({
      method: 'POST',
      url: '/api/v1/customers/',
      headers: h,
      payload: { name: 'Big', address: big },
    });
    expect(customer.statusCode).toBe(413);

    // An invoice of many long lines is larger, and its call takes it.
    const c = json<{ id: string }>(
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/customers/',
        headers: h,
        payload: { name: 'Nile' },
      }),
    );
    const lines = Array.from({ length: 400 }, (_, i) => ({
      description: `${'وصف البند '.repeat(45)} ${i}`,
      quantity: 1,
      unit_price: '1.00',
    }));
    const invoice = await t.app.inject({
      method: 'POST',
      url: '/api/v1/invoices/',
      headers: h,
      payload: { customer_id: c.id, issue_date: '2026-11-01', due_date: '2026-11-30', lines_data: lines },
    });
    expect(Buffer.byteLength(JSON.stringify({ lines }))).toBeGreaterThan(300 * 1024);
    expect(invoice.statusCode).toBe(201);
  });

  it('answers a body that is not JSON, or of another type, in the contract shape', async () => {
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('MALFORMED_REQUEST');
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<login/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(Object.keys(xml.json()).sort()).toEqual(['code', 'detail']);
    expect(xml.json().code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('calls anyone may make', () => {
  it('refuses a flood of sign-ins from one address before any other work, and not other addresses', async () => {
    const limited = await createTestApp({ AUTH_REQUESTS_PER_MINUTE: '10' });
    try {
      const attempt = (address: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          remoteAddress: address,
          payload: { email: 'nobody@example.com', password: 'wrong-password' },
        });
      const answers = [];
      for (let i = 0; i < 8; i += 1) answers.push((await attempt('198.51.100.7')).statusCode);
      // Half the minute's budget at once; the rest are refused with the time to wait.
      expect(answers.filter((s) => s === 429).length).toBeGreaterThanOrEqual(3);
      const refused = await attempt('198.51.100.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('TOO_MANY_ATTEMPTS');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await attempt('203.0.113.9')).statusCode).toBe(401);
    } finally {
      await limited.close();
    }
  });
});

describe('errors raised before our handlers', () => {
  it('answers a bad percent-encoding and an over-long id in the contract shape', async () => {
    const bad = await t.app.inject({ method: 'GET', url: '/api/v1/customers/%E0%A4%A/', headers: h });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      detail: 'The address of the request is not valid.',
      code: 'MALFORMED_REQUEST',
    });
    expect(bad.headers['x-request-id']).toBeTruthy();
    const long = await t.app.inject({
      method: 'GET',
      url: `/api/v1/customers/${'a'.repeat(400)}/`,
      headers: h,
    });
    expect(long.statusCode).toBe(414);
    expect(long.json()).toEqual({ detail: 'The address of the request is too long.', code: 'URI_TOO_LONG' });
  });

  it('answers headers too large for the server in the contract shape', async () => {
    const server = await buildApp({ config: t.config, database: t.database, logger: false });
    await server.listen({ port: 0, host: '127.0.0.1' });
    try {
      const { port } = server.server.address() as net.AddressInfo;
      const answer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.write(`GET /api/v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`);
        });
        let data = '';
        socket.on('data', (d: Buffer) => (data += d.toString()));
        socket.on('close', () => resolve(data));
        socket.on('error', (e) => (data ? resolve(data) : reject(e)));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 431 /);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
      expect(body).toEqual({ detail: 'The request headers are too large.', code: 'HEADERS_TOO_LARGE' });
    } finally {
      await server.close();
    }
  });
});

describe('the web app', () => {
  it('has the page checked on every visit and the hashed assets kept', async () => {
    for (const url of ['/', '/index.html', '/invoices/123']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends the compressed copy the browser accepts, with the same caching, and the plain file otherwise', async () => {
    const url = '/assets/app-def456.js';
    const script = 'console.log("the app");'.repeat(100);
    const br = await t.app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['vary']).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);

    const gz = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(script);

    const plain = await t.app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);

    // The page itself, also when the client routes (any other path), compressed and checked on every visit.
    for (const page of ['/', '/invoices/123']) {
      const res = await t.app.inject({ method: 'GET', url: page, headers: { 'accept-encoding': 'br' } });
      expect(res.headers['content-encoding'], page).toBe('br');
      expect(res.headers['content-type'], page).toMatch(/text\/html/);
      expect(res.headers['cache-control'], page).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), page).toContain('id="root"');
    }
  });
});

describe('the log', () => {
  it('never holds what a failed statement was given, nor secrets', async () => {
    const lines: string[] = [];
    const stream = new PassThrough();
    stream.on('data', (d: Buffer) => lines.push(d.toString()));
    const app = await buildApp({
      config: { ...t.config, LOG_LEVEL: 'info' },
      database: t.database,
      logStream: stream,
    });
    await app.ready();
    // The next organization insert fails inside the database, after the password was hashed.
    await t.system.db.execute(
      sql.raw(`alter table organizations add constraint refuse_probe check (name <> 'Probe Failing Org')`),
    );
    try {
      const email = uniqueEmail('secret.person');
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/register',
        payload: {
          name: 'Hidden Person Name',
          email,
          password: 'never-log-this-password',
          organization_name: 'Probe Failing Org',
        },
        headers: { authorization: 'Bearer some.token.value' },
      });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ detail: 'Internal server error.', code: 'INTERNAL' });
      const signed = await app.inject({ method: 'GET', url: '/api/v1/health?sig=abcdef0123&exp=99' });
      expect(signed.statusCode).toBe(200);
      const invitePage = await app.inject({ method: 'GET', url: '/invite/invite-secret-token-42' });
      expect(invitePage.statusCode).toBe(200);
      const log = lines.join('');
      // The failure is logged, with its request id, so it can be found ...
      expect(log).toContain(res.headers['x-request-id'] as string);
      expect(log).toContain('Failed query: insert into');
      expect(log).toContain('refuse_probe');
      // ... and nothing the user sent.
      for (const secret of [
        email,
        'Hidden Person Name',
        'never-log-this-password',
        '$argon2',
        'Probe Failing',
      ]) {
        expect(log).not.toContain(secret);
      }
      expect(log).not.toContain('some.token.value');
      expect(log).not.toContain('abcdef0123');
      expect(log).toContain('/invite/[redacted]');
      expect(log).not.toContain('invite-secret-token-42');
    } finally {
      await t.system.db.execute(sql.raw('alter table organizations drop constraint refuse_probe'));
      await app.close();
    }
  });
});
