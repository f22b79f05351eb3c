import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

/** Another live process holds the folder. */
export class FolderInUse extends Error {}

export interface FolderLock {
  release(): void;
}

const listen = (address: string) =>
  new Promise<net.Server>((resolve, reject) => {
    // Nobody talks to the lock: a connection (a holder check) is closed at once.
    const server = net.createServer((socket) => socket.destroy());
    server.once('error', reject);
    // exclusive: in a cluster worker, the listener must be this process's own, not one shared by the primary.
    server.listen({ path: address, exclusive: true }, () => {
      server.off('error', reject);
      // The lock must not keep the process alive.
      server.unref();
      resolve(server);
    });
  });

/** Whether a live process listens on the socket file; a refused connection means its holder died. */
const answers = (address: string) =>
  new Promise<boolean>((resolve) => {
    const probe = net.connect(address);
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });

const defaultKind =
  process.platform === 'linux' ? 'abstract' : process.platform === 'win32' ? 'pipe' : 'file';

const code = (error: unknown) => (error as NodeJS.ErrnoException).code;

/**
 * Holds `dir` for this process until `release()` or the process's end, however it ends. The lock is a
 * listening socket, which the kernel closes when the process dies (even by SIGKILL), so a crash never leaves
 * a lock behind and a reused pid never looks like a holder. On Linux the socket's name is in the abstract
 * namespace, derived from the folder's real path: binding it is atomic and leaves no file. On Windows it is
 * a named pipe. Elsewhere it is a socket file in the folder; one left by a dead holder refuses connections
 * and is replaced.
 */
export const lockFolder = async (
  dir: string,
  kind: 'abstract' | 'pipe' | 'file' = defaultKind,
): Promise<FolderLock> => {
  const real = fs.realpathSync(dir);
  const name = `invoicing-lock-${crypto.createHash('sha256').update(real).digest('hex').slice(0, 40)}`;
  if (kind !== 'file') {
    const address = kind === 'abstract' ? `\0${name}` : `\\\\.\\pipe\\${name}`;
    try {
      const server = await listen(address);
      return { release: () => void server.close() };
    } catch (error) {
      if (code(error) === 'EADDRINUSE') throw new FolderInUse(`${dir} is in use by another process`);
      throw error;
    }
  }
  // Socket paths are short (104 bytes on macOS): a deep folder's socket lives in the temporary folder.
  const inFolder = path.join(real, '.lock.sock');
  const address = Buffer.byteLength(inFolder) < 100 ? inFolder : path.join(os.tmpdir(), `${name}.sock`);
  let server: net.Server;
  try {
    server = await listen(address);
  } catch (error) {
    if (code(error) !== 'EADDRINUSE') throw error;
    if (await answers(address)) throw new FolderInUse(`${dir} is in use by another process`);
    fs.rmSync(address, { force: true });
    try {
      server = await listen(address);
    } catch (again) {
      if (code(again) === 'EADDRINUSE') throw new FolderInUse(`${dir} is in use by another process`);
      throw again;
    }
  }
  return {
    release: () => {
      // Removed before closing: a process starting meanwhile binds a file of its own, never loses it to us.
      fs.rmSync(address, { force: true });
      server.close();
    },
  };
};
