import { parseArgs } from 'node:util';
import { loadConfig } from './config';
import { createSystemAccess } from './platform/db/system-access';
import { ensureSuperuser } from './features/auth/auth.service';
import { prepareDatabase } from './startup';

// create-admin --email EMAIL --password PASSWORD [--name NAME]; idempotent: an existing user is made superuser.
const { values } = parseArgs({
  options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
});
const config = loadConfig();
const email = values.email ?? config.SUPERADMIN_EMAIL;
const password = values.password ?? config.SUPERADMIN_PASSWORD;
if (!email || !password || password.length < 8) {
  process.stderr.write(
    'Usage: npm run create-admin -- --email EMAIL --password PASSWORD (at least 8 characters)\n',
  );
  process.exit(2);
}
const database = await prepareDatabase(config);
try {
  const { created } = await ensureSuperuser(createSystemAccess(database.db), email, password, values.name);
  process.stdout.write(`${created ? 'Created' : 'Updated'} superuser ${email}.\n`);
} finally {
  await database.close();
}
