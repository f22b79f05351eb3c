import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * Where stored files live. Keys are relative paths chosen by the server (never by a client). Local disk is
 * the default; an S3-compatible store implements the same three calls.
 */
export interface FileStore {
  put(key: string, data: Uint8Array): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
}

const safeKey = /^[a-z0-9][a-z0-9/_.-]*$/i;

export const createLocalFileStore = (root: string): FileStore => {
  const resolve = (key: string) => {
    if (!safeKey.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    put: async (key, data) => {
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written beside and renamed, so a reader never sees half a file.
      const temp = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      await fs.writeFile(temp, data);
      await fs.rename(temp, target);
    },
    get: async (key) => {
      try {
        return await fs.readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    remove: async (key) => {
      await fs.rm(resolve(key), { force: true });
    },
  };
};
