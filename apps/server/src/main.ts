import { loadConfig } from './config';
import { buildApp } from './app';
import { prepareDatabase } from './startup';
import { createSystemAccess } from './platform/db/system-access';
import { seedDemoData } from './demo/seed-demo';

/** Start-up failures (bad configuration, a database in use) end the process with their message alone. */
const orExit = async <T>(work: () => Promise<T> | T): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    process.stderr.write(`Cannot start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  }
};

const config = await orExit(() => loadConfig());
const database = await orExit(() => prepareDatabase(config));

const demo = process.argv.includes('--demo') ? await seedDemoData(createSystemAccess(database.db)) : null;

const app = await buildApp({ config, database });

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
const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
const lines = [
  '',
  `Invoicing is running on ${database.kind === 'pglite' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL'}.`,
  `Open http://${shownHost}:${config.PORT}/`,
  `API documentation: http://${shownHost}:${config.PORT}/api/docs`,
];
if (demo) {
  lines.push(
    `Sign in as ${demo.email} with password ${demo.password} (demo organizations: ${demo.organizations.join(', ')}).`,
  );
}
if (config.SUPERADMIN_EMAIL)
  lines.push(`Administrators sign in at /admin-login as ${config.SUPERADMIN_EMAIL}.`);
process.stdout.write(`${lines.join('\n')}\n\n`);
