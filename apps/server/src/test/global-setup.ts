import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { createPglite, openPostgres, wrapPglite, type DatabaseHandle } from '../platform/db/client';
import { migrateDatabase } from '../platform/db/migrate';
import { createSystemAccess } from '../platform/db/system-access';
import { seedPlans } from '../features/plans/plans.seed';
import { seedPaymentMethods } from '../features/billing/billing.seed';
import { productJobs } from '../features/jobs';
import { createJobQueue } from '../platform/jobs/job-queue';
import { createLogger } from '../platform/logging/logger';

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase:
      { kind: 'pglite'; templateFile: string } | { kind: 'postgres'; url: string; template: string };
  }
}

const withDatabase = (url: string, database: string) => {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
};

/** The job queue's tables and queues, in the template: every copy starts with them. */
const installJobQueue = async (handle: DatabaseHandle) => {
  const queue = createJobQueue(productJobs, {
    database: handle,
    system: createSystemAccess(handle.db),
    log: createLogger('silent'),
  });
  await queue.start();
  await queue.stop();
};

/**
 * Migrates one template database per run; every test file then starts from a copy of it. PGlite: a dump
 * of the data directory, loaded by each file. PostgreSQL (TEST_DB=postgres): a template database that each
 * file clones with CREATE DATABASE ... TEMPLATE.
 */
export default async function setup(project: TestProject) {
  // The project's own env (server-pg sets TEST_DB), not the process's: both projects share this file.
  if ((project.config.env?.TEST_DB ?? process.env.TEST_DB) === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    const template = `invoicing_tpl_${process.pid}_${Date.now()}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${template}`);
    const handle = openPostgres(withDatabase(url, template), 2);
    await migrateDatabase(handle);
    await seedPlans(createSystemAccess(handle.db));
    await seedPaymentMethods(createSystemAccess(handle.db));
    await installJobQueue(handle);
    await handle.close();
    project.provide('testDatabase', { kind: 'postgres', url, template });
    return async () => {
      // Drop the template and every copy this run made.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`${template}%`],
      );
      for (const row of rows.sort((a, b) => b.datname.length - a.datname.length)) {
        await admin.query(`drop database if exists "${row.datname}" with (force)`);
      }
      await admin.end();
    };
  }

  const client = createPglite();
  const handle = wrapPglite(client);
  await migrateDatabase(handle);
  await seedPlans(createSystemAccess(handle.db));
  await seedPaymentMethods(createSystemAccess(handle.db));
  await installJobQueue(handle);
  const dump = await client.dumpDataDir('none');
  const templateFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-tpl-')), 'template.tar');
  fs.writeFileSync(templateFile, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('testDatabase', { kind: 'pglite', templateFile });
  return () => fs.rmSync(path.dirname(templateFile), { recursive: true, force: true });
}
