import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { inject } from 'vitest';
import { createPglite, openPostgres, wrapPglite, type DatabaseHandle } from '../platform/db/client';
import { findMigrationsFolder } from '../platform/db/migrate';

/**
 * A database with no migration applied yet, on PGlite or PostgreSQL as the run was set up: for tests of a
 * migration over the data of an earlier release. `drop` removes it (closing the handle is the caller's).
 */
export const openEmptyTestDatabase = async (): Promise<{
  database: DatabaseHandle;
  drop: () => Promise<void>;
}> => {
  const setup = inject('testDatabase');
  if (setup.kind === 'pglite') {
    const client = createPglite();
    await client.waitReady;
    return { database: wrapPglite(client), drop: async () => undefined };
  }
  // Named after the run's template, so the run's teardown drops it too if the test cannot.
  const name = `${setup.template}_m${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: setup.url });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const u = new URL(setup.url);
  u.pathname = `/${name}`;
  return {
    database: openPostgres(u.toString(), 5),
    drop: async () => {
      const client = new pg.Client({ connectionString: setup.url });
      await client.connect();
      await client.query(`drop database if exists "${name}" with (force)`);
      await client.end();
    },
  };
};

/** Applies the committed migrations up to and including the one tagged `last` (a copy in `scratch`). */
export const migrateUpTo = async (database: DatabaseHandle, last: string, scratch: string) => {
  const folder = path.join(scratch, 'drizzle');
  fs.cpSync(findMigrationsFolder(), folder, { recursive: true });
  const journalFile = path.join(folder, 'meta', '_journal.json');
  const journal = JSON.parse(fs.readFileSync(journalFile, 'utf8')) as { entries: { tag: string }[] };
  const end = journal.entries.findIndex((e) => e.tag === last);
  if (end < 0) throw new Error(`no migration ${last}`);
  journal.entries = journal.entries.slice(0, end + 1);
  fs.writeFileSync(journalFile, JSON.stringify(journal));
  if (database.kind === 'pglite') {
    await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
  } else {
    await migratePg(database.db as unknown as NodePgDatabase, { migrationsFolder: folder });
  }
};
