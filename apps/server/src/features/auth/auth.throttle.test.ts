import { inArray, like, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTokenService } from '../../platform/auth/tokens';
import { createTestApp, json, registerUser, uniqueEmail, type TestApp } from '../../test/test-app';
import { authService } from './auth.service';
import { authThrottle, users } from './auth.table';

// Small limits keep the suite quick; the policy is the same at the defaults.
const limits = {
  LOGIN_MAX_FAILURES_PER_ACCOUNT_AND_ADDRESS: '3',
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '8',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '6',
  REGISTER_MAX_PER_ADDRESS: '3',
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp(limits);
});
afterAll(() => t.close());

let signUps = 0;
/** Registers a user from an address of its own, so that sign-ups stay clear of the registration limit. */
const owner = () => registerUser(t.app, {}, `10.250.${Math.floor(signUps / 250)}.${(signUps += 1) % 250}`);

const login = (
  app: TestApp['app'],
  email: string,
  password: string,
  remoteAddress: string,
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password },
    remoteAddress,
    headers,
  });

const statuses = (answers: LightMyRequestResponse[]) => answers.map((a) => a.statusCode);
const count = (list: number[], status: number) => list.filter((s) => s === status).length;

const expectTooMany = (res: LightMyRequestResponse, windowSeconds: number) => {
  expect(res.statusCode).toBe(429);
  const body = json<{ detail: string; code: string; retry_after: number }>(res);
  expect(body.code).toBe('TOO_MANY_ATTEMPTS');
  expect(body.detail).toBeTruthy();
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
  expect(body.retry_after).toBe(retryAfter);
};

describe('sign-in throttling', () => {
  it('checks no more parallel wrong passwords for one account from one address than the limit', async () => {
    const { email, password } = await owner();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(t.app, email, 'wrong-password', '10.1.0.1')),
    );
    const got = statuses(answers);
    expect(count(got, 401)).toBe(3);
    expect(count(got, 429)).toBe(17);
    // The right password from that address waits like the guesses.
    expectTooMany(await login(t.app, email, password, '10.1.0.1'), 900);
  });

  it('checks no more parallel attempts from one address across accounts than the limit', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(t.app, uniqueEmail('spray'), 'guess-guess', '10.2.0.1')),
    );
    const got = statuses(answers);
    expect(count(got, 401)).toBe(6);
    expect(count(got, 429)).toBe(14);
    const { email, password } = await owner();
    expectTooMany(await login(t.app, email, password, '10.2.0.1'), 900);
    // Another address is not affected.
    expect((await login(t.app, email, password, '10.2.0.2')).statusCode).toBe(200);
  });

  it('does not let an attacker at one address lock the owner out of other addresses', async () => {
    const { email, password } = await owner();
    // Far more attempts than the per-account limit: the refused ones count nowhere.
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => login(t.app, email, 'wrong-password', '10.3.0.66')),
    );
    expect((await login(t.app, email, password, '10.3.0.1')).statusCode).toBe(200);
    expect((await login(t.app, email, password, '10.3.0.2')).statusCode).toBe(200);
    expect(count(statuses(answers), 401)).toBe(3);
  });

  it('meets a guess spread over many addresses with the higher per-account limit', async () => {
    const { email, password } = await owner();
    for (let i = 0; i < 8; i += 1) {
      expect((await login(t.app, email, 'wrong-password', `10.4.0.${i}`)).statusCode).toBe(401);
    }
    expectTooMany(await login(t.app, email, password, '10.4.1.1'), 900);
  });

  it('clears the failures of an account from an address once it signs in there; successes count as none', async () => {
    const { email, password } = await owner();
    for (let round = 0; round < 2; round += 1) {
      expect((await login(t.app, email, 'wrong-password', '10.5.0.1')).statusCode).toBe(401);
      expect((await login(t.app, email, 'wrong-password', '10.5.0.1')).statusCode).toBe(401);
      expect((await login(t.app, email, password, '10.5.0.1')).statusCode).toBe(200);
    }
    // More sign-ins than the per-address limit.
    for (let i = 0; i < 8; i += 1) {
      expect((await login(t.app, email, password, '10.5.0.1')).statusCode).toBe(200);
    }
  });

  it('counts the addresses of one IPv6 /64 network as one address', async () => {
    const got: number[] = [];
    for (let i = 1; i <= 7; i += 1) {
      got.push((await login(t.app, uniqueEmail('v6'), 'guess-guess', `2001:db8:1:2::${i}`)).statusCode);
    }
    expect(got).toEqual([401, 401, 401, 401, 401, 401, 429]);
    expect((await login(t.app, uniqueEmail('v6'), 'guess-guess', '2001:db8:1:3::1')).statusCode).toBe(401);
  });

  it('keeps expired counters from piling up', async () => {
    const stale = ['stale-a', 'stale-b'];
    await t.system.db.insert(authThrottle).values([
      ...stale.map((subject) => ({
        scope: 'login-address',
        subject,
        attempts: 4,
        windowEndsAt: sql`now() - interval '1 second'`,
      })),
      { scope: 'login-address', subject: 'live', attempts: 4, windowEndsAt: sql`now() + interval '1 hour'` },
    ]);
    const auth = authService(t.system, createTokenService(new Uint8Array(32), 900), t.config);
    await expect(
      auth.login({ email: uniqueEmail('x'), password: 'guess-guess' }, '10.6.0.1'),
    ).rejects.toThrow();
    const left = await t.system.db
      .select({ subject: authThrottle.subject })
      .from(authThrottle)
      .where(inArray(authThrottle.subject, [...stale, 'live']));
    expect(left).toEqual([{ subject: 'live' }]);
  });
});

describe('sign-in throttling behind a proxy', () => {
  let proxied: TestApp;
  beforeAll(async () => {
    proxied = await createTestApp({ ...limits, TRUST_PROXY: 'true' });
  });
  afterAll(() => proxied.close());

  it('counts the address the proxy saw, whatever the client wrote into X-Forwarded-For', async () => {
    const got: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const forwarded = { 'x-forwarded-for': `198.51.100.${i}, 203.0.113.7` };
      got.push(
        (await login(proxied.app, uniqueEmail('px'), 'guess-guess', '10.0.0.2', forwarded)).statusCode,
      );
    }
    expect(got).toEqual([401, 401, 401, 401, 401, 401, 429]);
    // Another client through the same proxy is its own address.
    const other = { 'x-forwarded-for': '203.0.113.8' };
    expect((await login(proxied.app, uniqueEmail('px'), 'guess-guess', '10.0.0.2', other)).statusCode).toBe(
      401,
    );
  });
});

describe('registration throttling', () => {
  const register = (email: string, remoteAddress: string, payload: Record<string, unknown> = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      payload: { email, password: 'a-long-password', organization_name: 'Flood Co.', ...payload },
      remoteAddress,
    });

  it('lets no more parallel registrations from one address through than the limit, and creates nothing for the rest', async () => {
    const prefix = `flood-${Date.now().toString(36)}`;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => register(`${prefix}-${i}@example.com`, '10.7.0.1')),
    );
    const got = statuses(answers);
    expect(count(got, 201)).toBe(3);
    expect(count(got, 429)).toBe(17);
    for (const refused of answers.filter((a) => a.statusCode === 429)) expectTooMany(refused, 3600);
    const created = await t.system.db
      .select()
      .from(users)
      .where(like(users.email, `${prefix}-%`));
    expect(created).toHaveLength(3);
    // Another address is not affected.
    expect((await register(`${prefix}-other@example.com`, '10.7.0.2')).statusCode).toBe(201);
  });

  it('does not count requests the validation turns away', async () => {
    for (let i = 0; i < 5; i += 1) {
      expect((await register('', '10.7.1.1', { password: 'short' })).statusCode).toBe(400);
    }
    expect((await register(uniqueEmail('valid'), '10.7.1.1')).statusCode).toBe(201);
  });
});
