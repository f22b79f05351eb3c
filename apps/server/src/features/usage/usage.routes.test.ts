import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../schema';
import { createFakeOcr } from '../../test/fake-ocr';
import { makeImage, multipartBody } from '../../test/fixtures';
import { bearer, createTestApp, json, registerUser, type TestApp } from '../../test/test-app';

const fake = createFakeOcr();
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { workers: { concurrency: 1, ocr: fake.engine } });
});
afterAll(() => t.close());

const upload = async (h: Record<string, string>, width: number) => {
  const body = multipartBody([
    { name: 'file', value: await makeImage('png', width, 200), filename: `f${width}.png` },
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/attachments/',
    headers: { ...h, ...body.headers },
    payload: body.payload,
  });
  return json<{ id: string; size: number }>(res);
};

const untilSettled = async (h: Record<string, string>) => {
  for (let i = 0; i < 300; i += 1) {
    const list = json<{ results: { status: string }[] }>(
      await t.app.inject({ method: 'GET', url: '/api/v1/ocr/', headers: h }),
    );
    if (list.results.every((r) => r.status !== 'PROCESSING')) return;
    await sleep(100);
  }
  throw new Error('runs did not settle');
};

describe('the usage summary', () => {
  it("shows a new organization's Pro trial: 100 credits and 1 GB", async () => {
    const u = await registerUser(t.app);
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/usage/summary/',
      headers: bearer(u.tokens.access, u.organization.id),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      credits: { remaining: 100, used: 0, max: 100, extra: 0 },
      storage: { used_mb: 0, remaining_mb: 1024, max_mb: 1024, extra_mb: 0 },
      plan: { name: 'Pro', currency: 'EGP', price_monthly: '299.00' },
      status: 'TRIAL',
      extra_purchases: { active_purchases: [] },
    });
    expect(res.json().trial_ends_at).toBeTruthy();
  });

  it('falls to the Free plan when the trial ends, with its 10 credits and 30 MB', async () => {
    const u = await registerUser(t.app);
    await t.system.db
      .update(subscriptions)
      .set({ trialEndsAt: new Date(Date.now() - 1000), currentPeriodEnd: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.organizationId, u.organization.id));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/usage/summary/',
      headers: bearer(u.tokens.access, u.organization.id),
    });
    expect(res.json()).toMatchObject({
      credits: { remaining: 10, used: 0, max: 10 },
      storage: { max_mb: 30 },
      plan: { name: 'Free' },
      status: 'ACTIVE',
    });
  });
});

describe('the dashboard summary', () => {
  it('counts runs, success, credits, storage, months and recent work from the real records', async () => {
    const u = await registerUser(t.app);
    const h = bearer(u.tokens.access, u.organization.id);
    const a = await upload(h, 300);
    const b = await upload(h, 320);
    fake.plan({ kind: 'read' });
    await t.app.inject({ method: 'POST', url: `/api/v1/attachments/${a.id}/ocr/`, headers: h, payload: {} });
    await untilSettled(h);
    fake.plan({ kind: 'file-error', code: 'CORRUPT_FILE' });
    await t.app.inject({ method: 'POST', url: `/api/v1/attachments/${b.id}/enhanced-ocr/`, headers: h });
    await untilSettled(h);

    const res = await t.app.inject({ method: 'GET', url: '/api/v1/dashboard/summary', headers: h });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.ocr).toMatchObject({
      total_extractions: 2,
      successful: 1,
      failed: 1,
      processing: 0,
      success_rate: 50,
      recent_activity: 2,
    });
    // One normal run kept its credit; the failed advanced run gave its ten back.
    expect(d.credits).toEqual({ used: 1, remaining: 99, max: 100 });
    expect(d.storage.total_files).toBe(2);
    expect(d.storage.total_mb).toBeCloseTo((a.size + b.size) / 1024 / 1024, 2);
    expect(d.monthly_ocr).toHaveLength(6);
    expect(d.monthly_ocr.at(-1)).toEqual({
      month: new Date().toISOString().slice(0, 7),
      total: 2,
      successful: 1,
    });
    expect(d.recent_activity.ocr_extractions).toHaveLength(2);
    expect(d.recent_activity.ocr_extractions[0]).toMatchObject({
      attachment__original_name: 'f320.png',
      status: 'FAILED',
    });
    expect(d.recent_activity.files.map((f: { original_name: string }) => f.original_name)).toEqual([
      'f320.png',
      'f300.png',
    ]);
  });
});
