import { setTimeout as sleep } from 'node:timers/promises';
import { and, count, eq, isNotNull } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, invoices, items, ocrExtractions, plans, subscriptions } from '../../schema';
import { createFakeOcr } from '../../test/fake-ocr';
import { makeImage, multipartBody } from '../../test/fixtures';
import { bearer, createTestApp, json, registerUser, type TestApp } from '../../test/test-app';
import { bringSubscriptionUpToDate } from './move-subscription-on.job';
import { changePlan } from './subscriptions.service';

const fake = createFakeOcr();
let t: TestApp;

// Small limits, set as a superuser would, so that each test reaches them in a few requests. The seeded
// figures (Free 25 customers, 50 items, 20 invoices a month; Pro 2,000, 10,000, 2,000) behave the same.
const limits = {
  free: { maxCustomers: 2, maxItems: 3, maxInvoicesPerMonth: 2 },
  pro: { maxCustomers: 4, maxItems: 5, maxInvoicesPerMonth: 4 },
};

beforeAll(async () => {
  t = await createTestApp({}, { workers: { concurrency: 1, ocr: fake.engine } });
  for (const [code, values] of Object.entries(limits)) {
    await t.system.db.update(plans).set(values).where(eq(plans.code, code));
  }
});
afterAll(() => t.close());

interface Org {
  id: string;
  h: Record<string, string>;
}

const newOrg = async (): Promise<Org> => {
  const u = await registerUser(t.app);
  return { id: u.organization.id, h: bearer(u.tokens.access, u.organization.id) };
};

const call = (org: Org, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: org.h, ...(payload ? { payload } : {}) });

/** The trial ended a minute ago; nothing has stored it yet. */
const endTrial = (org: Org) =>
  t.system.db
    .update(subscriptions)
    .set({ trialEndsAt: new Date(Date.now() - 60_000), currentPeriodEnd: new Date(Date.now() - 60_000) })
    .where(eq(subscriptions.organizationId, org.id));

const stored = async (table: typeof customers | typeof items | typeof invoices, org: Org) => {
  const [row] = await t.system.db.select({ n: count() }).from(table).where(eq(table.organizationId, org.id));
  return row!.n;
};

let serial = 0;
const newCustomer = (org: Org) => call(org, 'POST', '/customers/', { name: `Customer ${(serial += 1)}` });
const newItem = (org: Org) =>
  call(org, 'POST', '/items/', { name: `Item ${(serial += 1)}`, unit_price: '5' });

const invoiceOf = (customerId: string) => ({
  customer_id: customerId,
  issue_date: '2026-11-01',
  due_date: '2026-12-01',
  status: 'DRAFT',
  lines_data: [{ description: 'Consulting', quantity: 1, unit_price: '100.00' }],
});

const created = (res: LightMyRequestResponse) => {
  expect(res.statusCode, res.body).toBe(201);
  return json<{ id: string; number?: string }>(res);
};

/** The whole refusal, field by field. */
const refusal = (type: 'customers' | 'items' | 'invoices', plan: string, used: number, limit: number) => {
  const what = { customers: 'customers', items: 'items', invoices: 'invoices a month' }[type];
  const had = type === 'invoices' ? 'this month you have created' : 'you have';
  return {
    detail: { customers: 'Customer', items: 'Item', invoices: 'Invoice' }[type] + ' limit reached',
    code: 'PLAN_LIMIT_REACHED',
    upgrade_required: true,
    message: `Your ${plan} plan allows ${limit} ${what} and ${had} ${used}. Upgrade your plan to add more.`,
    limit_type: type,
    current_usage: used,
    limit,
    upgrade_options: { upgrade_plan: `Upgrade your plan for more ${type}.` },
  };
};

describe('the customer limit', () => {
  it('lets a trial create up to Pro’s limit, then refuses with 403 and writes nothing', async () => {
    const org = await newOrg();
    for (let i = 0; i < 4; i += 1) created(await newCustomer(org));
    const refused = await call(org, 'POST', '/customers/', { name: 'One too many' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(refusal('customers', 'Pro', 4, 4));
    expect(await stored(customers, org)).toBe(4);
    const list = json<{ results: { name: string }[] }>(await call(org, 'GET', '/customers/?q=too many'));
    expect(list.results).toEqual([]);
    // Only creation is limited: a customer can still be changed.
    const first = json<{ results: { id: string }[] }>(await call(org, 'GET', '/customers/')).results[0]!;
    expect((await call(org, 'PUT', `/customers/${first.id}/`, { name: 'Renamed' })).statusCode).toBe(200);
  });

  it('is never passed by concurrent creations at one below it', async () => {
    const org = await newOrg();
    for (let i = 0; i < 3; i += 1) created(await newCustomer(org));
    const answers = await Promise.all(Array.from({ length: 8 }, () => newCustomer(org)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode === 403);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.json()).toEqual(refusal('customers', 'Pro', 4, 4));
    expect(await stored(customers, org)).toBe(4);
  });

  it("falls to Free's limit when the trial ends, keeping the customers already there", async () => {
    const org = await newOrg();
    for (let i = 0; i < 3; i += 1) created(await newCustomer(org));
    await endTrial(org);
    // Before the job has stored the end of the trial, and after.
    const before = await newCustomer(org);
    expect(before.statusCode).toBe(403);
    expect(before.json()).toEqual(refusal('customers', 'Free', 3, 2));
    await bringSubscriptionUpToDate(t.system.scopeFor(org.id));
    const after = await newCustomer(org);
    expect(after.json()).toEqual(refusal('customers', 'Free', 3, 2));
    expect(json<{ count: number }>(await call(org, 'GET', '/customers/')).count).toBe(3);
  });

  it('has none on a plan whose limit is null (Enterprise)', async () => {
    const org = await newOrg();
    await changePlan(t.system.scopeFor(org.id), { planCode: 'enterprise', billingCycle: 'monthly' });
    const answers = await Promise.all(Array.from({ length: 7 }, () => newCustomer(org)));
    for (const a of answers) expect(a.statusCode).toBe(201);
    expect(await stored(customers, org)).toBe(7);
  });
});

describe('the item limit', () => {
  it('refuses past the limit with 403, writing nothing, also under concurrent creations', async () => {
    const org = await newOrg();
    for (let i = 0; i < 4; i += 1) created(await newItem(org));
    const answers = await Promise.all(Array.from({ length: 8 }, () => newItem(org)));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const refused = answers.filter((a) => a.statusCode === 403);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.json()).toEqual(refusal('items', 'Pro', 5, 5));
    expect(await stored(items, org)).toBe(5);

    await endTrial(org);
    const onFree = await call(org, 'POST', '/items/', { name: 'Stapler', sku: 'STP', unit_price: '5' });
    expect(onFree.json()).toEqual(refusal('items', 'Free', 5, 3));
    expect(await stored(items, org)).toBe(5);
    // The refused item's SKU was not taken either.
    await changePlan(t.system.scopeFor(org.id), { planCode: 'enterprise', billingCycle: 'monthly' });
    created(await call(org, 'POST', '/items/', { name: 'Stapler', sku: 'STP', unit_price: '5' }));
  });
});

describe('the monthly invoice limit', () => {
  it('counts the invoices created this calendar month, refuses past it and writes nothing', async () => {
    const org = await newOrg();
    const customer = created(await newCustomer(org)).id;
    const numbers: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      numbers.push(created(await call(org, 'POST', '/invoices/', invoiceOf(customer))).number!);
    }
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => call(org, 'POST', '/invoices/', invoiceOf(customer))),
    );
    const made = answers.filter((a) => a.statusCode === 201);
    expect(made).toHaveLength(1);
    numbers.push(made[0]!.json().number);
    const refused = answers.filter((a) => a.statusCode === 403);
    expect(refused).toHaveLength(7);
    for (const r of refused) expect(r.json()).toEqual(refusal('invoices', 'Pro', 4, 4));
    expect(await stored(invoices, org)).toBe(4);

    // Invoices of an earlier month do not count; and the refused ones used no number.
    const lastMonth = new Date();
    lastMonth.setUTCDate(0);
    await t.system.db
      .update(invoices)
      .set({ createdAt: lastMonth })
      .where(eq(invoices.organizationId, org.id));
    const next = created(await call(org, 'POST', '/invoices/', invoiceOf(customer)));
    expect(numbers).toEqual(['INV-000001', 'INV-000002', 'INV-000003', 'INV-000004']);
    expect(next.number).toBe('INV-000005');

    await endTrial(org);
    created(await call(org, 'POST', '/invoices/', invoiceOf(customer)));
    const onFree = await call(org, 'POST', '/invoices/', invoiceOf(customer));
    expect(onFree.json()).toEqual(refusal('invoices', 'Free', 2, 2));
    expect(await stored(invoices, org)).toBe(6);
  });

  it('refuses a duplicate past the limit, also under concurrent requests, using no number', async () => {
    const org = await newOrg();
    const customer = created(await newCustomer(org)).id;
    const source = created(await call(org, 'POST', '/invoices/', invoiceOf(customer)));
    created(await call(org, 'POST', '/invoices/', invoiceOf(customer)));
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => call(org, 'POST', `/invoices/${source.id}/duplicate/`)),
    );
    const made = answers.filter((a) => a.statusCode === 201).map((a) => json<{ number: string }>(a).number);
    expect(made.sort()).toEqual(['INV-000003', 'INV-000004']);
    const refused = answers.filter((a) => a.statusCode === 403);
    expect(refused).toHaveLength(4);
    for (const r of refused) expect(r.json()).toEqual(refusal('invoices', 'Pro', 4, 4));
    expect(await stored(invoices, org)).toBe(4);
  });
});

describe('invoices made from OCR', () => {
  const uploadAndRead = async (org: Org) => {
    serial += 1;
    const body = multipartBody([
      { name: 'kind', value: 'INVOICE_UPLOAD' },
      { name: 'file', value: await makeImage('png', 300 + serial, 200), filename: 'scan.png' },
    ]);
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/v1/attachments/',
      headers: { ...org.h, ...body.headers },
      payload: body.payload,
    });
    const file = json<{ id: string }>(upload).id;
    const started = json<{ extraction_id: string }>(await call(org, 'POST', `/attachments/${file}/ocr/`));
    for (let i = 0; i < 300; i += 1) {
      const run = json<{ status: string }>(await call(org, 'GET', `/ocr/${started.extraction_id}/`));
      if (run.status === 'DONE') return started.extraction_id;
      expect(run.status).toBe('PROCESSING');
      await sleep(100);
    }
    throw new Error('the run did not finish');
  };

  /** What an apply refused must have left: no invoice, customer or item more, the run without invoice. */
  const nothingWritten = async (org: Org, before: { c: number; i: number; n: number }) => {
    expect(await stored(customers, org)).toBe(before.c);
    expect(await stored(items, org)).toBe(before.i);
    expect(await stored(invoices, org)).toBe(before.n);
    const [linked] = await t.system.db
      .select({ n: count() })
      .from(ocrExtractions)
      .where(and(eq(ocrExtractions.organizationId, org.id), isNotNull(ocrExtractions.invoiceId)));
    expect(linked!.n).toBe(0);
  };

  it('refuses an invoice past the monthly limit, and keeps none of the customer and items it made', async () => {
    const org = await newOrg();
    const customer = created(await newCustomer(org)).id;
    for (let i = 0; i < 4; i += 1) created(await call(org, 'POST', '/invoices/', invoiceOf(customer)));
    const run = await uploadAndRead(org);
    const refused = await call(org, 'POST', `/ocr/${run}/apply/`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual(refusal('invoices', 'Pro', 4, 4));
    await nothingWritten(org, { c: 1, i: 0, n: 4 });
  });

  it('refuses a new customer past the limit', async () => {
    const org = await newOrg();
    for (let i = 0; i < 4; i += 1) created(await newCustomer(org));
    const run = await uploadAndRead(org);
    const refused = await call(org, 'POST', `/ocr/${run}/apply/`);
    expect(refused.json()).toEqual(refusal('customers', 'Pro', 4, 4));
    await nothingWritten(org, { c: 4, i: 0, n: 0 });
  });

  it('refuses new items past the limit (the second of its two lines)', async () => {
    const org = await newOrg();
    for (let i = 0; i < 4; i += 1) created(await newItem(org));
    const run = await uploadAndRead(org);
    const refused = await call(org, 'POST', `/ocr/${run}/apply/`);
    expect(refused.json()).toEqual(refusal('items', 'Pro', 5, 5));
    await nothingWritten(org, { c: 0, i: 4, n: 0 });
    // Within the limits the same run makes its invoice.
    await changePlan(t.system.scopeFor(org.id), { planCode: 'enterprise', billingCycle: 'monthly' });
    const applied = await call(org, 'POST', `/ocr/${run}/apply/`);
    expect(applied.statusCode, applied.body).toBe(200);
    expect(await stored(items, org)).toBe(6);
  });
});
