import { recognizeInvoice } from '@invoicing/ocr';
import type { OcrEvent } from '@invoicing/contract';
import { loadConfig } from './config';
import { prepareDatabase } from './startup';
import { productJobs, startJobWorkers } from './features/jobs';
import { createGatewayRegistry } from './features/billing/gateways/registry';
import { createSystemAccess } from './platform/db/system-access';
import { createPostgresEventBus } from './platform/events/event-bus';
import { createJobQueue } from './platform/jobs/job-queue';
import { createLogger } from './platform/logging/logger';
import { openFileStore } from './platform/storage/open-file-store';
import { createHeavyWork } from './platform/work/heavy-work';

/**
 * The job workers alone, without HTTP: as many of these processes as the OCR queue needs can run against
 * one PostgreSQL, beside the API processes (which then run with OCR_WORKERS=0). The files they read are
 * the API's: DATA_DIR must be the same folder (or the same shared store).
 */
const fail = (message: string): never => {
  process.stderr.write(`Cannot start: ${message}\n`);
  process.exit(1);
};

const config = (() => {
  try {
    return loadConfig();
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error));
  }
})();
if (!config.DATABASE_URL) {
  fail(
    'a worker process needs DATABASE_URL: the embedded database belongs to the server process, which runs the workers itself.',
  );
}
const log = createLogger(config.LOG_LEVEL);
const concurrency = Math.max(1, config.ocrWorkers);
const database = await prepareDatabase(config).catch((error: unknown) =>
  fail(error instanceof Error ? error.message : String(error)),
);
const system = createSystemAccess(database.db);
const events = createPostgresEventBus<OcrEvent>(database.url!, (error) =>
  log.warn({ err: error }, 'event bus'),
);
const jobs = createJobQueue(productJobs, { database, system, log });
await jobs.start();
const stopChecks = await startJobWorkers(
  jobs,
  {
    files: openFileStore(config),
    heavyWork: createHeavyWork(concurrency),
    events,
    ocr: { recognize: recognizeInvoice },
    paymentGateways: createGatewayRegistry(config, system.db),
  },
  system,
  { concurrency, onError: (error) => log.error({ err: error }, 'job check') },
);
log.info({ concurrency }, 'OCR workers started');

let stopping = false;
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'stopping: finishing the jobs running');
  stopChecks();
  await jobs.stop();
  await events.close();
  await database.close();
  process.exit(0);
};
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
