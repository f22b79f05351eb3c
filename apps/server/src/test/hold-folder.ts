/**
 * A process that holds a folder for the lock tests: `database DIR` opens the embedded database in DIR,
 * `file DIR` takes the socket-file lock of DIR. It prints `held` or `refused: <message>`, then stays alive.
 */
import { openPglite } from '../platform/db/client';
import { lockFolder } from '../platform/db/folder-lock';

const [mode, dir] = process.argv.slice(2);
try {
  if (mode === 'database') await openPglite(dir!);
  else await lockFolder(dir!, 'file');
  process.stdout.write('held\n');
  setInterval(() => undefined, 60_000);
} catch (error) {
  process.stdout.write(`refused: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(3);
}
