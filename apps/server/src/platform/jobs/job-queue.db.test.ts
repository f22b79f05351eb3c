import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../schema';
import { createLogger } from '../logging/logger';
import { createTestApp, registerUser, type TestApp } from '../../test/test-app';
import { defineJob } from './define-job';
import { createJobQueue, type JobQueue } from './job-queue';

interface Deps {
  givenUp: { name: string; reason: string }[];
}

const payload = z.object({
  organizationId: z.uuid(),
  name: z.string(),
  mode: z.enum(['ok', 'throw', 'fail']),
});

/** Writes a customer through the job's organization scope: row-level security applies as for a request. */
const writeCustomer = defineJob<z.infer<typeof payload>, Deps>({
  name: 'test.write-customer',
  payload,
  retry: { limit: 1, delaySeconds: 1, backoff: false },
  expireInSeconds: 60,
  heartbeatSeconds: 10,
  handler: async ({ payload: p, scope }) => {
    if (p.mode === 'throw') throw new Error('the engine broke');
    if (p.mode === 'fail') return { status: 'failed', reason: 'the file is not an invoice' };
    await scope.run((tx) =>
      tx
        .insert(customers)
        .values({ organizationId: scope.organizationId, name: p.name })
        .onConflictDoNothing(),
    );
    return { status: 'done' };
  },
  onGiveUp: async ({ payload: p, reason }, deps) => {
    deps.givenUp.push({ name: p.name, reason });
  },
});

let t: TestApp;
let queue: JobQueue<Deps>;
const deps: Deps = { givenUp: [] };
let organizationId: string;

beforeAll(async () => {
  t = await createTestApp();
  organizationId = (await registerUser(t.app)).organization.id;
  queue = createJobQueue([writeCustomer], {
    database: t.database,
    system: t.system,
    log: createLogger('silent'),
    superviseIntervalSeconds: 1,
    pollingIntervalSeconds: 0.5,
  });
  await queue.start();
  await queue.work(deps, { concurrency: 2 });
}, 120_000);
afterAll(async () => {
  await queue.stop(5_000);
  await t.close();
});

const until = async (check: () => Promise<boolean> | boolean, timeoutMs = 60_000) => {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error('timed out waiting');
};

const customerNamed = async (name: string) =>
  (await t.system.db.select().from(customers).where(eq(customers.name, name))).at(0);

describe('the job queue', () => {
  it("runs a job in its organization's scope", async () => {
    await queue.send(writeCustomer, { organizationId, name: 'Written by a job', mode: 'ok' });
    await until(async () => Boolean(await customerNamed('Written by a job')));
    expect((await customerNamed('Written by a job'))?.organizationId).toBe(organizationId);
  });

  it('refuses a payload that does not match the job', async () => {
    await expect(
      queue.send(writeCustomer, { organizationId: 'not-a-uuid', name: 'x', mode: 'ok' }),
    ).rejects.toThrow();
  });

  it('gives a job up once, after its retries, when it keeps throwing', async () => {
    await queue.send(writeCustomer, { organizationId, name: 'Always throws', mode: 'throw' });
    await until(() => deps.givenUp.some((g) => g.name === 'Always throws'));
    await sleep(1_500);
    expect(deps.givenUp.filter((g) => g.name === 'Always throws')).toHaveLength(1);
  });

  it('gives a job up at once when it answers failed, without retrying it', async () => {
    await queue.send(writeCustomer, { organizationId, name: 'Not an invoice', mode: 'fail' });
    await until(() => deps.givenUp.some((g) => g.name === 'Not an invoice'));
    expect(deps.givenUp.find((g) => g.name === 'Not an invoice')?.reason).toBe('the file is not an invoice');
    await sleep(1_500);
    expect(deps.givenUp.filter((g) => g.name === 'Not an invoice')).toHaveLength(1);
  });

  it('cannot write into another organization from a job scope', async () => {
    const other = (await registerUser(t.app)).organization.id;
    const scope = t.system.scopeFor(other);
    await expect(
      scope.run((tx) => tx.insert(customers).values({ organizationId, name: 'Smuggled' })),
    ).rejects.toThrow();
    expect(await customerNamed('Smuggled')).toBeUndefined();
  });
});
