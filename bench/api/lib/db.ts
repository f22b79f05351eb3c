import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

/** Only this machine is ever targeted: the benchmark refuses any other database host. */
const loopbackHosts = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

export const isLoopback = (host: string) => loopbackHosts.has(host) || /^127(\.\d{1,3}){3}$/.test(host);

/** The maintenance URL (BENCH_DATABASE_URL or the local default) and a URL for the database `name` beside it. */
export const databaseUrls = (name: string) => {
  const admin = new URL(process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
  if (!isLoopback(admin.hostname)) {
    throw new Error(
      `BENCH_DATABASE_URL must point at this machine (127.0.0.1 or localhost), not ${admin.hostname}`,
    );
  }
  const bench = new URL(admin.toString());
  bench.pathname = `/${name}`;
  // On one machine the server reaches PostgreSQL through its Unix socket, as a production server beside
  // its database would: a query costs the client about a third less CPU than over TCP loopback.
  const socketDir = process.env.BENCH_DATABASE_SOCKET ?? '/var/run/postgresql';
  const socket =
    socketDir !== 'none' && fs.existsSync(path.join(socketDir, `.s.PGSQL.${admin.port || '5432'}`));
  if (socket) bench.searchParams.set('host', socketDir);
  return {
    admin: admin.toString(),
    bench: bench.toString(),
    via: socket ? `Unix socket ${socketDir}` : 'TCP',
  };
};

const quoteIdent = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Runs one statement on the maintenance database (CREATE and DROP DATABASE cannot run in a transaction). */
const onAdmin = async (adminUrl: string, text: string) => {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
};

export const createDatabase = (adminUrl: string, name: string) =>
  onAdmin(adminUrl, `create database ${quoteIdent(name)}`);

/** Drops the database even while something is still connected to it. */
export const dropDatabase = (adminUrl: string, name: string) =>
  onAdmin(adminUrl, `drop database if exists ${quoteIdent(name)} with (force)`);
