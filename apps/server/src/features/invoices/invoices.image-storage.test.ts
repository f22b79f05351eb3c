import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { toMb } from '@invoicing/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plans, subscriptions } from '../../schema';
import { dataUrl, makeNoiseImage } from '../../test/fixtures';
import { bearer, createTestApp, json, registerUser, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Inv = {
  id: string;
  image_status: string;
  image_url: string | null;
  image_preview_url: string | null;
  image_name: string | null;
  has_image: boolean;
};
type Usage = { total_files: number; used_bytes: number; total_size_mb: number; limit_mb: number };

/** A new organization with a customer, and calls in its name. */
const organization = async () => {
  const u = await registerUser(t.app);
  const h = bearer(u.tokens.access, u.organization.id);
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: h, ...(payload ? { payload } : {}) });
  const customer = json<{ id: string }>(
    await call('POST', '/customers/', { name: 'Buyer', email: 'buyer@example.com' }),
  );
  const invoice = async () =>
    json<Inv>(
      await call('POST', '/invoices/', {
        customer_id: customer.id,
        issue_date: '2026-11-01',
        due_date: '2026-12-01',
        status: 'DRAFT',
        lines_data: [{ description: 'Work', quantity: 1, unit_price: '10.00' }],
      }),
    );
  const upload = (id: string, png: Buffer, name = 'scan.png') =>
    call('POST', `/billing/invoices/${id}/image/upload/`, {
      image_data: dataUrl('image/png', png),
      file_name: name,
      file_type: 'image/png',
    });
  const usage = async () => json<Usage>(await call('GET', '/attachments/storage-usage/'));
  const files = () => {
    const dir = path.join(t.config.dataDir, 'files', u.organization.id);
    return fs.existsSync(dir)
      ? fs
          .readdirSync(dir, { recursive: true, withFileTypes: true })
          .filter((e) => e.isFile())
          .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
          .sort()
      : [];
  };
  return { u, call, invoice, upload, usage, files };
};

/** The attachment an image link names. */
const attachmentOf = (url: string) => /\/files\/attachments\/([0-9a-f-]{36})\//.exec(url)![1]!;

describe("an invoice's image is a stored file of its organization", () => {
  it('counts in the storage usage and the usage summary, deleted or shown, but is not in the file list', async () => {
    const o = await organization();
    const inv = await o.invoice();
    const png = await makeNoiseImage(120, 120);
    const up = await o.upload(inv.id, png);
    expect(up.statusCode).toBe(200);
    const shown = json<Inv>(up);
    expect(await o.usage()).toMatchObject({
      total_files: 1,
      used_bytes: png.length,
      total_size_mb: toMb(png.length),
    });
    const summary = json<{ storage: { used_mb: number; remaining_mb: number; max_mb: number } }>(
      await o.call('GET', '/usage/summary/'),
    );
    expect(summary.storage.used_mb).toBe(toMb(png.length));
    expect(summary.storage.remaining_mb).toBe(toMb(summary.storage.max_mb * 1024 * 1024 - png.length));

    // The file manager lists the files the user uploaded; an invoice's image is the invoice's.
    expect(json<{ count: number }>(await o.call('GET', '/attachments/')).count).toBe(0);
    const id = attachmentOf(shown.image_url!);
    expect((await o.call('GET', `/attachments/${id}/`)).statusCode).toBe(404);
    expect((await o.call('DELETE', `/attachments/${id}/`)).statusCode).toBe(404);
    expect((await o.call('POST', `/attachments/${id}/ocr/`, {})).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: shown.image_url! })).statusCode).toBe(200);

    // A deleted image is still stored, to be restored: it still counts.
    const deleted = await o.call('POST', `/billing/invoices/${inv.id}/image/delete/`, { reason: 'Blurred' });
    expect(deleted.statusCode).toBe(200);
    expect(await o.usage()).toMatchObject({ total_files: 1, used_bytes: png.length });
    expect(o.files()).toHaveLength(2);
  });

  it('frees the space of an image when a new one replaces it, and when its invoice is deleted', async () => {
    const o = await organization();
    const inv = await o.invoice();
    const first = await makeNoiseImage(100, 100);
    const second = await makeNoiseImage(140, 140);
    expect((await o.upload(inv.id, first)).statusCode).toBe(200);
    const [firstFiles] = [o.files()];
    expect(firstFiles).toHaveLength(2);
    // Replaced while deleted: the deleted image can no longer be restored, and is gone.
    await o.call('POST', `/billing/invoices/${inv.id}/image/delete/`, { reason: 'Wrong page' });
    const replaced = json<Inv>(await o.upload(inv.id, second, 'second.png'));
    expect(replaced).toMatchObject({ image_status: 'available', image_name: 'second.png' });
    expect(await o.usage()).toMatchObject({ total_files: 1, used_bytes: second.length });
    expect(o.files()).toHaveLength(2);
    expect(o.files().filter((f) => firstFiles.includes(f))).toEqual([]);

    const other = await o.invoice();
    expect((await o.upload(other.id, first)).statusCode).toBe(200);
    expect(await o.usage()).toMatchObject({ total_files: 2, used_bytes: first.length + second.length });
    expect((await o.call('DELETE', `/invoices/${inv.id}/`)).statusCode).toBe(204);
    expect(await o.usage()).toMatchObject({ total_files: 1, used_bytes: first.length });
    expect(o.files()).toHaveLength(2);
    expect((await t.app.inject({ method: 'GET', url: replaced.image_url! })).statusCode).toBe(404);
  });

  it('refuses an image past the quota with the upgrade options and leaves the invoice as it was', async () => {
    const o = await organization();
    // A plan of 1 MB for this organization alone.
    const [tiny] = await t.system.db
      .insert(plans)
      .values({
        code: `tiny-${o.u.organization.id}`,
        name: 'Tiny',
        priceMonthly: '0.00',
        priceYearly: '0.00',
        creditsPerMonth: 1,
        maxStorageMb: 1,
      })
      .returning();
    await t.system.db
      .update(subscriptions)
      .set({ planId: tiny!.id })
      .where(eq(subscriptions.organizationId, o.u.organization.id));
    // Each about 600 KB: one fits in 1 MB, two do not.
    const a = await makeNoiseImage(450, 450);
    const b = await makeNoiseImage(450, 450);
    const kept = await o.invoice();
    expect((await o.upload(kept.id, a, 'a.png')).statusCode).toBe(200);
    const before = json<Inv>(await o.call('GET', `/invoices/${kept.id}/`));
    const filesBefore = o.files();

    const other = await o.invoice();
    const refused = await o.upload(other.id, b, 'b.png');
    expect(refused.statusCode).toBe(403);
    expect(json(refused)).toMatchObject({
      detail: 'Storage limit reached',
      code: 'STORAGE_LIMIT_REACHED',
      upgrade_required: true,
      limit_type: 'storage',
      limit: 1,
      current_usage: toMb(a.length),
      upgrade_options: { buy_extra_storage: expect.any(String), upgrade_plan: expect.any(String) },
    });
    expect(json<Inv>(await o.call('GET', `/invoices/${other.id}/`))).toMatchObject({
      image_status: 'no_image',
      image_url: null,
      has_image: false,
    });
    // A deleted image refused a replacement stays deleted, and can still be restored.
    await o.call('POST', `/billing/invoices/${kept.id}/image/delete/`, { reason: 'Check' });
    const third = await o.invoice();
    expect((await o.upload(third.id, b)).statusCode).toBe(403);
    await o.call('POST', `/billing/invoices/${kept.id}/image/restore/`);
    const after = json<Inv>(await o.call('GET', `/invoices/${kept.id}/`));
    expect(after).toMatchObject({ image_status: 'available', image_name: 'a.png' });
    expect(attachmentOf(after.image_url!)).toBe(attachmentOf(before.image_url!));
    expect(await o.usage()).toMatchObject({ total_files: 1, used_bytes: a.length });
    expect(o.files()).toEqual(filesBefore);

    // A replacement needs only the space the replaced image does not free.
    const swapped = await o.upload(kept.id, b, 'b.png');
    expect(swapped.statusCode).toBe(200);
    expect(json<Inv>(swapped).image_name).toBe('b.png');
    expect(await o.usage()).toMatchObject({ total_files: 1, used_bytes: b.length });
  });
});
