import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import { afterAll, afterEach, expect, it } from 'vitest';
import { migrateDatabase } from '../../platform/db/migrate';
import { createSystemAccess } from '../../platform/db/system-access';
import { migrateUpTo, openEmptyTestDatabase } from '../../test/empty-database';
import { defaultPlanRows, seedPlans } from './plans.seed';
import { plans } from './plans.table';

type DatabaseHandle = Awaited<ReturnType<typeof openEmptyTestDatabase>>['database'];

const opened: { database: DatabaseHandle; drop: () => Promise<void> }[] = [];
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-plans-seed-'));

afterEach(async () => {
  for (const { database, drop } of opened.splice(0)) {
    await database.close();
    await drop();
  }
});

afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const emptyDatabase = async () => {
  const handle = await openEmptyTestDatabase();
  opened.push(handle);
  return handle.database;
};

const planCodes = async (database: DatabaseHandle) =>
  (await database.db.select({ code: plans.code }).from(plans).orderBy(asc(plans.sortOrder))).map(
    (p) => p.code,
  );

/** What every start of the server does before serving: the migrations, then the seed. */
const start = async (database: DatabaseHandle) => {
  await migrateDatabase(database);
  await seedPlans(createSystemAccess(database.db));
};

it('a fresh database gets the plans at its first start; a plan deleted afterwards stays deleted', async () => {
  const database = await emptyDatabase();
  await start(database);
  expect(await planCodes(database)).toEqual(['free', 'pro', 'enterprise']);

  await database.db.delete(plans).where(eq(plans.code, 'enterprise'));
  await start(database);
  await start(database);
  expect(await planCodes(database)).toEqual(['free', 'pro']);
});

it('a database seeded by an earlier release keeps the plan a superuser deleted there', async () => {
  const database = await emptyDatabase();
  await migrateUpTo(database, '0021_organization-profile-grants', scratch);
  // The earlier release's seed, which recorded nothing, then a superuser's deletion.
  await database.db.insert(plans).values(defaultPlanRows());
  await database.db.delete(plans).where(eq(plans.code, 'pro'));
  await start(database);
  expect(await planCodes(database)).toEqual(['free', 'enterprise']);
});

it('a database of an earlier release that never started gets the plans', async () => {
  const database = await emptyDatabase();
  await migrateUpTo(database, '0021_organization-profile-grants', path.join(scratch, 'never'));
  await start(database);
  expect(await planCodes(database)).toEqual(['free', 'pro', 'enterprise']);
});
