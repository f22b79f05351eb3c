import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminRoutes, validationMessages, type RouteDef } from '@invoicing/contract';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { sweepLeftoverFiles } from '../../startup';
import { createFakeOcr } from '../../test/fake-ocr';
import { dataUrl, makeImage, multipartBody } from '../../test/fixtures';
import { bearer, createTestApp, json, registerUser, uniqueEmail, type TestApp } from '../../test/test-app';
import { localFilesDir } from '../../platform/storage/file-store';
import { ensureSuperuser } from '../auth/auth.service';
import { addMember } from '../orgs/orgs.service';
import { billingRepository } from '../billing/billing.repository';
import { keepPaymentsOfDeletedOrganization } from '../billing/billing.service';
import { adminRepository } from './admin.repository';
import { payments } from '../billing/billing.table';
import { fulfilPayment } from '../billing/payment-fulfilment.service';
import { plans } from '../plans/plans.table';

const fake = createFakeOcr();
let t: TestApp;
let admin: { id: string; access: string; email: string };

const call = (
  method: 'GET' | 'PATCH' | 'DELETE' | 'POST',
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url: `/api/v1${url}`, headers, ...(payload ? { payload } : {}) });

const asAdmin = () => bearer(admin.access);

const signIn = async (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });

/** A superuser of its own, signed in. */
const makeSuperuser = async () => {
  const email = uniqueEmail('admin');
  const { user } = await ensureSuperuser(t.system, email, 'admin-password-123');
  const res = await signIn(email, 'admin-password-123');
  expect(res.statusCode).toBe(200);
  return { id: user.id, access: json<{ access: string }>(res).access, email };
};

interface Page<T> {
  count: number;
  page: number;
  page_size: number;
  results: T[];
}

const auditOf = async (query: string) =>
  json<Page<{ action: string; target_type: string; target_id: string; actor: { email: string } }>>(
    await call('GET', `/admin/audit-log/?${query}`, asAdmin()),
  );

/** Rows of every table of the product whose text mentions `id`, but the audit log's (its history). */
const rowsMentioning = async (id: string) => {
  const tables = (
    (await t.system.db.execute(
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'audit_log' order by table_name`,
    )) as unknown as { rows: { table_name: string }[] }
  ).rows.map((r) => r.table_name);
  expect(tables).toContain('organizations');
  const found: Record<string, number> = {};
  for (const table of tables) {
    const result = (await t.system.db.execute(
      sql`select count(*)::int as n from ${sql.identifier(table)} as r where r::text like ${`%${id}%`}`,
    )) as unknown as { rows: { n: number }[] };
    if (result.rows[0]!.n > 0) found[table] = result.rows[0]!.n;
  }
  return found;
};

beforeAll(async () => {
  t = await createTestApp({}, { workers: { concurrency: 1, ocr: fake.engine } });
  admin = await makeSuperuser();
});
afterAll(() => t.close());

const allAdminRoutes = Object.values(adminRoutes) as RouteDef[];
const pathOf = (route: RouteDef) => route.path.replace(':id', '00000000-0000-4000-8000-000000000000');
const bodyOf = (route: RouteDef) =>
  route.path.startsWith('/admin/subscription-plans/')
    ? { is_active: true }
    : route.path.startsWith('/admin/users/')
      ? { is_active: true }
      : route.path.startsWith('/admin/memberships/')
        ? { role: 'USER' }
        : route.path.startsWith('/admin/payment-methods/')
          ? { sort_order: 1 }
          : undefined;

describe('who may call the admin API', () => {
  it.each(allAdminRoutes.map((r) => [`${r.method} ${r.path}`, r] as const))(
    '%s: 401 without a token, 403 for a member who is not a superuser',
    async (_, route) => {
      expect(route.access).toBe('superuser');
      const payload = route.method === 'PATCH' ? bodyOf(route) : undefined;
      const anonymous = await call(route.method as 'GET', pathOf(route), {}, payload);
      expect(anonymous.statusCode).toBe(401);
      expect(json(anonymous).code).toBe('UNAUTHENTICATED');
      const member = await registerUser(t.app);
      const refused = await call(
        route.method as 'GET',
        pathOf(route),
        bearer(member.tokens.access, member.organization.id),
        payload,
      );
      expect(refused.statusCode).toBe(403);
      expect(json(refused)).toMatchObject({
        code: 'FORBIDDEN',
        detail: 'You are not authorized to access the admin panel.',
      });
    },
  );

  it('a forged superuser claim is refused: the flag is read from the database', async () => {
    const member = await registerUser(t.app);
    const [h, p] = member.tokens.access.split('.');
    const claims = JSON.parse(Buffer.from(p!, 'base64url').toString()) as object;
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, is_superuser: true })).toString('base64url')}.AAAA`;
    expect((await call('GET', '/admin/users/', bearer(forged))).statusCode).toBe(401);
  });
});

describe('users', () => {
  it('lists users with their flags, searched by email or name, page by page', async () => {
    const marker = `zq${Date.now().toString(36)}`;
    const a = await registerUser(t.app, { name: `Mona ${marker}`, email: uniqueEmail(`a${marker}`) });
    const b = await registerUser(t.app, { name: 'Karim', email: uniqueEmail(`b${marker}`) });
    await registerUser(t.app, { name: 'Other' });

    const byEmail = json<Page<Record<string, unknown>>>(
      await call('GET', `/admin/users/?q=${marker}&page_size=1`, asAdmin()),
    );
    expect(byEmail.count).toBe(2);
    expect(byEmail.results).toHaveLength(1);
    const second = json<Page<Record<string, unknown>>>(
      await call('GET', `/admin/users/?q=${marker}&page_size=1&page=2`, asAdmin()),
    );
    expect(
      [byEmail.results[0]!.email, second.results[0]!.email].sort((x, y) =>
        String(x).localeCompare(String(y)),
      ),
    ).toEqual([a.email, b.email]);
    const byName = json<Page<Record<string, unknown>>>(
      await call('GET', `/admin/users/?q=${encodeURIComponent(`mona ${marker}`)}`, asAdmin()),
    );
    expect(byName.results).toEqual([
      {
        id: a.user.id,
        email: a.email,
        name: `Mona ${marker}`,
        is_active: true,
        is_superuser: false,
        date_joined: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      },
    ]);
    // Wildcards are searched as text.
    expect(json<Page<unknown>>(await call('GET', '/admin/users/?q=%25%25', asAdmin())).count).toBe(0);
  });

  it('a deactivated user is out at once: live tokens, refresh and sign-in are refused', async () => {
    const u = await registerUser(t.app);
    const h = bearer(u.tokens.access, u.organization.id);
    expect((await call('GET', '/invoices/?page=1&page_size=5', h)).statusCode).toBe(200);
    expect((await call('GET', '/auth/me', h)).statusCode).toBe(200);

    const res = await call('PATCH', `/admin/users/${u.user.id}/`, asAdmin(), { is_active: false });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({ id: u.user.id, is_active: false, is_superuser: false });

    expect((await call('GET', '/invoices/?page=1&page_size=5', h)).statusCode).toBe(401);
    expect((await call('GET', '/auth/me', h)).statusCode).toBe(401);
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/refresh',
      payload: { refresh: u.tokens.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    const login = await signIn(u.email, u.password);
    expect(login.statusCode).toBe(401);
    expect(json(login).code).toBe('ACCOUNT_DISABLED');

    // Activated again: a new sign-in works; the sessions that were ended stay ended.
    const back = await call('PATCH', `/admin/users/${u.user.id}/`, asAdmin(), { is_active: true });
    expect(json(back)).toMatchObject({ is_active: true });
    expect((await signIn(u.email, u.password)).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/auth/refresh',
          payload: { refresh: u.tokens.refresh },
        })
      ).statusCode,
    ).toBe(401);

    const log = await auditOf(`action=user.deactivated&actor=${encodeURIComponent(admin.email)}`);
    expect(log.results.map((e) => e.target_id)).toContain(u.user.id);
    const again = await auditOf('action=user.activated');
    expect(again.results.map((e) => e.target_id)).toContain(u.user.id);
  });

  it('grants and revokes superuser rights, effective from the next request', async () => {
    const u = await registerUser(t.app);
    const h = bearer(u.tokens.access);
    expect((await call('GET', '/admin/users/', h)).statusCode).toBe(403);
    const granted = await call('PATCH', `/admin/users/${u.user.id}/`, asAdmin(), { is_superuser: true });
    expect(json(granted)).toMatchObject({ is_superuser: true, is_active: true });
    expect((await call('GET', '/admin/users/', h)).statusCode).toBe(200);
    await call('PATCH', `/admin/users/${u.user.id}/`, asAdmin(), { is_superuser: false });
    expect((await call('GET', '/admin/users/', h)).statusCode).toBe(403);
    const entries = await auditOf('target_type=user&page_size=100');
    const mine = entries.results.filter((e) => e.target_id === u.user.id).map((e) => e.action);
    expect(mine).toEqual(['user.superuser_revoked', 'user.superuser_granted']);
  });

  it('never changes the caller: 403 with a clear message, nothing changed or logged', async () => {
    const me = await makeSuperuser();
    const before = (await auditOf(`actor=${encodeURIComponent(me.email)}`)).count;
    for (const [payload, detail] of [
      [{ is_active: false }, 'You cannot deactivate your own account.'],
      [{ is_superuser: false }, 'You cannot remove your own superuser rights.'],
    ] as const) {
      const res = await call('PATCH', `/admin/users/${me.id}/`, bearer(me.access), payload);
      expect(res.statusCode).toBe(403);
      expect(json(res)).toMatchObject({ code: 'SELF_CHANGE_REFUSED', detail });
    }
    expect((await call('GET', '/admin/users/', bearer(me.access))).statusCode).toBe(200);
    expect((await auditOf(`actor=${encodeURIComponent(me.email)}`)).count).toBe(before);
  });

  it('answers 404 for an unknown user, 400 for a body without a flag, and logs a no-op not at all', async () => {
    const missing = await call('PATCH', '/admin/users/00000000-0000-4000-8000-000000000000/', asAdmin(), {
      is_active: false,
    });
    expect(missing.statusCode).toBe(404);
    const u = await registerUser(t.app);
    const empty = await call('PATCH', `/admin/users/${u.user.id}/`, asAdmin(), {});
    expect(empty.statusCode).toBe(400);
    expect(
      (await call('PATCH', `/admin/users/${u.user.id}/`, asAdmin(), { is_active: 'no' })).statusCode,
    ).toBe(400);
    const before = (await auditOf('page_size=1')).count;
    const same = await call('PATCH', `/admin/users/${u.user.id}/`, asAdmin(), { is_active: true });
    expect(same.statusCode).toBe(200);
    expect((await auditOf('page_size=1')).count).toBe(before);
  });
});

describe('organizations', () => {
  it('lists organizations with their member count, searched by name', async () => {
    const marker = `Org${Date.now().toString(36)}`;
    const owner = await registerUser(t.app, { organization_name: `${marker} Trading` });
    const member = await registerUser(t.app);
    await addMember(t.system, {
      organizationId: owner.organization.id,
      userId: member.user.id,
      role: 'USER',
    });
    const page = json<Page<Record<string, unknown>>>(
      await call('GET', `/admin/organizations/?q=${marker.toLowerCase()}`, asAdmin()),
    );
    expect(page.count).toBe(1);
    expect(page.results[0]).toEqual({
      id: owner.organization.id,
      name: `${marker} Trading`,
      country: null,
      currency: 'EGP',
      user_count: 2,
      created_at: expect.stringMatching(/^\d{4}-/),
    });
    const detail = await call('GET', `/admin/organizations/${owner.organization.id}/`, asAdmin());
    expect(json(detail)).toMatchObject({
      id: owner.organization.id,
      contents: { memberships: 2, customers: 0, items: 0, invoices: 0, files: 0, extractions: 0 },
    });
    expect(
      (await call('GET', '/admin/organizations/00000000-0000-4000-8000-000000000000/', asAdmin())).statusCode,
    ).toBe(404);
  });

  it('deletes an organization with everything it holds, its stored files included, and nothing else', async () => {
    const owner = await registerUser(t.app, { organization_name: 'Doomed Co' });
    const member = await registerUser(t.app, { organization_name: 'Kept Co' });
    const org = owner.organization.id;
    await addMember(t.system, { organizationId: org, userId: member.user.id, role: 'ADMIN' });
    const h = bearer(owner.tokens.access, org);
    const post = async (url: string, payload: object) => {
      const res = await call('POST', url, h, payload);
      expect(res.statusCode, res.body).toBeLessThan(300);
      return json<{ id: string }>(res);
    };
    const customer = await post('/customers/', { name: 'Buyer' });
    await post('/items/', { name: 'Paper', unit_price: '10' });
    const invoice = await post('/invoices/', {
      customer_id: customer.id,
      issue_date: '2026-01-01',
      due_date: '2026-01-31',
      lines_data: [{ description: 'Paper', quantity: 2, unit_price: '10' }],
    });
    const image = await call('POST', `/billing/invoices/${invoice.id}/image/upload/`, h, {
      image_data: dataUrl('image/png', await makeImage('png')),
    });
    expect(image.statusCode, image.body).toBe(200);
    const file = multipartBody([{ name: 'file', value: await makeImage('png'), filename: 'scan.png' }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/v1/attachments/',
      headers: { ...h, ...file.headers },
      payload: file.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const attachment = json<{ id: string }>(uploaded);
    const run = json<{ extraction_id: string }>(
      await call('POST', `/attachments/${attachment.id}/ocr/`, h, {}),
    );
    for (let i = 0; i < 200; i += 1) {
      const state = json<{ status: string }>(await call('GET', `/ocr/${run.extraction_id}/`, h));
      if (state.status !== 'PROCESSING') break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const filesDir = path.join(localFilesDir(t.config.dataDir), org);
    expect(fs.readdirSync(filesDir, { recursive: true }).length).toBeGreaterThan(0);
    // Two payments: 100 credits paid by card at once, and 10 credits waiting for the card page.
    const paid = await call('POST', '/billing/payments/process-direct/', h, {
      payment_method: 'card_intl',
      payment_type: 'credits',
      amount: '100.00',
      credits: 100,
      payment_details: {
        card_number: '4242 4242 4242 4242',
        expiry: '12/39',
        cvv: '123',
        cardholder_name: 'Mona Ali',
      },
    });
    expect(json(paid), paid.body).toMatchObject({ success: true });
    const waiting = await call('POST', '/billing/payments/create/', h, {
      payment_method: 'card_eg',
      payment_type: 'credits',
      amount: '10.00',
      credits: 10,
    });
    expect(json(waiting), waiting.body).toMatchObject({ success: true });
    const cardTotals = async () =>
      json<{ name: string; total_transactions: number; successful_transactions: number }[]>(
        await call('GET', '/admin/payment-methods/', asAdmin()),
      )
        .filter((m) => m.name === 'card_intl' || m.name === 'card_eg')
        .map((m) => [m.name, m.total_transactions, m.successful_transactions]);
    const totalsBefore = await cardTotals();
    // Both last changed long ago, as far as the deletion can tell.
    const longAgo = new Date('2026-01-02T03:04:05Z');
    await t.system.db.update(payments).set({ updatedAt: longAgo }).where(eq(payments.organizationId, org));

    const detail = json<{ contents: Record<string, number> }>(
      await call('GET', `/admin/organizations/${org}/`, asAdmin()),
    );
    expect(detail.contents).toEqual({
      memberships: 2,
      customers: 1,
      items: 1,
      invoices: 1,
      files: 2,
      extractions: 1,
      payments: 2,
    });

    const res = await call('DELETE', `/admin/organizations/${org}/`, asAdmin());
    expect(res.statusCode).toBe(204);

    // Nothing of it is left but its payments, kept for the ledger with its id and name; the one still
    // waiting is ended, and the payment methods' totals still count both.
    expect(await rowsMentioning(org)).toEqual({ payments: 2 });
    const kept = await t.system.db
      .select({
        organizationId: payments.organizationId,
        organizationName: payments.organizationName,
        method: payments.method,
        status: payments.status,
        amount: payments.amount,
        changedLongAgo: sql<boolean>`${payments.updatedAt} = ${longAgo.toISOString()}::timestamptz`,
      })
      .from(payments)
      .where(eq(payments.organizationId, org))
      .orderBy(payments.method);
    expect(kept).toEqual([
      {
        organizationId: org,
        organizationName: 'Doomed Co',
        method: 'card_eg',
        status: 'CANCELLED',
        amount: '10.00',
        changedLongAgo: false,
      },
      {
        organizationId: org,
        organizationName: 'Doomed Co',
        method: 'card_intl',
        status: 'SUCCEEDED',
        amount: '100.00',
        // Finished before: it keeps when it last changed.
        changedLongAgo: true,
      },
    ]);
    expect(await cardTotals()).toEqual(totalsBefore);
    // A gateway's late word that the waiting one was paid grants nothing to what is gone, but the ledger
    // records that the money was taken (succeeded, never fulfilled), with a warning naming no card data.
    const waitingId = json<{ payment_id: string }>(waiting).payment_id;
    const warnings: { details: Record<string, unknown>; message: string }[] = [];
    const warnLog = {
      warn: (details: Record<string, unknown>, message: string) => warnings.push({ details, message }),
    };
    const paidReport = {
      paymentId: waitingId,
      gatewayRef: null,
      status: 'paid',
      amountMinor: 1000,
      currency: 'EGP',
    } as const;
    const late = await fulfilPayment(t.system.scopeFor(org), waitingId, paidReport, 'sandbox', warnLog);
    expect(late).toBe('organization_deleted');
    expect((await t.system.db.select().from(payments).where(eq(payments.id, waitingId)))[0]).toMatchObject({
      status: 'SUCCEEDED',
      fulfilledAt: null,
      organizationName: 'Doomed Co',
    });
    expect(warnings).toEqual([
      {
        details: expect.objectContaining({ paymentId: waitingId, organizationId: org }),
        message: expect.stringContaining('organization was deleted'),
      },
    ]);
    expect(JSON.stringify(warnings)).not.toMatch(/4242|cvv|card_number|Mona/i);
    // Told again: recorded once.
    expect(await fulfilPayment(t.system.scopeFor(org), waitingId, paidReport, 'sandbox', warnLog)).toBe(
      'organization_deleted',
    );
    expect(warnings).toHaveLength(1);
    // No payment can be made for it any more (one racing the deletion waits for it, then is refused).
    const again = await billingRepository(t.system.scopeFor(org)).insert({
      userId: null,
      method: 'card_eg',
      gateway: 'sandbox',
      paymentType: 'credits',
      credits: 5,
      amount: '5.00',
      chargedCurrency: 'EGP',
      chargedAmountMinor: 500,
    });
    expect(again).toBeNull();
    expect(await rowsMentioning(org)).toEqual({ payments: 2 });
    expect(fs.existsSync(filesDir)).toBe(false);
    // Its members are members no more; their accounts and other organizations stay.
    expect((await call('GET', '/customers/', h)).statusCode).toBe(403);
    expect((await call('GET', '/orgs/', bearer(owner.tokens.access))).json()).toEqual([]);
    const other = bearer(member.tokens.access, member.organization.id);
    expect((await call('GET', '/orgs/', other)).json()).toEqual([
      expect.objectContaining({ id: member.organization.id, name: 'Kept Co' }),
    ]);
    expect((await call('GET', '/customers/', other)).statusCode).toBe(200);

    const log = await auditOf('action=organization.deleted&target_type=organization');
    const entry = log.results.find((e) => e.target_id === org) as unknown as {
      before: Record<string, unknown>;
      after: unknown;
      actor: { email: string };
    };
    expect(entry.actor.email).toBe(admin.email);
    expect(entry.before).toMatchObject({ name: 'Doomed Co', contents: detail.contents });
    expect(entry.after).toBeNull();

    expect((await call('DELETE', `/admin/organizations/${org}/`, asAdmin())).statusCode).toBe(404);
  });

  // PGlite serves one connection: nothing can race a transaction there.
  it.skipIf(inject('testDatabase').kind === 'pglite')(
    'a payment made or reported paid while its organization is being deleted waits for the deletion, which it does not outlive unrecorded',
    async () => {
      const owner = await registerUser(t.app, { organization_name: 'Racing Co' });
      const org = owner.organization.id;
      const h = bearer(owner.tokens.access, org);
      const waiting = await call('POST', '/billing/payments/create/', h, {
        payment_method: 'card_eg',
        payment_type: 'credits',
        amount: '10.00',
        credits: 10,
      });
      expect(json(waiting), waiting.body).toMatchObject({ success: true });
      const waitingId = json<{ payment_id: string }>(waiting).payment_id;
      const scope = t.system.scopeFor(org);
      const quiet = { warn: () => undefined };
      let report: Promise<unknown> | undefined;
      let made: Promise<unknown> | undefined;
      // The deletion, as the admin API makes it, with a report and a new payment arriving halfway.
      await t.system.db.transaction(async (tx) => {
        const repo = adminRepository(tx);
        const organization = await repo.findOrganization(org, { lock: true });
        await keepPaymentsOfDeletedOrganization(tx, { id: org, name: organization!.name });
        report = fulfilPayment(
          scope,
          waitingId,
          { paymentId: waitingId, gatewayRef: null, status: 'paid', amountMinor: 1000, currency: 'EGP' },
          'sandbox',
          quiet,
        ).catch((error: unknown) => error);
        made = billingRepository(scope)
          .insert({
            userId: null,
            method: 'card_eg',
            gateway: 'sandbox',
            paymentType: 'credits',
            credits: 5,
            amount: '5.00',
            chargedCurrency: 'EGP',
            chargedAmountMinor: 500,
          })
          .catch((error: unknown) => error);
        await new Promise((resolve) => setTimeout(resolve, 300));
        await repo.deleteOrganization(org);
      });
      // The report waited for the deletion, then found the payment kept and cancelled: recorded as paid,
      // nothing granted. The new payment waited too, and was refused.
      expect(await report).toBe('organization_deleted');
      expect(await made).toBeNull();
      expect(
        await t.system.db
          .select({
            id: payments.id,
            status: payments.status,
            fulfilledAt: payments.fulfilledAt,
            organizationName: payments.organizationName,
          })
          .from(payments)
          .where(eq(payments.organizationId, org)),
      ).toEqual([{ id: waitingId, status: 'SUCCEEDED', fulfilledAt: null, organizationName: 'Racing Co' }]);
      expect(await rowsMentioning(org)).toEqual({ payments: 1 });
    },
  );

  it('files whose removal did not happen after the deletion are removed at the next start', async () => {
    const owner = await registerUser(t.app);
    const org = owner.organization.id;
    const file = multipartBody([{ name: 'file', value: await makeImage('png'), filename: 'scan.png' }]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/v1/attachments/',
      headers: { ...bearer(owner.tokens.access, org), ...file.headers },
      payload: file.payload,
    });
    expect(uploaded.statusCode).toBe(201);
    const filesDir = path.join(localFilesDir(t.config.dataDir), org);
    expect(fs.existsSync(filesDir)).toBe(true);

    // The same database served by a process whose file store cannot be reached: the deletion commits,
    // the removal of its files fails, as if the process had died right after the commit.
    const broken = await buildApp({
      config: loadConfig({
        NODE_ENV: 'test',
        DATA_DIR: t.config.dataDir,
        JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
        LOG_LEVEL: 'silent',
        WEB_DIST_DIR: path.join(t.config.dataDir, 'no-web'),
        S3_ENDPOINT: 'http://127.0.0.1:9',
        S3_BUCKET: 'files',
        S3_ACCESS_KEY_ID: 'x',
        S3_SECRET_ACCESS_KEY: 'y',
      }),
      database: t.database,
      logger: false,
    });
    try {
      const res = await broken.inject({
        method: 'DELETE',
        url: `/api/v1/admin/organizations/${org}/`,
        headers: asAdmin(),
      });
      expect(res.statusCode).toBe(204);
    } finally {
      await broken.close();
    }
    expect(fs.existsSync(filesDir)).toBe(true);
    expect(await rowsMentioning(org)).toEqual({ stored_file_removals: 1 });

    const lines: string[] = [];
    await sweepLeftoverFiles(t.config, t.database, (line) => lines.push(line));
    expect(fs.existsSync(filesDir)).toBe(false);
    expect(await rowsMentioning(org)).toEqual({});
    expect(lines.join('\n')).toMatch(/deleted organization/);
  });
});

describe('memberships', () => {
  it("lists memberships with the organization's plan and usage, searched by user or organization", async () => {
    const marker = `Mem${Date.now().toString(36)}`;
    const owner = await registerUser(t.app, { organization_name: `${marker} Co`, name: 'Hala' });
    const page = json<Page<Record<string, unknown>>>(
      await call('GET', `/admin/memberships/?q=${marker}`, asAdmin()),
    );
    expect(page.count).toBe(1);
    expect(page.results[0]).toEqual({
      id: expect.any(String),
      role: 'OWNER',
      user: { id: owner.user.id, email: owner.email, name: 'Hala' },
      organization: { id: owner.organization.id, name: `${marker} Co` },
      subscription: {
        plan_name: 'Pro',
        currency: 'EGP',
        price_monthly: expect.stringMatching(/^\d+\.\d\d$/),
        status: 'TRIAL',
        usage: { credits: { used: 0, max: 100 }, storage: { used_mb: 0, max_mb: 1024 } },
      },
    });
    // What the organization sees on its own usage page is what the admin sees.
    const usage = json<{ credits: { max: number } }>(
      await call('GET', '/usage/summary/', bearer(owner.tokens.access, owner.organization.id)),
    );
    expect(usage.credits.max).toBe(100);
    const byEmail = json<Page<unknown>>(
      await call('GET', `/admin/memberships/?q=${encodeURIComponent(owner.email)}`, asAdmin()),
    );
    expect(byEmail.count).toBe(1);
  });

  it('changes a role among USER, ADMIN and OWNER, effective on the next request, and logs it', async () => {
    const owner = await registerUser(t.app);
    const member = await registerUser(t.app);
    const org = owner.organization.id;
    await addMember(t.system, { organizationId: org, userId: member.user.id, role: 'USER' });
    const list = json<Page<{ id: string; user: { id: string }; organization: { id: string } }>>(
      await call('GET', `/admin/memberships/?q=${encodeURIComponent(member.email)}`, asAdmin()),
    );
    // The member's own organization, and the one joined.
    expect(list.count).toBe(2);
    const membership = list.results.find((m) => m.organization.id === org)!;
    const h = bearer(member.tokens.access, org);
    expect(json<{ role: string }>(await call('GET', '/orgs/current/', h)).role).toBe('USER');

    const res = await call('PATCH', `/admin/memberships/${membership.id}/`, asAdmin(), { role: 'ADMIN' });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toMatchObject({
      id: membership.id,
      role: 'ADMIN',
      organization: { id: org },
      subscription: { plan_name: 'Pro' },
    });
    expect(json<{ role: string }>(await call('GET', '/orgs/current/', h)).role).toBe('ADMIN');

    const bad = await call('PATCH', `/admin/memberships/${membership.id}/`, asAdmin(), { role: 'KING' });
    expect(bad.statusCode).toBe(400);
    expect(
      (
        await call('PATCH', '/admin/memberships/00000000-0000-4000-8000-000000000000/', asAdmin(), {
          role: 'USER',
        })
      ).statusCode,
    ).toBe(404);

    const log = await auditOf('action=membership.role_changed&target_type=membership');
    const entry = log.results.find((e) => e.target_id === membership.id) as unknown as {
      before: { role: string };
      after: { role: string };
    };
    expect(entry.before.role).toBe('USER');
    expect(entry.after.role).toBe('ADMIN');
  });

  it('keeps at least one OWNER: the last cannot be demoted (409), also when two demotions race', async () => {
    const owner = await registerUser(t.app);
    const second = await registerUser(t.app);
    const org = owner.organization.id;
    const idOf = async (userId: string) =>
      json<Page<{ id: string; user: { id: string }; organization: { id: string } }>>(
        await call(
          'GET',
          `/admin/memberships/?page_size=100&q=${encodeURIComponent(owner.organization.name)}`,
          asAdmin(),
        ),
      ).results.find((m) => m.user.id === userId && m.organization.id === org)!.id;
    const first = await idOf(owner.user.id);

    const last = await call('PATCH', `/admin/memberships/${first}/`, asAdmin(), { role: 'ADMIN' });
    expect(last.statusCode).toBe(409);
    expect(json(last)).toMatchObject({
      code: 'LAST_OWNER',
      detail: 'An organization must keep at least one owner: make another member OWNER first.',
    });

    await addMember(t.system, { organizationId: org, userId: second.user.id, role: 'OWNER' });
    const other = await idOf(second.user.id);
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all([
        call('PATCH', `/admin/memberships/${first}/`, asAdmin(), { role: 'USER' }),
        call('PATCH', `/admin/memberships/${other}/`, asAdmin(), { role: 'ADMIN' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      const owners = (
        (await t.system.db.execute(
          sql`select count(*)::int as n from memberships where organization_id = ${org} and role = 'OWNER'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]!.n;
      expect(owners).toBe(1);
      // Both owners again for the next round.
      await call('PATCH', `/admin/memberships/${first}/`, asAdmin(), { role: 'OWNER' });
      await call('PATCH', `/admin/memberships/${other}/`, asAdmin(), { role: 'OWNER' });
    }

    // The admin panel and the members page apply one rule: racing each other, one of them is refused.
    const asSecond = bearer(second.tokens.access, org);
    for (let round = 0; round < 3; round += 1) {
      const answers = await Promise.all([
        call('PATCH', `/admin/memberships/${first}/`, asAdmin(), { role: 'USER' }),
        call('PATCH', `/members/${other}/`, asSecond, { role: 'ADMIN' }),
      ]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
      expect(answers.map((a) => json(a).code).filter(Boolean)).toEqual(['LAST_OWNER']);
      const roles = (
        (await t.system.db.execute(
          sql`select role from memberships where organization_id = ${org} order by id`,
        )) as unknown as { rows: { role: string }[] }
      ).rows.map((r) => r.role);
      expect(roles.filter((r) => r === 'OWNER')).toHaveLength(1);
      await call('PATCH', `/admin/memberships/${first}/`, asAdmin(), { role: 'OWNER' });
      await call('PATCH', `/admin/memberships/${other}/`, asAdmin(), { role: 'OWNER' });
    }
    // A refused change leaves no audit entry: only the changes that happened are there.
    const logged = (await auditOf('action=membership.role_changed&page_size=100')).results.filter(
      (e) => e.target_id === first || e.target_id === other,
    );
    expect(logged.length).toBeGreaterThan(0);
    for (const e of logged as unknown as { before: { role: string }; after: { role: string } }[]) {
      expect(e.before.role).not.toBe(e.after.role);
    }
  });
});

describe('the audit log', () => {
  it('records only admin actions, newest first, filtered by actor, action, target type and dates', async () => {
    const other = await makeSuperuser();
    const u = await registerUser(t.app);
    // A member's own work is no admin action.
    await call('POST', '/customers/', bearer(u.tokens.access, u.organization.id), { name: 'Not logged' });
    const before = (await auditOf('page_size=1')).count;
    await call('PATCH', `/admin/users/${u.user.id}/`, bearer(other.access), { is_active: false });
    await call('PATCH', `/admin/users/${u.user.id}/`, bearer(other.access), { is_active: true });
    const all = await auditOf('page_size=1');
    expect(all.count).toBe(before + 2);
    expect(all.results[0]).toMatchObject({
      action: 'user.activated',
      target_type: 'user',
      target_id: u.user.id,
      actor: { email: other.email },
    });
    const full = json<Page<Record<string, unknown>>>(
      await call('GET', `/admin/audit-log/?actor=${encodeURIComponent(other.email)}`, asAdmin()),
    );
    expect(full.results).toEqual([
      {
        id: expect.any(String),
        actor: { id: other.id, email: other.email },
        action: 'user.activated',
        target_type: 'user',
        target_id: u.user.id,
        before: expect.objectContaining({ id: u.user.id, is_active: false }),
        after: expect.objectContaining({ id: u.user.id, is_active: true }),
        created_at: expect.stringMatching(/^\d{4}-/),
      },
      expect.objectContaining({ action: 'user.deactivated' }),
    ]);
    expect((await auditOf(`actor=${encodeURIComponent(other.email)}&action=user.deactivated`)).count).toBe(1);
    expect((await auditOf(`actor=${encodeURIComponent(other.email)}&target_type=organization`)).count).toBe(
      0,
    );
    const today = new Date().toISOString().slice(0, 10);
    expect((await auditOf(`actor=${encodeURIComponent(other.email)}&from=${today}&to=${today}`)).count).toBe(
      2,
    );
    expect((await auditOf(`actor=${encodeURIComponent(other.email)}&to=2020-01-01`)).count).toBe(0);
    expect((await auditOf(`actor=${encodeURIComponent(other.email)}&from=2999-01-01`)).count).toBe(0);
    const reversed = await call('GET', '/admin/audit-log/?from=2026-02-01&to=2026-01-01', asAdmin());
    expect(reversed.statusCode).toBe(400);
    expect((await call('GET', '/admin/audit-log/?action=user.exploded', asAdmin())).statusCode).toBe(400);
    expect((await call('GET', '/admin/audit-log/?from=yesterday', asAdmin())).statusCode).toBe(400);
  });
});

describe('subscription plans', () => {
  const insertPlan = async (code: string) => {
    const [row] = await t.system.db
      .insert(plans)
      .values({
        code,
        name: `Plan ${code}`,
        priceMonthly: '10.00',
        priceYearly: '96.00',
        creditsPerMonth: 5,
        maxStorageMb: 10,
      })
      .returning({ id: plans.id });
    return row!.id;
  };

  it('lists every plan with the organizations on it', async () => {
    await registerUser(t.app);
    const list = json<{ code: string; organization_count: number; price_monthly: string }[]>(
      await call('GET', '/admin/subscription-plans/', asAdmin()),
    );
    expect(list.slice(0, 3).map((p) => p.code)).toEqual(['free', 'pro', 'enterprise']);
    expect(list.find((p) => p.code === 'pro')).toMatchObject({
      name: 'Pro',
      price_monthly: '299.00',
      credits_per_month: 100,
      max_storage_mb: 1024,
      max_customers: 2000,
      is_active: true,
      organization_count: expect.any(Number),
    });
    expect(list.find((p) => p.code === 'pro')!.organization_count).toBeGreaterThan(0);
    expect(list.find((p) => p.code === 'enterprise')).toMatchObject({ max_customers: null });
  });

  it('edits a plan with the checks of the edit form, and logs the change', async () => {
    const id = await insertPlan(`edit-${Date.now()}`);
    const res = await call('PATCH', `/admin/subscription-plans/${id}/`, asAdmin(), {
      name: 'Business',
      description: 'For offices',
      price_monthly: '49.5',
      price_yearly: 475.2,
      currency: 'USD',
      credits_per_month: 250,
      max_storage_mb: 2048,
      max_customers: null,
      max_items: 500,
      is_active: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      id,
      name: 'Business',
      description: 'For offices',
      price_monthly: '49.50',
      price_yearly: '475.20',
      currency: 'USD',
      credits_per_month: 250,
      max_storage_mb: 2048,
      max_customers: null,
      max_items: 500,
      is_active: false,
      organization_count: 0,
    });
    const toggled = await call('PATCH', `/admin/subscription-plans/${id}/`, asAdmin(), { is_active: true });
    expect(json(toggled)).toMatchObject({ is_active: true, name: 'Business' });

    const refused = await call('PATCH', `/admin/subscription-plans/${id}/`, asAdmin(), {
      name: '  ',
      price_monthly: '1.234',
      price_yearly: '-1',
      currency: 'GBP',
      credits_per_month: -1,
      max_storage_mb: 1.5,
    });
    expect(refused.statusCode).toBe(400);
    expect(json<{ errors: Record<string, string[]> }>(refused).errors).toEqual({
      name: ['Plan name is required'],
      price_monthly: ['Enter a price with at most two decimals'],
      price_yearly: ['Price cannot be negative'],
      currency: ['Choose one of EGP, USD or EUR'],
      credits_per_month: ['Enter a whole number, 0 or more'],
      max_storage_mb: ['Enter a whole number, 0 or more'],
    });

    const log = await auditOf('action=plan.updated&target_type=plan&page_size=100');
    const mine = log.results.filter((e) => e.target_id === id) as unknown as {
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }[];
    expect(mine).toHaveLength(2);
    expect(mine[1]!.before).toMatchObject({
      name: `Plan ${mine[1]!.before.code as string}`,
      currency: 'EGP',
    });
    expect(mine[1]!.after).toMatchObject({ name: 'Business', currency: 'USD' });
    expect(
      (await call('PATCH', '/admin/subscription-plans/00000000-0000-4000-8000-000000000000/', asAdmin(), {}))
        .statusCode,
    ).toBe(404);
  });

  it('deletes only a plan no organization uses; the Free plan stays', async () => {
    const list = json<{ id: string; code: string }[]>(
      await call('GET', '/admin/subscription-plans/', asAdmin()),
    );
    const pro = list.find((p) => p.code === 'pro')!;
    const free = list.find((p) => p.code === 'free')!;
    const inUse = await call('DELETE', `/admin/subscription-plans/${pro.id}/`, asAdmin());
    expect(inUse.statusCode).toBe(409);
    expect(json(inUse)).toMatchObject({
      code: 'PLAN_IN_USE',
      detail: expect.stringMatching(/used by \d+ organization/),
    });
    const freeRes = await call('DELETE', `/admin/subscription-plans/${free.id}/`, asAdmin());
    expect(freeRes.statusCode).toBe(409);
    expect(json(freeRes).code).toBe('PLAN_IN_USE');

    const id = await insertPlan(`gone-${Date.now()}`);
    expect((await call('DELETE', `/admin/subscription-plans/${id}/`, asAdmin())).statusCode).toBe(204);
    const after = json<{ id: string }[]>(await call('GET', '/admin/subscription-plans/', asAdmin()));
    expect(after.map((p) => p.id)).not.toContain(id);
    expect(after.map((p) => p.id)).toContain(pro.id);
    expect((await auditOf('action=plan.deleted')).results.map((e) => e.target_id)).toContain(id);
    expect((await call('DELETE', `/admin/subscription-plans/${id}/`, asAdmin())).statusCode).toBe(404);
  });
});

describe('payment methods', () => {
  interface Method {
    id: string;
    name: string;
    display_name: string;
    display_name_ar: string;
    description: string;
    description_ar: string;
    is_active: boolean;
    sort_order: number;
    total_transactions: number;
    successful_transactions: number;
    success_rate: number;
  }
  const listMethods = async () => json<Method[]>(await call('GET', '/admin/payment-methods/', asAdmin()));
  const membersList = async (headers: Record<string, string>) =>
    json<{ methods: { name: string; display_name: string; display_name_ar: string }[] }>(
      await call('GET', '/billing/payment-methods/', headers),
    ).methods;

  it('lists every method in order with the payments of every organization by it', async () => {
    const before = await listMethods();
    expect(before).toHaveLength(11);
    expect(before.map((m) => m.name).slice(0, 5)).toEqual([
      'card_eg',
      'wallet_eg',
      'kiosk_eg',
      'valu',
      'fawry',
    ]);
    expect(before.find((m) => m.name === 'mada')).toMatchObject({
      display_name: 'mada',
      display_name_ar: 'مدى',
      description: 'Pay with a Saudi mada debit card.',
      description_ar: 'ادفع ببطاقة مدى السعودية.',
      is_active: true,
    });
    const fawryBefore = before.find((m) => m.name === 'fawry')!;

    // Payments of two organizations: 3 succeeded, 1 failed, 1 pending.
    const one = await registerUser(t.app);
    const two = await registerUser(t.app);
    const payment = (organizationId: string, status: 'SUCCEEDED' | 'FAILED' | 'PENDING') => ({
      organizationId,
      method: 'fawry' as const,
      gateway: 'sandbox',
      paymentType: 'credits' as const,
      credits: 10,
      amount: '50.00',
      chargedCurrency: 'EGP',
      chargedAmountMinor: 5000,
      status,
    });
    await t.system.db
      .insert(payments)
      .values([
        payment(one.organization.id, 'SUCCEEDED'),
        payment(one.organization.id, 'SUCCEEDED'),
        payment(two.organization.id, 'SUCCEEDED'),
        payment(two.organization.id, 'FAILED'),
        payment(two.organization.id, 'PENDING'),
      ]);
    const fawry = (await listMethods()).find((m) => m.name === 'fawry')!;
    expect(fawry.total_transactions - fawryBefore.total_transactions).toBe(5);
    expect(fawry.successful_transactions - fawryBefore.successful_transactions).toBe(3);
    // 3 of the 4 finished ones (a pending payment is not counted in the rate).
    expect(fawryBefore).toMatchObject({ total_transactions: 0, success_rate: 0 });
    expect(fawry.success_rate).toBe(75);
  });

  it('edits the names and descriptions in both languages, and the order; members see it; logged', async () => {
    const owner = await registerUser(t.app);
    const headers = bearer(owner.tokens.access, owner.organization.id);
    const knet = (await listMethods()).find((m) => m.name === 'knet')!;
    const res = await call('PATCH', `/admin/payment-methods/${knet.id}/`, asAdmin(), {
      display_name: 'KNET debit card',
      description: 'Kuwaiti debit cards.',
      display_name_ar: 'بطاقة كي نت',
      description_ar: 'بطاقات الخصم الكويتية.',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      id: knet.id,
      name: 'knet',
      display_name: 'KNET debit card',
      description: 'Kuwaiti debit cards.',
      display_name_ar: 'بطاقة كي نت',
      description_ar: 'بطاقات الخصم الكويتية.',
      sort_order: knet.sort_order,
    });
    const moved = await call('PATCH', `/admin/payment-methods/${knet.id}/`, asAdmin(), { sort_order: 0 });
    expect(json(moved)).toMatchObject({ sort_order: 0, display_name: 'KNET debit card' });

    const seen = await membersList(headers);
    expect(seen[0]).toMatchObject({
      name: 'knet',
      display_name: 'KNET debit card',
      display_name_ar: 'بطاقة كي نت',
    });
    expect((await listMethods())[0]!.name).toBe('knet');

    const log = (
      await auditOf('action=payment_method.updated&target_type=payment_method&page_size=100')
    ).results
      .filter((e) => e.target_id === knet.id)
      .reverse() as unknown as {
      actor: { email: string };
      before: Record<string, unknown>;
      after: Record<string, unknown>;
    }[];
    expect(log).toHaveLength(2);
    expect(log[0]!.actor.email).toBe(admin.email);
    expect(log[0]!.before).toMatchObject({ display_name: 'KNET', display_name_ar: 'كي نت' });
    expect(log[0]!.after).toMatchObject({ display_name: 'KNET debit card', display_name_ar: 'بطاقة كي نت' });
    expect(log[1]!.before).toMatchObject({ sort_order: knet.sort_order });
    expect(log[1]!.after).toMatchObject({ sort_order: 0 });

    // The same again changes nothing and logs nothing.
    await call('PATCH', `/admin/payment-methods/${knet.id}/`, asAdmin(), { sort_order: 0 });
    expect(
      (await auditOf('action=payment_method.updated&page_size=100')).results.filter(
        (e) => e.target_id === knet.id,
      ),
    ).toHaveLength(2);

    await call('PATCH', `/admin/payment-methods/${knet.id}/`, asAdmin(), {
      display_name: 'KNET',
      description: knet.description,
      display_name_ar: 'كي نت',
      description_ar: knet.description_ar,
      sort_order: knet.sort_order,
    });
    expect((await membersList(headers)).map((m) => m.name).indexOf('knet')).toBeGreaterThan(0);
  });

  it('refuses a bad edit with the edit form checks and changes nothing', async () => {
    const valu = (await listMethods()).find((m) => m.name === 'valu')!;
    const bad = async (payload: object) => {
      const res = await call('PATCH', `/admin/payment-methods/${valu.id}/`, asAdmin(), payload);
      expect(res.statusCode).toBe(400);
      return json<{ errors: Record<string, string[]> }>(res).errors;
    };
    expect(await bad({ display_name: '  ', description: '', display_name_ar: '' })).toEqual({
      display_name: ['Display name is required'],
      description: ['Description is required'],
      display_name_ar: ['Display name is required'],
    });
    expect(await bad({ display_name: 'ValU' })).toEqual({ description: ['Description is required'] });
    expect(await bad({ sort_order: -1 })).toEqual({ sort_order: ['Enter a whole number, 0 or more'] });
    expect(await bad({ sort_order: 'first' })).toEqual({ sort_order: ['Enter a whole number, 0 or more'] });
    expect(await bad({ sort_order: 1.5 })).toEqual({ sort_order: ['Enter a whole number, 0 or more'] });
    // Nothing to change: a message the pages translate like every other.
    expect(Object.values(await bad({})).flat()).toEqual([validationMessages.methodChangeRequired]);
    expect(validationMessages.methodChangeRequired).toBe('Send display_name and description, or sort_order');
    expect((await listMethods()).find((m) => m.name === 'valu')).toEqual(valu);
    expect(
      (await auditOf('target_type=payment_method&page_size=100')).results.filter(
        (e) => e.target_id === valu.id,
      ),
    ).toEqual([]);
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect(
      (await call('PATCH', `/admin/payment-methods/${unknown}/`, asAdmin(), { sort_order: 1 })).statusCode,
    ).toBe(404);
    expect(
      (await call('POST', `/admin/payment-methods/${unknown}/toggle_active/`, asAdmin())).statusCode,
    ).toBe(404);
  });

  it('switches a method off and on: members stop and start seeing it, and paying with it; logged', async () => {
    const owner = await registerUser(t.app);
    const headers = bearer(owner.tokens.access, owner.organization.id);
    const wallet = (await listMethods()).find((m) => m.name === 'wallet_eg')!;
    const off = await call('POST', `/admin/payment-methods/${wallet.id}/toggle_active/`, asAdmin());
    expect(off.statusCode, off.body).toBe(200);
    expect(json(off)).toMatchObject({ name: 'wallet_eg', is_active: false });
    expect((await membersList(headers)).map((m) => m.name)).not.toContain('wallet_eg');
    expect((await listMethods()).find((m) => m.name === 'wallet_eg')!.is_active).toBe(false);
    const refused = await call('POST', '/billing/payments/create/', headers, {
      payment_method: 'wallet_eg',
      payment_type: 'credits',
      amount: '10.00',
      credits: 10,
    });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).code).toBe('PAYMENT_METHOD_UNAVAILABLE');

    const on = await call('POST', `/admin/payment-methods/${wallet.id}/toggle_active/`, asAdmin());
    expect(json(on)).toMatchObject({ is_active: true });
    expect((await membersList(headers)).map((m) => m.name)).toContain('wallet_eg');

    const log = (await auditOf('target_type=payment_method&page_size=100')).results.filter(
      (e) => e.target_id === wallet.id,
    ) as unknown as { action: string; before: { is_active: boolean }; after: { is_active: boolean } }[];
    expect(log.map((e) => e.action)).toEqual(['payment_method.activated', 'payment_method.deactivated']);
    expect(log[1]).toMatchObject({ before: { is_active: true }, after: { is_active: false } });
  });
});
