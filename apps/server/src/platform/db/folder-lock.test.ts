import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { FolderInUse, lockFolder } from './folder-lock';

const serverDir = path.resolve(import.meta.dirname, '../../..');
const children: ChildProcess[] = [];

/** Starts a process holding `dir` and resolves with its first line: `held` or `refused: ...`. */
const hold = (mode: 'database' | 'file', dir: string) => {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/test/hold-folder.ts', mode, dir], {
    cwd: serverDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const line = new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve(out.slice(0, out.indexOf('\n')));
    });
    child.once('exit', (code, signal) => reject(new Error(`exited (${code ?? signal}) after: ${out}`)));
  });
  return { child, line };
};

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-lock-'));
const dirs: string[] = [];

afterAll(async () => {
  await Promise.all(children.map(killed));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

// The embedded database's own: run once, not again with the PostgreSQL suites.
describe.skipIf(process.env.TEST_DB === 'postgres')('the embedded database lock', () => {
  // Made by the first test: the describe block is read even when skipped.
  let dataDir = '';
  let holder: ChildProcess;
  const inUse = () =>
    `The embedded database in ${dataDir} is in use by another process. ` +
    'Only one process may open it; use DATABASE_URL (PostgreSQL) to run several.';

  it('refuses a second process while one has the database open', { timeout: 120_000 }, async () => {
    dataDir = tempDir();
    dirs.push(dataDir);
    const first = hold('database', dataDir);
    holder = first.child;
    expect(await first.line).toBe('held');
    await expect(openPglite(dataDir)).rejects.toThrow(inUse());
  });

  it(
    'opens once the holder is killed, whatever live process an old pglite.lock names',
    { timeout: 120_000 },
    async () => {
      await killed(holder);
      // The pid of a live process that has nothing to do with the database: the test runner.
      fs.writeFileSync(path.join(dataDir, 'pglite.lock'), String(process.ppid));
      const database = await openPglite(dataDir);
      try {
        const result = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: unknown[] };
        expect(result.rows).toEqual([{ one: 1 }]);
        const second = hold('database', dataDir);
        expect(await second.line).toBe(`refused: ${inUse()}`);
      } finally {
        await database.close();
      }
      // Closing lets the next process in.
      const next = await lockFolder(path.join(dataDir, 'pglite'));
      next.release();
    },
  );
});

describe.skipIf(process.env.TEST_DB === 'postgres')(
  'the socket-file lock (systems without abstract sockets)',
  () => {
    it(
      'keeps a second holder out, and is taken over once its holder is killed',
      { timeout: 60_000 },
      async () => {
        const dir = tempDir();
        dirs.push(dir);
        const first = hold('file', dir);
        expect(await first.line).toBe('held');
        await expect(lockFolder(dir, 'file')).rejects.toBeInstanceOf(FolderInUse);
        await killed(first.child);
        // The dead holder's socket file is still there, refusing connections.
        expect(fs.existsSync(path.join(dir, '.lock.sock'))).toBe(true);
        const lock = await lockFolder(dir, 'file');
        expect(await hold('file', dir).line).toMatch(/^refused: .* is in use by another process$/);
        lock.release();
        expect(fs.existsSync(path.join(dir, '.lock.sock'))).toBe(false);
      },
    );
  },
);
