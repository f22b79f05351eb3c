import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { sweepLeftoverFiles } from '../../startup';
import { dataUrl, makeImage } from '../../test/fixtures';
import { bearer, createTestApp, json, registerUser, type TestApp } from '../../test/test-app';

let t: TestApp;
let h: Record<string, string>;
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp();
  const u = await registerUser(t.app);
  organizationId = u.organization.id;
  h = bearer(u.tokens.access, organizationId);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: h, ...(payload ? { payload } : {}) });

const listFiles = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
    .sort();

it('the start removes image files that no record refers to, and keeps every invoice its files', async () => {
  const customer = json<{ id: string }>(
    await call('POST', '/customers/', { name: 'Buyer', email: 'b@x.example' }),
  );
  const inv = json<{ id: string }>(
    await call('POST', '/invoices/', {
      customer_id: customer.id,
      issue_date: '2026-11-01',
      due_date: '2026-12-01',
      status: 'DRAFT',
      lines_data: [{ description: 'Work', quantity: 1, unit_price: '10.00' }],
    }),
  );
  const png = await makeImage('png');
  const upload = await call('POST', `/billing/invoices/${inv.id}/image/upload/`, {
    image_data: dataUrl('image/png', png),
    file_name: 'scan.png',
    file_type: 'image/png',
  });
  expect(upload.statusCode).toBe(200);
  // A deleted image is still referred to: it can be restored.
  const other = json<{ id: string }>(
    await call('POST', '/invoices/', {
      customer_id: customer.id,
      issue_date: '2026-11-01',
      due_date: '2026-12-01',
      status: 'DRAFT',
      lines_data: [{ description: 'Work', quantity: 1, unit_price: '10.00' }],
    }),
  );
  await call('POST', `/billing/invoices/${other.id}/image/upload/`, {
    image_data: dataUrl('image/png', png),
    file_name: 'other.png',
    file_type: 'image/png',
  });
  expect(
    (await call('POST', `/billing/invoices/${other.id}/image/delete/`, { reason: 'Wrong' })).statusCode,
  ).toBe(200);

  const filesDir = path.join(t.config.dataDir, 'files');
  const referenced = listFiles(filesDir);
  expect(referenced).toHaveLength(4);
  expect(referenced.every((f) => f.startsWith(path.join(organizationId, 'attachments')))).toBe(true);
  // What a crash leaves: an upload's files whose record never committed, and an unfinished write.
  const orphan = path.join(filesDir, organizationId, 'attachments', crypto.randomUUID());
  fs.mkdirSync(orphan);
  fs.writeFileSync(path.join(orphan, 'original.png'), png);
  fs.writeFileSync(path.join(orphan, 'preview.webp'), png);
  fs.writeFileSync(path.join(orphan, 'original.png.0123456789ab.tmp'), png);
  // Old enough for any database: on PostgreSQL other processes may be serving, and only files older than
  // an hour are swept.
  const old = new Date(Date.now() - 2 * 3_600_000);
  for (const f of listFiles(filesDir)) fs.utimesSync(path.join(filesDir, f), old, old);
  // One written a moment ago is left alone on PostgreSQL; the embedded database is this process's alone.
  const young = path.join(organizationId, 'attachments', crypto.randomUUID(), 'original.png');
  fs.mkdirSync(path.dirname(path.join(filesDir, young)));
  fs.writeFileSync(path.join(filesDir, young), png);

  const logged: string[] = [];
  await sweepLeftoverFiles(t.config, t.database, (line) => logged.push(line));
  const youngKept = t.database.kind === 'postgres';
  expect(listFiles(filesDir)).toEqual([...referenced, ...(youngKept ? [young] : [])].sort());
  expect(logged).toEqual([
    `Removed stored files left by an interrupted run: 1 unfinished, ${youngKept ? 2 : 3} that no record refers to.`,
  ]);
  const shown = json<{ image_url: string; image_preview_url: string }>(
    await call('GET', `/invoices/${inv.id}/`),
  );
  for (const url of [shown.image_url, shown.image_preview_url]) {
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  }
  const restored = await call('POST', `/billing/invoices/${other.id}/image/restore/`);
  expect(restored.statusCode).toBe(200);
});
