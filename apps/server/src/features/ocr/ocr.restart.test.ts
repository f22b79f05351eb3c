import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import {
  callServer,
  killAllServerProcesses,
  killServerProcess,
  startServerProcess,
} from '../../test/server-process';

/*
 * The real server with the real OCR engine, killed with SIGKILL while one run is being read and five wait,
 * then started again on the same folder: every run must end DONE or FAILED (with its credits back) within
 * two minutes, and every file keep its record. Embedded database only.
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

const upload = async (base: string, session: string, i: number) => {
  const [token, organizationId] = session.split(' ');
  const form = new FormData();
  form.append('kind', 'INVOICE_UPLOAD');
  form.append('file', new Blob([fs.readFileSync(sample)], { type: 'image/png' }), `invoice-${i}.png`);
  const res = await fetch(`${base}/api/v1/attachments/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-organization-id': organizationId! },
    body: form,
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
};

type Run = { id: string; status: string; progress: { stage: string } | null; credits_refunded: number };

describe.skipIf(process.env.TEST_DB === 'postgres')('a server killed while OCR runs', () => {
  it(
    'ends every run DONE or FAILED with its credits back once started again',
    { timeout: 300_000 },
    async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-ocr-kill-'));
      // One run at a time, so that one is read while five wait.
      const env = { OCR_WORKERS: '1' };
      let server = await startServerProcess(dataDir, env);
      const reg = await callServer(server.base, 'POST', '/auth/register', undefined, {
        email: 'kill@example.com',
        password: 'correct-horse-battery',
        organization_name: 'Kill Co',
      });
      expect(reg.status).toBe(201);
      const session = `${(reg.body.tokens as { access: string }).access} ${(reg.body.organization as { id: string }).id}`;
      const files: string[] = [];
      for (let i = 0; i < 6; i += 1) files.push(await upload(server.base, session, i));
      const runs: string[] = [];
      for (const file of files) {
        const started = await callServer(server.base, 'POST', `/attachments/${file}/ocr/`, session, {});
        expect(started.status).toBe(202);
        runs.push(started.body.extraction_id as string);
      }
      // Killed the moment the engine is reading one of them.
      for (let i = 0; i < 600; i += 1) {
        const list = await callServer(server.base, 'GET', '/ocr/?page_size=10', session);
        const results = list.body.results as Run[];
        if (results.some((r) => r.status === 'PROCESSING' && r.progress && r.progress.stage !== 'queued'))
          break;
        await sleep(50);
      }
      await killServerProcess(server);

      server = await startServerProcess(dataDir, env);
      const restarted = Date.now();
      let results: Run[] = [];
      while (Date.now() - restarted < 120_000) {
        results = (await callServer(server.base, 'GET', '/ocr/?page_size=10', session)).body.results as Run[];
        if (results.length === 6 && results.every((r) => r.status !== 'PROCESSING')) break;
        await sleep(500);
      }
      expect(results.map((r) => r.status).filter((s) => s === 'PROCESSING')).toEqual([]);
      expect(results.map((r) => r.id).sort()).toEqual([...runs].sort());

      // A run kept its credit if it is DONE, and gave it back if it FAILED.
      const usage = await callServer(server.base, 'GET', '/usage/summary/', session);
      const done = results.filter((r) => r.status === 'DONE').length;
      expect((usage.body.credits as { used: number }).used).toBe(done);
      for (const r of results.filter((x) => x.status === 'FAILED')) expect(r.credits_refunded).toBe(1);
      // Every file kept its record, and every record its file.
      const listed = await callServer(server.base, 'GET', '/attachments/?page_size=10', session);
      expect((listed.body.results as unknown[]).length).toBe(6);
      server.child.kill('SIGTERM');
      await server.exited;
    },
  );
});
