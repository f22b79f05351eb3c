import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-app';
import {
  callServer,
  killAllServerProcesses,
  startServerProcess,
  startWorkerProcess,
} from '../../test/server-process';

/*
 * On PostgreSQL the OCR workers can run as processes of their own (npm run worker) beside API processes that
 * run none: a run started through the API is read by the worker process, and its progress reaches the page's
 * event stream, served by the API process, through the database's notifications.
 */

const sample = path.resolve(
  import.meta.dirname,
  '../../../../../packages/ocr/test/fixtures/invoices/dev-001.png',
);
let dataDir = '';

afterAll(() => {
  killAllServerProcesses();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('OCR workers in a process of their own', () => {
  it(
    'read a run started through the API and push its progress to the page',
    { timeout: 180_000 },
    async () => {
      const database = await openTestDatabase();
      const url = database.url!;
      await database.close();
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-worker-'));
      const env = { DATABASE_URL: url, JWT_SECRET: 'worker-test-secret-that-is-long-enough' };
      const server = await startServerProcess(dataDir, { ...env, OCR_WORKERS: '0' });
      await startWorkerProcess(dataDir, { ...env, OCR_WORKERS: '1' });

      const reg = await callServer(server.base, 'POST', '/auth/register', undefined, {
        email: 'worker@example.com',
        password: 'correct-horse-battery',
        organization_name: 'Worker Co',
      });
      expect(reg.status).toBe(201);
      const headers = {
        authorization: `Bearer ${(reg.body.tokens as { access: string }).access}`,
        'x-organization-id': (reg.body.organization as { id: string }).id,
      };
      const form = new FormData();
      form.append('file', new Blob([fs.readFileSync(sample)], { type: 'image/png' }), 'invoice.png');
      const uploaded = await fetch(`${server.base}/api/v1/attachments/`, {
        method: 'POST',
        headers,
        body: form,
      });
      expect(uploaded.status).toBe(201);
      const file = ((await uploaded.json()) as { id: string }).id;

      const controller = new AbortController();
      const stream = await fetch(`${server.base}/api/v1/ocr/events/`, { headers, signal: controller.signal });
      const statuses: string[] = [];
      const reading = (async () => {
        const reader = stream.body!.getReader();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += Buffer.from(value).toString();
          for (const data of buffer.match(/^data: .*$/gm) ?? []) {
            statuses.push((JSON.parse(data.slice(6)) as { status: string }).status);
          }
          buffer = buffer.slice(buffer.lastIndexOf('\n\n') + 2);
          if (statuses.includes('DONE') || statuses.includes('FAILED')) return;
        }
      })();
      const started = await fetch(`${server.base}/api/v1/attachments/${file}/ocr/`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(started.status).toBe(202);
      const id = ((await started.json()) as { extraction_id: string }).extraction_id;
      await reading;
      controller.abort();
      expect(statuses).toContain('PROCESSING');
      expect(statuses.at(-1)).toBe('DONE');
      const run = await fetch(`${server.base}/api/v1/ocr/${id}/`, { headers });
      expect(
        ((await run.json()) as { status: string; fields_json: { total: string } }).fields_json.total,
      ).toBeTruthy();
    },
  );
});
