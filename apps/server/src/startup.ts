import type { Config } from './config';
import { openFileStore } from './platform/storage/open-file-store';
import { sweepStoredFiles } from './platform/storage/sweep';
import { attachmentFiles } from './features/attachments/attachment-files';
import { openDatabase, type DatabaseHandle } from './platform/db/client';
import { migrateDatabase } from './platform/db/migrate';
import { createSystemAccess } from './platform/db/system-access';
import { ensureSuperuser } from './features/auth/auth.service';
import { seedPlans } from './features/plans/plans.seed';
import { seedPaymentMethods } from './features/billing/billing.seed';
import { finishFileRemovals } from './features/admin/admin.service';

/** Opens the database, applies migrations, seeds plans, payment methods and the configured superuser. */
export const prepareDatabase = async (config: Config): Promise<DatabaseHandle> => {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const system = createSystemAccess(database.db);
    await seedPlans(system);
    await seedPaymentMethods(system);
    if (config.SUPERADMIN_EMAIL && config.SUPERADMIN_PASSWORD) {
      await ensureSuperuser(system, config.SUPERADMIN_EMAIL, config.SUPERADMIN_PASSWORD);
    }
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
};

/**
 * How old a stored file must be before the start of a server on PostgreSQL may remove it as unreferenced:
 * other processes may be serving, and an upload writes its files a moment before its record commits.
 */
const SWEEP_MIN_AGE_MS = 60 * 60 * 1000;

/**
 * Removes what a crash left among the stored files (the files of deleted organizations, temporary files,
 * files no record refers to), before the server serves. The embedded database is this process's alone while it is open, so nothing else is
 * writing files and everything is swept; on PostgreSQL only files older than an hour are.
 */
export const sweepLeftoverFiles = async (
  config: Config,
  database: DatabaseHandle,
  log: (line: string) => void = (line) => process.stderr.write(`${line}\n`),
): Promise<void> => {
  // On the embedded database every file, however new (8.64e15 is the latest date there is).
  const before = new Date(database.kind === 'pglite' ? 8.64e15 : Date.now() - SWEEP_MIN_AGE_MS);
  try {
    const system = createSystemAccess(database.db);
    const store = openFileStore(config);
    // The files of deleted organizations first, whatever their age.
    const removed = await finishFileRemovals(system, store);
    if (removed > 0) {
      log(`Removed the stored files of ${removed} deleted organization(s) left by an interrupted run.`);
    }
    const swept = await sweepStoredFiles(store, [attachmentFiles(system)], before);
    if (swept.unfinished + swept.unreferenced > 0) {
      log(
        `Removed stored files left by an interrupted run: ${swept.unfinished} unfinished, ` +
          `${swept.unreferenced} that no record refers to.`,
      );
    }
  } catch (error) {
    // Serving matters more than tidying: the next start tries again.
    log(`Stored files were not swept: ${error instanceof Error ? error.message : String(error)}`);
  }
};
