import cluster from 'node:cluster';
import { loadConfig, type Config } from './config';
import { buildApp } from './app';
import { prepareDatabase, sweepLeftoverFiles } from './startup';
import { openDatabase, type DatabaseHandle } from './platform/db/client';
import { createSystemAccess } from './platform/db/system-access';
import { loadSigningSecret } from './platform/auth/tokens';
import { seedDemoData } from './demo/seed-demo';
import { createSupervisor } from './supervisor';

/** Start-up failures (bad configuration, a database in use) end the process with their message alone. */
const orExit = async <T>(work: () => Promise<T> | T): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    process.stderr.write(`Cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
};

type Demo = Awaited<ReturnType<typeof seedDemoData>> | null;

const banner = (config: Config, database: DatabaseHandle['kind'], demo: Demo) => {
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  const lines = [
    '',
    `Invoicing is running on ${database === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL'}` +
      (config.apiProcesses > 1 ? `, with ${config.apiProcesses} API processes.` : '.'),
    `Open http://${shownHost}:${config.PORT}/`,
  ];
  if (config.API_DOCS) lines.push(`API documentation: http://${shownHost}:${config.PORT}/api/docs`);
  if (demo) {
    lines.push(
      `Sign in as ${demo.email} with password ${demo.password} (demo organizations: ${demo.organizations.join(', ')}).`,
    );
  }
  if (config.SUPERADMIN_EMAIL)
    lines.push(`Administrators sign in at /admin-login as ${config.SUPERADMIN_EMAIL}.`);
  process.stdout.write(`${lines.join('\n')}\n\n`);
};

/** Serves the API on an open database until SIGTERM or SIGINT, then finishes the requests in flight. */
const serve = async (config: Config, database: DatabaseHandle) => {
  const app = await buildApp({ config, database, workers: { concurrency: config.ocrWorkers } });
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  await app.listen({ port: config.PORT, host: config.HOST });
};

/** Several API processes on one port (node:cluster): this process migrates and seeds, then supervises. */
const superviseApiProcesses = (config: Config, kind: DatabaseHandle['kind'], demo: Demo) => {
  const supervisor = createSupervisor({
    count: config.apiProcesses,
    fork: () => {
      const worker = cluster.fork();
      return { id: worker.id, kill: (signal) => worker.process.kill(signal) };
    },
    onReady: () => banner(config, kind, demo),
    exit: (code) => process.exit(code),
    log: (line) => process.stderr.write(`${line}\n`),
  });
  cluster.on('listening', (worker) => supervisor.listening({ id: worker.id, kill: () => undefined }));
  cluster.on('exit', (worker, code, signal) =>
    supervisor.exited(
      { id: worker.id, kill: () => undefined },
      String(signal ?? code),
      !signal && code !== 0,
    ),
  );
  process.on('SIGTERM', () => supervisor.stop('SIGTERM'));
  process.on('SIGINT', () => supervisor.stop('SIGINT'));
};

const config = await orExit(() => loadConfig());

if (cluster.isPrimary) {
  const database = await orExit(() => prepareDatabase(config));
  await sweepLeftoverFiles(config, database);
  const demo = process.argv.includes('--demo') ? await seedDemoData(createSystemAccess(database.db)) : null;
  if (config.apiProcesses > 1) {
    // The signing secret is settled before the processes start, so that they all read the same one.
    loadSigningSecret(config.JWT_SECRET, config.dataDir);
    await database.close();
    superviseApiProcesses(config, database.kind, demo);
  } else {
    await serve(config, database);
    banner(config, database.kind, demo);
  }
} else {
  // An API process: the primary has migrated; this one opens the database and serves.
  const database = await orExit(() =>
    openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir }),
  );
  await serve(config, database);
}
