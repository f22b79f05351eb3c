import type { EventEmitter } from 'node:events';
import fs from 'node:fs';
import path from 'node:path';
import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { FolderInUse, lockFolder, type FolderLock } from './folder-lock';
import { attachTenantPool } from './tenant-pools';

/** The typed database, whichever driver is underneath (query builders only: no relational schema). */
export type Db = PgDatabase<PgQueryResultHKT>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface DatabaseHandle {
  db: Db;
  kind: DatabaseKind;
  /** The PostgreSQL pool behind `db`, and its address (PostgreSQL only). */
  pool?: pg.Pool;
  url?: string;
  /** The PGlite instance behind `db` (embedded database only): the job queue shares its one connection. */
  pglite?: PGlite;
  close: () => Promise<void>;
}

// Timestamps come back as Date objects and numeric stays a string (money is never a float).
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** A PGlite instance with the extensions the migrations create (pg_trgm for number search). */
export const createPglite = (options: PGliteOptions = {}): PGlite =>
  new PGlite({ ...options, extensions: { pg_trgm } });

/** Opens PostgreSQL at `databaseUrl`. */
export const openPostgres = (databaseUrl: string, poolSize = 10): DatabaseHandle => {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  // A connection dropped by the server must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // NOTICEs of any connection are the pool's `notice` event (the access cache hears its signals there).
  pool.on('connect', (client) => {
    client.on('notice', (notice) => (pool as EventEmitter).emit('notice', notice));
  });
  // One-statement tenant reads run on connections of their own (org-scope.ts).
  const tenantPool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  tenantPool.on('error', () => undefined);
  attachTenantPool(pool, tenantPool);
  return {
    db: drizzlePg(pool) as unknown as Db,
    kind: 'postgres',
    pool,
    url: databaseUrl,
    close: async () => {
      await Promise.all([pool.end(), tenantPool.end()]);
    },
  };
};

/** Wraps an open PGlite instance (tests hand in clones of a migrated template). */
export const wrapPglite = (client: PGlite, onClose?: () => void): DatabaseHandle => ({
  db: drizzlePglite(client) as unknown as Db,
  kind: 'pglite',
  pglite: client,
  close: async () => {
    await client.close();
    onClose?.();
  },
});

/**
 * Opens the embedded database in `dataDir`. Two processes on one PGlite folder silently lose writes, so the
 * open database holds an operating-system lock on its folder (folder-lock.ts) that keeps a second process
 * out and disappears with the process, however it ends.
 */
export const openPglite = async (dataDir: string): Promise<DatabaseHandle> => {
  const dir = path.join(dataDir, 'pglite');
  fs.mkdirSync(dir, { recursive: true });
  let lock: FolderLock;
  try {
    lock = await lockFolder(dir);
  } catch (error) {
    if (!(error instanceof FolderInUse)) throw error;
    throw new Error(
      `The embedded database in ${dataDir} is in use by another process. ` +
        'Only one process may open it; use DATABASE_URL (PostgreSQL) to run several.',
    );
  }
  // Earlier versions kept a pid in this file; it says nothing now.
  fs.rmSync(path.join(dataDir, 'pglite.lock'), { force: true });
  try {
    const client = createPglite({ dataDir: dir });
    await client.waitReady;
    return wrapPglite(client, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
};

/** Opens PostgreSQL when a URL is configured, else the embedded database in dataDir. */
export const openDatabase = (options: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> =>
  options.databaseUrl ? Promise.resolve(openPostgres(options.databaseUrl)) : openPglite(options.dataDir);
