import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig, type Config } from '../../config';
import { migrateDatabase } from '../../platform/db/migrate';
import { createSystemAccess } from '../../platform/db/system-access';
import { sweepLeftoverFiles } from '../../startup';
import { migrateUpTo, openEmptyTestDatabase } from '../../test/empty-database';
import { dataUrl, makeImage, makeNoiseImage } from '../../test/fixtures';
import { hashPassword } from '../../platform/auth/passwords';
import { bearer, json } from '../../test/test-app';
import { defaultPlanRows } from '../plans/plans.seed';
import { plans } from '../plans/plans.table';

/*
 * A database of the release before invoice images were attachments, with images stored the old way (columns
 * on the invoice, files under `<organization>/invoice-images/`), migrated to the current release.
 */

const LAST_MIGRATION_BEFORE = '0012_attachments-credits-ocr-grants';

let database: Awaited<ReturnType<typeof openEmptyTestDatabase>>['database'];
let dropDatabase = async () => undefined as void;
let config: Config;
let scratch: string;
let app: FastifyInstance | undefined;

const start = async () => {
  app = await buildApp({ config, database, logger: false });
  await app.ready();
  return app;
};

beforeAll(async () => {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-migration-'));
  config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: path.join(scratch, 'data'),
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(scratch, 'no-web'),
    REGISTER_MAX_PER_ADDRESS: '100000',
    AUTH_REQUESTS_PER_MINUTE: '100000',
  });
  ({ database, drop: dropDatabase } = await openEmptyTestDatabase());
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await dropDatabase();
  fs.rmSync(scratch, { recursive: true, force: true });
});

it('makes every stored invoice image an attachment counted in storage, its files left where they are', async () => {
  await migrateUpTo(database, LAST_MIGRATION_BEFORE, scratch);
  const system = createSystemAccess(database.db);
  // The plans as the old release's seed inserted them.
  await system.db.insert(plans).values(defaultPlanRows());
  // A user who owns an organization with a customer, written as the old release's tables held them (the
  // current release's registration writes columns the old tables do not have).
  const email = `mona-${crypto.randomUUID()}@example.com`;
  const password = 'correct-horse-battery';
  const userId = crypto.randomUUID();
  const org = crypto.randomUUID();
  const customer = { id: crypto.randomUUID() };
  const now = new Date();
  await system.db.execute(sql`insert into users (id, email, name, password_hash)
    values (${userId}, ${email}, 'Mona Salah', ${await hashPassword(password)})`);
  await system.db.execute(
    sql`insert into organizations (id, name, currency) values (${org}, 'Acme Trading', 'EGP')`,
  );
  await system.db.execute(sql`insert into memberships (organization_id, user_id, role)
    values (${org}, ${userId}, 'OWNER')`);
  await system.db.execute(sql`insert into subscriptions (organization_id, plan_id, status, trial_ends_at,
      current_period_start, current_period_end)
    select ${org}, id, 'TRIAL', ${new Date(now.getTime() + 14 * 86_400_000)}, ${now},
      ${new Date(now.getTime() + 14 * 86_400_000)}
    from plans where code = 'pro'`);
  await system.db.execute(sql`insert into customers (id, organization_id, name, email)
    values (${customer.id}, ${org}, 'Buyer', 'buyer@example.com')`);
  const u = { user: { id: userId } };

  // Two invoices with images as the old release stored them: one shown, one deleted (kept to be restored).
  const filesDir = path.join(config.dataDir, 'files');
  const folder = path.join(filesDir, org, 'invoice-images');
  fs.mkdirSync(folder, { recursive: true });
  const shownPng = await makeNoiseImage(60, 60);
  const deletedPng = await makeNoiseImage(80, 80);
  const preview = await makeImage('webp');
  const oldImage = async (png: Buffer, deleted: boolean) => {
    const invoiceId = crypto.randomUUID();
    const stem = `${org}/invoice-images/${invoiceId}-${crypto.randomUUID()}`;
    fs.writeFileSync(path.join(filesDir, `${stem}.png`), png);
    fs.writeFileSync(path.join(filesDir, `${stem}-preview.webp`), preview);
    await system.db.execute(sql`
      insert into invoices (id, organization_id, number, status, issue_date, due_date, currency, customer_id,
        subtotal, tax_rate, tax_amount, total, image_status, image_key, image_preview_key, image_mime,
        image_name, image_size, image_deleted_at, image_deleted_by, image_deletion_reason)
      values (${invoiceId}, ${org}, ${`INV-${invoiceId.slice(0, 6)}`}, 'DRAFT', '2026-11-01', '2026-12-01',
        'EGP', ${customer.id}, '10.00', '14.00', '1.40', '11.40', ${deleted ? 'deleted' : 'available'},
        ${`${stem}.png`}, ${`${stem}-preview.webp`}, 'image/png', ${deleted ? 'old.png' : 'scan.png'},
        ${png.length}, ${deleted ? new Date() : null}, ${deleted ? u.user.id : null},
        ${deleted ? 'Blurred' : null})`);
    return { invoiceId, keys: [`${stem}.png`, `${stem}-preview.webp`] };
  };
  const shown = await oldImage(shownPng, false);
  const deleted = await oldImage(deletedPng, true);
  // And what an interrupted upload of the old release left: a file no invoice refers to.
  const orphan = `${org}/invoice-images/${shown.invoiceId}-${crypto.randomUUID()}.png`;
  fs.writeFileSync(path.join(filesDir, orphan), shownPng);

  await migrateDatabase(database);
  const server = await start();
  const signedIn = json<{ access: string }>(
    await server.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } }),
  );
  const h = bearer(signedIn.access, org);
  const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
    server.inject({ method, url: `/api/v1${url}`, headers: h, ...(payload ? { payload } : {}) });

  type Inv = {
    image_status: string;
    image_url: string | null;
    image_preview_url: string | null;
    image_mime: string | null;
    image_name: string | null;
    image_deleted_by_name: string | null;
    image_deletion_reason: string | null;
    has_image: boolean;
  };
  const first = json<Inv>(await call('GET', `/invoices/${shown.invoiceId}/`));
  expect(first).toMatchObject({
    image_status: 'available',
    has_image: true,
    image_mime: 'image/png',
    image_name: 'scan.png',
  });
  const original = await server.inject({ method: 'GET', url: first.image_url! });
  expect(original.statusCode).toBe(200);
  expect(original.rawPayload.equals(shownPng)).toBe(true);
  const shownPreview = await server.inject({ method: 'GET', url: first.image_preview_url! });
  expect(shownPreview.rawPayload.equals(preview)).toBe(true);

  expect(json<Inv>(await call('GET', `/invoices/${deleted.invoiceId}/`))).toMatchObject({
    image_status: 'deleted',
    has_image: false,
    image_url: null,
    image_name: 'old.png',
    image_deleted_by_name: 'Mona Salah',
    image_deletion_reason: 'Blurred',
  });

  // Both images take their bytes of the organization's storage, and neither is in the file manager.
  const usage = () =>
    call('GET', '/attachments/storage-usage/').then((r) =>
      json<{ total_files: number; used_bytes: number }>(r),
    );
  expect(await usage()).toEqual(
    expect.objectContaining({ total_files: 2, used_bytes: shownPng.length + deletedPng.length }),
  );
  expect(json<{ count: number }>(await call('GET', '/attachments/')).count).toBe(0);
  const rows = (await system.db.execute(
    sql`select kind, storage_key, sha256 from attachments where organization_id = ${org} order by size`,
  )) as unknown as { rows: { kind: string; storage_key: string; sha256: string | null }[] };
  expect(rows.rows).toEqual([
    { kind: 'INVOICE_IMAGE', storage_key: shown.keys[0], sha256: null },
    { kind: 'INVOICE_IMAGE', storage_key: deleted.keys[0], sha256: null },
  ]);

  // The start's sweep knows the old keys: it keeps the images' files and removes the leftover.
  const old = new Date(Date.now() - 2 * 3_600_000);
  for (const key of [...shown.keys, ...deleted.keys, orphan]) {
    fs.utimesSync(path.join(filesDir, key), old, old);
  }
  await sweepLeftoverFiles(config, database, () => undefined);
  const stored = () =>
    fs
      .readdirSync(folder)
      .map((f) => `${org}/invoice-images/${f}`)
      .sort();
  expect(stored()).toEqual([...shown.keys, ...deleted.keys].sort());

  // The deleted image is restored from its kept file.
  const restored = json<{ invoice: Inv }>(
    await call('POST', `/billing/invoices/${deleted.invoiceId}/image/restore/`),
  );
  expect(restored.invoice.image_status).toBe('available');
  const back = await server.inject({ method: 'GET', url: restored.invoice.image_url! });
  expect(back.rawPayload.equals(deletedPng)).toBe(true);

  // Replacing a moved image frees its space and removes its files.
  const png = await makeImage('png');
  const replaced = await call('POST', `/billing/invoices/${shown.invoiceId}/image/upload/`, {
    image_data: dataUrl('image/png', png),
    file_name: 'new.png',
  });
  expect(replaced.statusCode).toBe(200);
  expect(stored()).toEqual([...deleted.keys].sort());
  expect(await usage()).toEqual(
    expect.objectContaining({ total_files: 2, used_bytes: png.length + deletedPng.length }),
  );
});
