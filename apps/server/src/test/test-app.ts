import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type AppDeps } from '../app';
import { loadConfig, type Config } from '../config';
import { createPglite, openPostgres, wrapPglite, type DatabaseHandle } from '../platform/db/client';
import { createSystemAccess, type SystemAccess } from '../platform/db/system-access';

/** A fresh copy of the migrated template database, on PGlite or PostgreSQL as the run was set up. */
export const openTestDatabase = async (): Promise<DatabaseHandle> => {
  const setup = inject('testDatabase');
  if (setup.kind === 'pglite') {
    const dump = fs.readFileSync(setup.templateFile);
    const client = createPglite({ loadDataDir: new Blob([dump]) });
    await client.waitReady;
    return wrapPglite(client);
  }
  const name = `${setup.template}_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: setup.url });
  await admin.connect();
  try {
    // Copies from one template are serialized by PostgreSQL; retry briefly if another copy holds it.
    for (let attempt = 0; ; attempt += 1) {
      try {
        await admin.query(`create database "${name}" template "${setup.template}"`);
        break;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  } finally {
    await admin.end();
  }
  const u = new URL(setup.url);
  u.pathname = `/${name}`;
  return openPostgres(u.toString(), 5);
};

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  system: SystemAccess;
  config: Config;
  close: () => Promise<void>;
}

export const createTestApp = async (
  env: Record<string, string> = {},
  deps: Pick<AppDeps, 'heavyWork' | 'workers'> = {},
): Promise<TestApp> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'test-secret-that-is-long-enough-for-hs256',
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    // The suites register many users from the one address inject uses; throttling has suites of its own.
    REGISTER_MAX_PER_ADDRESS: '100000',
    AUTH_REQUESTS_PER_MINUTE: '100000',
    ...env,
  });
  const database = await openTestDatabase();
  const app = await buildApp({ config, database, logger: false, ...deps });
  await app.ready();
  return {
    app,
    database,
    system: createSystemAccess(database.db),
    config,
    close: async () => {
      await app.close();
      await database.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

export const json = <T = Record<string, unknown>>(res: LightMyRequestResponse): T => res.json() as T;

let counter = 0;
/** A unique email for each registration in a test run. */
export const uniqueEmail = (prefix = 'user') =>
  `${prefix}.${Date.now().toString(36)}.${(counter += 1)}@example.com`;

/** Registers a user with a new organization and returns what the answer gave. */
export const registerUser = async (
  app: FastifyInstance,
  overrides: Partial<{ name: string; email: string; password: string; organization_name: string }> = {},
  remoteAddress?: string,
) => {
  const payload = {
    name: 'Test User',
    email: uniqueEmail(),
    password: 'correct-horse-battery',
    organization_name: 'Acme Trading',
    ...overrides,
  };
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/register',
    payload,
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  const body = json<{
    tokens: { access: string; refresh: string };
    user: { id: string; email: string };
    organization: { id: string; name: string };
  }>(res);
  return { ...body, password: payload.password, email: payload.email };
};

export const bearer = (token: string, organizationId?: string) => ({
  authorization: `Bearer ${token}`,
  ...(organizationId ? { 'x-organization-id': organizationId } : {}),
});
