import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizationStorage, plans, subscriptions } from '../../schema';
import { makeImage, makeNoiseImage, makePdf, multipartBody } from '../../test/fixtures';
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

type Uploaded = {
  id: string;
  original_name: string;
  mime: string;
  size: number;
  size_mb: number;
  file_url: string;
  preview_url: string | null;
  sha256: string;
  has_extraction: boolean;
  extraction_status: string | null;
  duplicate_of: { id: string; original_name: string } | null;
};

const upload = (
  data: Buffer,
  filename = 'scan.png',
  headers: Record<string, string> = h,
  extra: { name: string; value: string }[] = [{ name: 'kind', value: 'INVOICE_UPLOAD' }],
) => {
  const body = multipartBody([...extra, { name: 'file', value: data, filename, contentType: 'image/png' }]);
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/attachments/',
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
};

describe('uploading invoice files', () => {
  it('stores a picture, checked by content, and serves it by a signed link', async () => {
    const png = await makeImage('png', 600, 400);
    const res = await upload(png, 'فاتورة مارس.png');
    expect(res.statusCode, res.body).toBe(201);
    const file = json<Uploaded>(res);
    expect(file).toMatchObject({
      original_name: 'فاتورة مارس.png',
      mime: 'image/png',
      size: png.length,
      has_extraction: false,
      extraction_status: null,
      duplicate_of: null,
    });
    expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);

    const original = await t.app.inject({ method: 'GET', url: file.file_url });
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    expect(original.rawPayload.equals(png)).toBe(true);
    const preview = await t.app.inject({ method: 'GET', url: file.preview_url! });
    expect(preview.headers['content-type']).toBe('image/webp');

    // A link altered or of another file does not work.
    const forged = file.file_url.replace(/sig=[^&]+/, 'sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
    expect((await t.app.inject({ method: 'GET', url: forged })).statusCode).toBe(404);
  });

  it('offers a PDF as a download, never shown inside the product', async () => {
    const res = await upload(makePdf('Invoice INV-7'), 'invoice.pdf');
    expect(res.statusCode, res.body).toBe(201);
    const file = json<Uploaded>(res);
    expect(file.mime).toBe('application/pdf');
    const original = await t.app.inject({ method: 'GET', url: file.file_url });
    expect(original.headers['content-disposition']).toMatch(/^attachment; filename\*=UTF-8''invoice\.pdf$/);
    expect(original.headers['content-type']).toBe('application/pdf');
  });

  it('warns that a file is a duplicate of an earlier one of the organization', async () => {
    const png = await makeImage('png', 320, 200);
    const first = json<Uploaded>(await upload(png, 'first.png'));
    const second = json<Uploaded>(await upload(png, 'again.png'));
    expect(second.duplicate_of).toMatchObject({ id: first.id, original_name: 'first.png' });
    // Another organization's identical file is none of its business.
    const other = await registerUser(t.app);
    const theirs = json<Uploaded>(
      await upload(png, 'theirs.png', bearer(other.tokens.access, other.organization.id)),
    );
    expect(theirs.duplicate_of).toBeNull();
  });

  it('refuses what is not a JPG, PNG, WEBP or PDF by its content, whatever its name', async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/v1/attachments/storage-usage/',
      headers: h,
    });
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    const res = await upload(html, 'invoice.png');
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'UNSUPPORTED_FILE_TYPE',
      errors: { file: ['Please select a valid image file (JPG, PNG, WEBP) or PDF'] },
    });
    const truncated = (await makeImage('png', 800, 600)).subarray(0, 200);
    const broken = await upload(truncated, 'cut.png');
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      code: 'FILE_UNREADABLE',
      detail: 'The file could not be read as an image or PDF. It is damaged or incomplete.',
    });
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/attachments/storage-usage/',
      headers: h,
    });
    expect(after.json()).toEqual(before.json());
  });

  it('refuses a file over 10 MB with the spec message', async () => {
    const big = Buffer.concat([await makeImage('png', 100, 100), Buffer.alloc(10 * 1024 * 1024)]);
    const res = await upload(big, 'big.png');
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({
      code: 'FILE_TOO_LARGE',
      errors: { file: ['File size must be less than 10MB'] },
    });
  });

  it('refuses a body without a file, and a file name that reorders text', async () => {
    const none = multipartBody([{ name: 'kind', value: 'INVOICE_UPLOAD' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/attachments/',
      headers: { ...h, ...none.headers },
      payload: none.payload,
    });
    expect(res.statusCode).toBe(400);
    const reordered = await upload(await makeImage('png'), 'invoice\u202egnp.exe');
    expect(reordered.statusCode).toBe(400);
    expect(reordered.json().errors.file).toEqual(['This text contains characters that are not allowed']);
    const json415 = await t.app.inject({
      method: 'POST',
      url: '/api/v1/attachments/',
      headers: h,
      payload: {},
    });
    expect(json415.statusCode).toBe(415);
  });
});

describe('listing and deleting files', () => {
  it('lists files newest first, searched by name, and frees the space of a deleted file at once', async () => {
    const u = await registerUser(t.app);
    const mine = bearer(u.tokens.access, u.organization.id);
    const a = json<Uploaded>(await upload(await makeImage('png', 300, 300), 'alpha.png', mine));
    const b = json<Uploaded>(await upload(await makeImage('jpeg', 300, 300), 'beta.jpg', mine));
    const list = json<{ count: number; results: Uploaded[] }>(
      await t.app.inject({ method: 'GET', url: '/api/v1/attachments/', headers: mine }),
    );
    expect(list.count).toBe(2);
    expect(list.results.map((r) => r.id)).toEqual([b.id, a.id]);
    const found = json<{ count: number; results: Uploaded[] }>(
      await t.app.inject({ method: 'GET', url: '/api/v1/attachments/?q=bet', headers: mine }),
    );
    expect(found.results.map((r) => r.original_name)).toEqual(['beta.jpg']);

    const usage = () =>
      t.app
        .inject({ method: 'GET', url: '/api/v1/attachments/storage-usage/', headers: mine })
        .then((r) => json<{ total_files: number; used_bytes: number; limit_mb: number }>(r));
    expect(await usage()).toMatchObject({ total_files: 2, used_bytes: a.size + b.size, limit_mb: 1024 });
    const del = await t.app.inject({ method: 'DELETE', url: `/api/v1/attachments/${a.id}/`, headers: mine });
    expect(del.statusCode).toBe(204);
    expect(await usage()).toMatchObject({ total_files: 1, used_bytes: b.size });
    expect((await t.app.inject({ method: 'GET', url: a.file_url })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/attachments/${a.id}/`, headers: mine })).statusCode,
    ).toBe(404);
  });
});

describe('the storage quota', () => {
  it('never lets concurrent uploads take more than the plan allows', async () => {
    const u = await registerUser(t.app);
    const mine = bearer(u.tokens.access, u.organization.id);
    // A plan of 1 MB for this organization alone.
    const [tiny] = await t.system.db
      .insert(plans)
      .values({
        code: `tiny-${u.organization.id}`,
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
      .where(eq(subscriptions.organizationId, u.organization.id));
    const file = await makeNoiseImage(200, 200); // about 120 KB
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => upload(file, `noise-${i}.png`, mine)),
    );
    const accepted = answers.filter((r) => r.statusCode === 201).length;
    const refused = answers.filter((r) => r.statusCode === 403);
    expect(accepted + refused.length).toBe(20);
    expect(accepted).toBe(Math.floor((1024 * 1024) / file.length));
    expect(refused[0]!.json()).toMatchObject({
      detail: 'Storage limit reached',
      code: 'STORAGE_LIMIT_REACHED',
      upgrade_required: true,
      limit_type: 'storage',
      limit: 1,
      upgrade_options: { buy_extra_storage: expect.any(String) },
    });
    const [stored] = await t.system.db
      .select()
      .from(organizationStorage)
      .where(eq(organizationStorage.organizationId, u.organization.id));
    expect(stored!.usedBytes).toBe(accepted * file.length);
    expect(stored!.usedBytes).toBeLessThanOrEqual(1024 * 1024);
    expect(stored!.fileCount).toBe(accepted);
  });
});
