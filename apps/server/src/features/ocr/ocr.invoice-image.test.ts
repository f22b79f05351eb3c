import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFakeOcr } from '../../test/fake-ocr';
import { dataUrl, makeImage, makeNoiseImage, multipartBody } from '../../test/fixtures';
import { bearer, createTestApp, json, registerUser, type TestApp } from '../../test/test-app';

const fake = createFakeOcr();
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({}, { workers: { concurrency: 2, ocr: fake.engine } });
});
afterAll(() => t.close());

type Inv = {
  id: string;
  number: string;
  image_status: string;
  image_url: string | null;
  image_preview_url: string | null;
  image_name: string | null;
  image_deleted_at: string | null;
  image_deletion_reason: string | null;
  has_image: boolean;
};
type FileItem = { id: string; original_name: string; size: number; file_url: string };
type Usage = { total_files: number; used_bytes: number };

/** A new organization, with calls in its name. */
const organization = async () => {
  const u = await registerUser(t.app);
  const h = bearer(u.tokens.access, u.organization.id);
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api/v1${url}`, headers: h, ...(payload ? { payload } : {}) });
  const upload = async (bytes: Buffer, filename: string) => {
    const body = multipartBody([
      { name: 'kind', value: 'INVOICE_UPLOAD' },
      { name: 'file', value: bytes, filename },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/attachments/',
      headers: { ...h, ...body.headers },
      payload: body.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    return json<FileItem>(res);
  };
  /** A finished OCR run of the file. */
  const read = async (fileId: string) => {
    const started = await call('POST', `/attachments/${fileId}/ocr/`);
    expect(started.statusCode, started.body).toBe(202);
    const id = json<{ extraction_id: string }>(started).extraction_id;
    const end = Date.now() + 60_000;
    for (;;) {
      const run = json<{ status: string }>(await call('GET', `/ocr/${id}/`));
      if (run.status === 'DONE') return id;
      if (run.status !== 'PROCESSING' || Date.now() > end) throw new Error(`run ended ${run.status}`);
      await sleep(100);
    }
  };
  const apply = async (extractionId: string) => {
    const res = await call('POST', `/ocr/${extractionId}/apply/`);
    expect(res.statusCode, res.body).toBe(200);
    return json<{ invoice_id: string }>(res).invoice_id;
  };
  const invoice = async (id: string) => json<Inv>(await call('GET', `/invoices/${id}/`));
  const usage = async () => json<Usage>(await call('GET', '/attachments/storage-usage/'));
  const listed = async () => json<{ results: FileItem[] }>(await call('GET', '/attachments/')).results;
  const fetchFile = (url: string) => t.app.inject({ method: 'GET', url });
  return { call, upload, read, apply, invoice, usage, listed, fetchFile };
};

/** A file uploaded, read and made an invoice. */
const invoiceFromScan = async (o: Awaited<ReturnType<typeof organization>>, name = 'scan.png') => {
  const bytes = await makeImage('png', 320, 240);
  const file = await o.upload(bytes, name);
  const invoiceId = await o.apply(await o.read(file.id));
  return { bytes, file, invoiceId };
};

describe('an invoice made from an OCR result', () => {
  it('shows the file it was read from as its image, stored once', async () => {
    const o = await organization();
    const bytes = await makeImage('png', 320, 240);
    const file = await o.upload(bytes, 'March receipt.png');
    const run = await o.read(file.id);
    const before = await o.usage();
    expect(before).toEqual(expect.objectContaining({ total_files: 1, used_bytes: bytes.length }));

    const inv = await o.invoice(await o.apply(run));
    expect(inv).toMatchObject({
      image_status: 'available',
      has_image: true,
      image_name: 'March receipt.png',
    });
    const original = await o.fetchFile(inv.image_url!);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/png');
    expect(original.rawPayload.equals(bytes)).toBe(true);
    const preview = await o.fetchFile(inv.image_preview_url!);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('image/webp');
    // The same file: nothing more is stored or counted.
    expect(await o.usage()).toEqual(before);
    expect((await o.listed()).map((f) => f.id)).toEqual([file.id]);
    const list = json<{ results: { id: string; has_image: boolean; image_status: string }[] }>(
      await o.call('GET', '/invoices/'),
    );
    expect(list.results.find((r) => r.id === inv.id)).toMatchObject({
      has_image: true,
      image_status: 'available',
    });
  });

  it('deletes and restores its image as any invoice, the file staying in the file manager', async () => {
    const o = await organization();
    const { file, invoiceId } = await invoiceFromScan(o);
    const deleted = await o.call('POST', `/billing/invoices/${invoiceId}/image/delete/`, {
      reason: 'Wrong page',
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await o.invoice(invoiceId)).toMatchObject({
      image_status: 'deleted',
      has_image: false,
      image_url: null,
      image_deletion_reason: 'Wrong page',
    });
    expect((await o.listed()).map((f) => f.id)).toEqual([file.id]);
    const restored = await o.call('POST', `/billing/invoices/${invoiceId}/image/restore/`);
    expect(restored.statusCode, restored.body).toBe(200);
    const inv = await o.invoice(invoiceId);
    expect(inv).toMatchObject({ image_status: 'available', has_image: true, image_name: 'scan.png' });
    expect((await o.fetchFile(inv.image_url!)).statusCode).toBe(200);
  });

  it('leaves the file in the file manager, with its bytes counted, when the invoice is deleted', async () => {
    const o = await organization();
    const { bytes, file, invoiceId } = await invoiceFromScan(o);
    const removed = await o.call('DELETE', `/invoices/${invoiceId}/`);
    expect(removed.statusCode, removed.body).toBe(204);
    const [listed] = await o.listed();
    expect(listed).toMatchObject({ id: file.id, original_name: 'scan.png', size: bytes.length });
    expect(await o.usage()).toMatchObject({ total_files: 1, used_bytes: bytes.length });
    const served = await o.fetchFile(listed!.file_url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('keeps the file in the file manager when a new upload replaces the image', async () => {
    const o = await organization();
    const { bytes, file, invoiceId } = await invoiceFromScan(o);
    const png = await makeNoiseImage(120, 120);
    const replaced = await o.call('POST', `/billing/invoices/${invoiceId}/image/upload/`, {
      image_data: dataUrl('image/png', png),
      file_name: 'clearer.png',
      file_type: 'image/png',
    });
    expect(replaced.statusCode, replaced.body).toBe(200);
    const inv = json<Inv>(replaced);
    expect(inv).toMatchObject({ image_status: 'available', image_name: 'clearer.png' });
    expect((await o.fetchFile(inv.image_url!)).rawPayload.equals(png)).toBe(true);
    const [listed] = await o.listed();
    expect(listed).toMatchObject({ id: file.id, size: bytes.length });
    expect((await o.fetchFile(listed!.file_url)).rawPayload.equals(bytes)).toBe(true);
    expect(await o.usage()).toMatchObject({ total_files: 2, used_bytes: bytes.length + png.length });

    // The invoice's own image goes with the invoice; the uploaded file stays.
    expect((await o.call('DELETE', `/invoices/${invoiceId}/`)).statusCode).toBe(204);
    expect(await o.usage()).toMatchObject({ total_files: 1, used_bytes: bytes.length });
    expect((await o.fetchFile(inv.image_url!)).statusCode).toBe(404);
  });

  it('loses its image when the file is deleted from the file manager', async () => {
    const o = await organization();
    const { file, invoiceId } = await invoiceFromScan(o);
    const shown = await o.invoice(invoiceId);
    expect((await o.call('DELETE', `/attachments/${file.id}/`)).statusCode).toBe(204);
    const inv = await o.invoice(invoiceId);
    expect(inv).toMatchObject({
      image_status: 'no_image',
      has_image: false,
      image_url: null,
      image_preview_url: null,
      image_name: null,
    });
    expect((await o.fetchFile(shown.image_url!)).statusCode).toBe(404);
    expect(await o.usage()).toMatchObject({ total_files: 0, used_bytes: 0 });
    // Without an image, it can be given one.
    const png = await makeNoiseImage(80, 80);
    const upload = await o.call('POST', `/billing/invoices/${invoiceId}/image/upload/`, {
      image_data: dataUrl('image/png', png),
      file_name: 'new.png',
      file_type: 'image/png',
    });
    expect(upload.statusCode, upload.body).toBe(200);
  });

  it('loses a deleted image, and the deletion with it, when the file is deleted from the file manager', async () => {
    const o = await organization();
    const { file, invoiceId } = await invoiceFromScan(o);
    await o.call('POST', `/billing/invoices/${invoiceId}/image/delete/`, { reason: 'Blurred' });
    expect((await o.call('DELETE', `/attachments/${file.id}/`)).statusCode).toBe(204);
    expect(await o.invoice(invoiceId)).toMatchObject({
      image_status: 'no_image',
      has_image: false,
      image_deleted_at: null,
      image_deletion_reason: null,
      image_name: null,
    });
    const restore = await o.call('POST', `/billing/invoices/${invoiceId}/image/restore/`);
    expect(restore.statusCode).toBe(409);
  });

  it('gives the file to the first invoice made of it: a second run of it makes an invoice without an image', async () => {
    const o = await organization();
    const { file, invoiceId } = await invoiceFromScan(o);
    const second = await o.invoice(await o.apply(await o.read(file.id)));
    expect(second.id).not.toBe(invoiceId);
    expect(second).toMatchObject({ image_status: 'no_image', has_image: false, image_url: null });
    expect(await o.invoice(invoiceId)).toMatchObject({ image_status: 'available', has_image: true });

    // Once the first invoice is deleted, the file is free: a further run's invoice shows it.
    expect((await o.call('DELETE', `/invoices/${invoiceId}/`)).statusCode).toBe(204);
    const third = await o.invoice(await o.apply(await o.read(file.id)));
    expect(third).toMatchObject({ image_status: 'available', image_name: 'scan.png' });
  });

  it('gives the file to one invoice when two runs of it are applied at once', async () => {
    const o = await organization();
    const file = await o.upload(await makeImage('png', 300, 220), 'twice.png');
    const runs = [await o.read(file.id), await o.read(file.id)];
    const answers = await Promise.all(runs.map((run) => o.call('POST', `/ocr/${run}/apply/`)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const made = await Promise.all(answers.map((a) => o.invoice(json<{ invoice_id: string }>(a).invoice_id)));
    expect(made.map((i) => i.has_image).sort()).toEqual([false, true]);
  });

  it('either makes the invoice or deletes the file when both are asked at once', async () => {
    const o = await organization();
    const file = await o.upload(await makeImage('png', 310, 230), 'race.png');
    const run = await o.read(file.id);
    const [applied, removed] = await Promise.all([
      o.call('POST', `/ocr/${run}/apply/`),
      o.call('DELETE', `/attachments/${file.id}/`),
    ]);
    expect(removed.statusCode, removed.body).toBe(204);
    if (applied.statusCode === 200) {
      // Made first: the file's deletion then took the image away.
      const inv = await o.invoice(json<{ invoice_id: string }>(applied).invoice_id);
      expect(inv).toMatchObject({ image_status: 'no_image', has_image: false });
    } else {
      // Deleted first: the run went with its file.
      expect(applied.statusCode, applied.body).toBe(404);
    }
    expect(await o.usage()).toMatchObject({ total_files: 0, used_bytes: 0 });
  });
});
