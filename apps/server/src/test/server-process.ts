import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import { createPglite, openDatabase } from '../platform/db/client';

/** The real server (src/main.ts through tsx), started as a child process on the embedded database. */
interface ServerProcess {
  child: ChildProcess;
  base: string;
  exited: Promise<void>;
  /** Everything it wrote to standard error, for the failure message. */
  errors: () => string;
}

const serverDir = path.resolve(import.meta.dirname, '..', '..');
const running = new Set<ChildProcess>();

/** The environment of a child: the embedded database unless `env` names DATABASE_URL. */
const childEnvironment = (dataDir: string, env: Record<string, string>): NodeJS.ProcessEnv => {
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    JWT_SECRET: 'process-test-secret-that-is-long-enough',
    LOG_LEVEL: 'info',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
  };
  delete childEnv.DATABASE_URL;
  delete childEnv.API_PROCESSES;
  return { ...childEnv, ...env };
};

/**
 * The OCR workers alone (src/main-worker.ts), as `npm run worker` runs them: against PostgreSQL only.
 * Answers when they have started.
 */
export const startWorkerProcess = async (
  dataDir: string,
  env: Record<string, string>,
): Promise<ServerProcess> => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main-worker.ts'], {
    cwd: serverDir,
    env: childEnvironment(dataDir, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(child));
  let output = '';
  const collect = (d: Buffer) => (output = (output + d.toString()).slice(-20_000));
  child.stderr!.on('data', collect);
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      collect(d);
      if (output.includes('OCR workers started')) resolve();
    });
    void exited.then(() => reject(new Error(`the workers exited before starting: ${output}`)));
  });
  return { child, base: '', exited, errors: () => output };
};

export const startServerProcess = async (
  dataDir: string,
  env: Record<string, string> = {},
): Promise<ServerProcess> => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: childEnvironment(dataDir, env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  void exited.then(() => running.delete(child));
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-20_000)));
  const base = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const found = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (found) resolve(found[1]!);
    });
    void exited.then(() => reject(new Error(`the server exited before listening: ${err}`)));
  });
  return { child, base, exited, errors: () => err };
};

/** SIGKILL: no shutdown, no cleanup, as a crash or the kernel's out-of-memory killer would end it. */
export const killServerProcess = async (server: ServerProcess) => {
  server.child.kill('SIGKILL');
  await server.exited;
};

/**
 * Puts the suite's migrated template database in `dataDir`, so that a server started there finds its
 * embedded database ready instead of creating and migrating one (the slowest part of a first start).
 * Nothing to do on PostgreSQL, where each test copies the template with `openTestDatabase`.
 */
export const seedServerFolder = async (dataDir: string) => {
  const setup = inject('testDatabase');
  if (setup.kind !== 'pglite') return;
  const client = createPglite({
    dataDir: path.join(dataDir, 'pglite'),
    loadDataDir: new Blob([fs.readFileSync(setup.templateFile)]),
  });
  await client.waitReady;
  await client.close();
};

/** The embedded database folder a server process used, opened once that process has ended (one process at a time). */
export const openServerDatabase = (dataDir: string) => openDatabase({ dataDir });

/** Ends every server a test started and left running. */
export const killAllServerProcesses = () => {
  for (const child of running) child.kill('SIGKILL');
};

/** A JSON call with a session `"<access token> <organization id>"`. */
export const callServer = async (
  base: string,
  method: string,
  url: string,
  session?: string,
  body?: unknown,
) => {
  const [token, organizationId] = session ? session.split(' ') : [];
  const res = await fetch(`${base}/api/v1${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}`, 'x-organization-id': organizationId! } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};
