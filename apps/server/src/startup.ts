import type { Config } from './config';
import { openDatabase, type DatabaseHandle } from './platform/db/client';
import { migrateDatabase } from './platform/db/migrate';
import { createSystemAccess } from './platform/db/system-access';
import { ensureSuperuser } from './features/auth/auth.service';
import { seedPlans } from './features/plans/plans.seed';

/** Opens the database, applies migrations, seeds plans and the configured superuser. */
export const prepareDatabase = async (config: Config): Promise<DatabaseHandle> => {
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  try {
    await migrateDatabase(database);
    const system = createSystemAccess(database.db);
    await seedPlans(system);
    if (config.SUPERADMIN_EMAIL && config.SUPERADMIN_PASSWORD) {
      await ensureSuperuser(system, config.SUPERADMIN_EMAIL, config.SUPERADMIN_PASSWORD);
    }
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
};
