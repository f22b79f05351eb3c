import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, count, eq, sum } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { creditBuckets, creditMovements } from '../../schema';
import { openTestDatabase } from '../../test/test-app';
import {
  callServer,
  killAllServerProcesses,
  killServerProcess,
  openServerDatabase,
  seedServerFolder,
  startServerProcess,
} from '../../test/server-process';
import { startTapImitation, type TapImitation } from './gateways/tap/tap.imitation';

/*
 * The real server paying through Tap's local imitation, killed with SIGKILL after the gateway has taken the
 * payer's money and before the server learned of it (the imitation withholds its notification and the payer
 * never comes back to the result page), then started again on the same database: the status check the
 * server runs at its start must grant the purchase, once. On the embedded database in a folder of its own,
 * and on PostgreSQL in the suites that run there.
 */

const onPostgres = process.env.TEST_DB === 'postgres';
let dataDir = '';
let tap: TapImitation | null = null;
let database: Awaited<ReturnType<typeof openTestDatabase>> | null = null;

afterAll(async () => {
  killAllServerProcesses();
  await tap?.close();
  await database?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

type Call = Awaited<ReturnType<typeof callServer>>;

const expectStatus = (answer: Call, status: number) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  return answer.body;
};

/** Asks until `done` holds for the answer, or gives up after `ms` (a loaded machine starts slowly). */
const pollUntil = async (ask: () => Promise<Call>, done: (answer: Call) => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  let answer = await ask();
  while (!done(answer) && Date.now() < deadline) {
    await sleep(250);
    answer = await ask();
  }
  return answer;
};

describe('a server killed between the gateway confirming a payment and fulfilling it', () => {
  it(
    'grants the purchase once after it is started again, through its status check',
    { timeout: 180_000 },
    async () => {
      tap = await startTapImitation({ switches: { withholdNotifications: true } });
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-payment-kill-'));
      const env: Record<string, string> = {
        ...tap.env,
        PAYMENT_SANDBOX: 'off',
        OCR_WORKERS: '1',
        JWT_SECRET: 'payment-kill-secret-that-is-long-enough',
      };
      if (onPostgres) {
        database = await openTestDatabase();
        env.DATABASE_URL = database.url!;
      } else {
        await seedServerFolder(dataDir);
      }

      let server = await startServerProcess(dataDir, env);
      const registered = expectStatus(
        await callServer(server.base, 'POST', '/auth/register', undefined, {
          email: 'kill-pay@example.com',
          password: 'correct-horse-battery',
          organization_name: 'Kill Pay Co',
        }),
        201,
      );
      const organizationId = (registered.organization as { id: string }).id;
      const session = `${(registered.tokens as { access: string }).access} ${organizationId}`;
      const credits = async (base: string) =>
        expectStatus(await callServer(base, 'GET', '/usage/enhanced', session), 200).credits as {
          remaining: number;
          extra: number;
        };
      const before = await credits(server.base);
      expect(before.extra).toBe(0);

      // 10 extra credits with mada: Tap's hosted page.
      const created = expectStatus(
        await callServer(server.base, 'POST', '/billing/payments/create/', session, {
          payment_method: 'mada',
          payment_type: 'credits',
          amount: '10.00',
          credits: 10,
        }),
        200,
      );
      expect(created.success).toBe(true);
      const paymentId = created.payment_id as string;
      const gatewayUrl = created.gateway_url as string;
      expect(gatewayUrl.startsWith(tap.url)).toBe(true);

      // The payer pays on Tap's page; the browser is sent back, but never arrives.
      const paid = await fetch(gatewayUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=pay',
        redirect: 'manual',
      });
      expect(paid.status).toBe(303);
      const chargeId = new URL(paid.headers.get('location')!).searchParams.get('tap_id')!;
      expect(tap.charge(chargeId)?.status).toBe('CAPTURED');
      await tap.settle();
      expect(tap.notifications).toEqual([]);

      // The server does not know yet: the payment waits, nothing is granted.
      const pending = expectStatus(
        await callServer(server.base, 'GET', `/billing/payments/${paymentId}/`, session),
        200,
      );
      expect(pending.status).toBe('PENDING');
      expect((await credits(server.base)).extra).toBe(0);

      await killServerProcess(server);
      server = await startServerProcess(dataDir, env);

      // Nobody asks about the payment: only the server's own status check can find it paid.
      const view = await pollUntil(
        () => callServer(server.base, 'GET', `/billing/payments/${paymentId}/`, session),
        (answer) => answer.body.status !== 'PENDING',
        60_000,
      );
      expect(view.body.status).toBe('SUCCEEDED');
      const after = await credits(server.base);
      expect(after.extra).toBe(10);
      expect(after.remaining).toBe(before.remaining + 10);

      // The payer comes back at last, twice: nothing more is granted.
      for (let visit = 0; visit < 2; visit += 1) {
        const verified = expectStatus(
          await callServer(server.base, 'POST', `/billing/payments/${paymentId}/verify/`, session),
          200,
        );
        expect(verified.status).toBe('SUCCEEDED');
      }
      expect(await credits(server.base)).toEqual(after);

      server.child.kill('SIGTERM');
      await server.exited;
      database ??= await openServerDatabase(dataDir);
      const [purchase] = await database.db
        .select({ movements: count(), total: sum(creditMovements.amount) })
        .from(creditMovements)
        .innerJoin(creditBuckets, eq(creditBuckets.id, creditMovements.bucketId))
        .where(and(eq(creditBuckets.paymentId, paymentId), eq(creditMovements.kind, 'extra_purchase')));
      expect(purchase).toEqual({ movements: 1, total: '10' });
      const [ledger] = await database.db
        .select({ total: sum(creditMovements.amount) })
        .from(creditMovements)
        .where(eq(creditMovements.organizationId, organizationId));
      expect(Number(ledger!.total)).toBe(after.remaining);
    },
  );
});
