import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, registerUser, uniqueEmail, type TestApp } from '../../test/test-app';
import { users } from './auth.table';
import { authService } from './auth.service';
import { createTokenService } from '../../platform/auth/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOGIN_MAX_FAILURES_PER_ACCOUNT: '3', LOGIN_MAX_FAILURES_PER_ADDRESS: '6' });
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}, ip = '10.1.1.1') =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    payload: payload as object,
    headers,
    remoteAddress: ip,
  });

describe('POST /auth/register', () => {
  it('creates the user, an organization the user owns on a 14-day Pro trial, and a session', async () => {
    const email = uniqueEmail('owner');
    const res = await post('/auth/register', {
      name: 'Mona',
      email,
      password: 'a-long-password',
      organization_name: 'شركة النيل',
    });
    expect(res.statusCode).toBe(201);
    const body = json<{
      tokens: { access: string; refresh: string };
      user: Record<string, unknown>;
      organization: { id: string; name: string };
    }>(res);
    expect(body.user).toMatchObject({ email, name: 'Mona', is_superuser: false });
    expect(body.organization.name).toBe('شركة النيل');
    expect(body.tokens.access.split('.')).toHaveLength(3);

    const orgs = await t.app.inject({
      method: 'GET',
      url: '/api/v1/orgs/',
      headers: bearer(body.tokens.access),
    });
    expect(json<unknown[]>(orgs)).toEqual([
      { id: body.organization.id, name: 'شركة النيل', role: 'OWNER', currency: 'EGP' },
    ]);
    const current = json<{ subscription: { plan_name: string; status: string; trial_ends_at: string } }>(
      await t.app.inject({
        method: 'GET',
        url: '/api/v1/orgs/current/',
        headers: bearer(body.tokens.access, body.organization.id),
      }),
    );
    expect(current.subscription.plan_name).toBe('Pro');
    expect(current.subscription.status).toBe('TRIAL');
    const days = (new Date(current.subscription.trial_ends_at).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
  });

  it('stores the password as an argon2id hash, never in clear', async () => {
    const { user, password } = await registerUser(t.app);
    const [row] = await t.system.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(row!.passwordHash).not.toContain(password);
  });

  it('answers each missing or invalid field with the message of the spec', async () => {
    const res = await post('/auth/register', {
      name: '',
      email: '',
      password: 'short',
      organization_name: '',
    });
    expect(res.statusCode).toBe(400);
    const body = json<{ code: string; errors: Record<string, string[]> }>(res);
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(body.errors).toEqual({
      email: ['Email is required'],
      password: ['Password must be at least 8 characters long'],
      organization_name: ['Organization name is required'],
    });

    const missing = json<{ errors: Record<string, string[]> }>(await post('/auth/register', {}));
    expect(missing.errors.email).toEqual(['Email is required']);
    expect(missing.errors.password).toEqual(['Password is required']);
    expect(missing.errors.organization_name).toEqual(['Organization name is required']);

    const badEmail = json<{ errors: Record<string, string[]> }>(
      await post('/auth/register', {
        email: 'not-an-email',
        password: 'long-enough',
        organization_name: 'X',
      }),
    );
    expect(badEmail.errors).toEqual({ email: ['Enter a valid email address'] });
  });

  it('refuses an email already registered in any letter case, and creates nothing', async () => {
    const email = uniqueEmail('dup');
    await registerUser(t.app, { email });
    const before = (await t.system.db.select().from(users)).length;
    const res = await post('/auth/register', {
      email: email.toUpperCase(),
      password: 'another-password',
      organization_name: 'Second Org',
    });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({
      code: 'EMAIL_TAKEN',
      errors: { email: ['An account with this email already exists'] },
    });
    expect((await t.system.db.select().from(users)).length).toBe(before);
  });

  it('rejects malformed JSON with 400, not 500', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).detail).toBeTruthy();
  });
});

describe('POST /auth/login', () => {
  it('signs in with any letter case of the email and answers tokens and the user', async () => {
    const { email, password } = await registerUser(t.app);
    const res = await post('/auth/login', { email: email.toUpperCase(), password });
    expect(res.statusCode).toBe(200);
    const body = json<{ access: string; refresh: string; user: { email: string; is_superuser: boolean } }>(
      res,
    );
    expect(body.user).toMatchObject({ email, is_superuser: false });
    const payload = JSON.parse(Buffer.from(body.access.split('.')[1]!, 'base64url').toString());
    expect(payload.is_superuser).toBe(false);
    expect(payload.exp - payload.iat).toBe(900);
  });

  it('answers the same 401 for a wrong password and an unknown email', async () => {
    const { email } = await registerUser(t.app);
    const wrong = await post('/auth/login', { email, password: 'wrong-password' }, {}, '10.2.0.1');
    const unknown = await post(
      '/auth/login',
      { email: uniqueEmail('nobody'), password: 'whatever1' },
      {},
      '10.2.0.2',
    );
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(json(wrong)).toEqual(json(unknown));
  });

  it('meets repeated failures for one account with 429 and Retry-After, even with the right password', async () => {
    const { email, password } = await registerUser(t.app);
    for (let i = 0; i < 3; i += 1) {
      expect(
        (await post('/auth/login', { email, password: 'nope-nope' }, {}, `10.3.0.${i}`)).statusCode,
      ).toBe(401);
    }
    const blocked = await post('/auth/login', { email, password }, {}, '10.3.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(json(blocked).code).toBe('TOO_MANY_ATTEMPTS');
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);
  });

  it('meets repeated failures from one address with 429 across accounts', async () => {
    for (let i = 0; i < 6; i += 1) {
      await post('/auth/login', { email: uniqueEmail('spray'), password: 'guess-guess' }, {}, '10.4.4.4');
    }
    const { email, password } = await registerUser(t.app);
    const blocked = await post('/auth/login', { email, password }, {}, '10.4.4.4');
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await post('/auth/login', { email, password }, {}, '10.4.4.5')).statusCode).toBe(200);
  });

  it('refuses a deactivated account', async () => {
    const { email, password, user } = await registerUser(t.app);
    await t.system.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const res = await post('/auth/login', { email, password }, {}, '10.5.0.1');
    expect(res.statusCode).toBe(401);
    expect(json(res).code).toBe('ACCOUNT_DISABLED');
  });
});

describe('POST /auth/refresh and /auth/logout', () => {
  it('rotates the refresh token: the new one works, the old one no longer does', async () => {
    const { tokens } = await registerUser(t.app);
    const first = await post('/auth/refresh', { refresh: tokens.refresh });
    expect(first.statusCode).toBe(200);
    const rotated = json<{ access: string; refresh: string }>(first);
    expect(rotated.refresh).not.toBe(tokens.refresh);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(rotated.access) });
    expect(me.statusCode).toBe(200);
    expect((await post('/auth/refresh', { refresh: rotated.refresh })).statusCode).toBe(200);
  });

  it('revokes the whole family when a rotated token is presented again', async () => {
    const { tokens } = await registerUser(t.app);
    const rotated = json<{ refresh: string }>(await post('/auth/refresh', { refresh: tokens.refresh }));
    const replay = await post('/auth/refresh', { refresh: tokens.refresh });
    expect(replay.statusCode).toBe(401);
    expect(json(replay).code).toBe('INVALID_REFRESH_TOKEN');
    // The legitimate holder of the newer token is signed out too.
    expect((await post('/auth/refresh', { refresh: rotated.refresh })).statusCode).toBe(401);
  });

  it('gives exactly one of two concurrent uses of a token a new session', async () => {
    const { tokens } = await registerUser(t.app);
    const results = await Promise.all([
      post('/auth/refresh', { refresh: tokens.refresh }),
      post('/auth/refresh', { refresh: tokens.refresh }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('logout revokes the session: its refresh token stops working', async () => {
    const { tokens } = await registerUser(t.app);
    const rotated = json<{ refresh: string }>(await post('/auth/refresh', { refresh: tokens.refresh }));
    expect((await post('/auth/logout', { refresh: rotated.refresh })).statusCode).toBe(200);
    expect((await post('/auth/refresh', { refresh: rotated.refresh })).statusCode).toBe(401);
  });

  it('deactivation revokes refresh tokens and refuses access tokens at once', async () => {
    const { tokens, user } = await registerUser(t.app);
    const auth = authService(t.system, createTokenService(new Uint8Array(32), 900), t.config);
    await t.system.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    await auth.revokeAllSessions(user.id);
    expect((await post('/auth/refresh', { refresh: tokens.refresh })).statusCode).toBe(401);
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(tokens.access) });
    expect(me.statusCode).toBe(401);
  });

  it('refuses an unknown refresh token and a forged access token', async () => {
    expect((await post('/auth/refresh', { refresh: 'made-up' })).statusCode).toBe(401);
    const { tokens } = await registerUser(t.app);
    const [h, p] = tokens.access.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), is_superuser: true })).toString('base64url')}.AAAA`;
    const me = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(forged) });
    expect(me.statusCode).toBe(401);
  });
});
