import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

export interface StoredFile {
  key: string;
  modifiedAt: Date;
}

/**
 * Where stored files live. Keys are relative paths chosen by the server (never by a client). Local disk is
 * the default; an S3-compatible store implements the same calls.
 */
export interface FileStore {
  /** Stores the file durably before answering: a record may refer to it from then on. */
  put(key: string, data: Uint8Array): Promise<void>;
  /** The file's bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** The file as a stream with its size, for sending it on without holding it in memory; null when absent. */
  open(key: string): Promise<{ stream: Readable; size: number } | null>;
  remove(key: string): Promise<void>;
  /**
   * Removes every file whose key starts with `prefix` (a folder: letters, digits, `-`, `_`, `.` and `/`,
   * ending with `/`), unfinished writes included.
   */
  removeUnder(prefix: string): Promise<void>;
  /** Every stored file (the unfinished writes aside). */
  list(): AsyncIterable<StoredFile>;
  /** Removes what writes interrupted before `before` left behind; answers how many it removed. */
  removeUnfinished(before: Date): Promise<number>;
}

/** The local store's folder in the data folder. */
export const localFilesDir = (dataDir: string) => path.join(dataDir, 'files');

const safeKey = /^[a-z0-9][a-z0-9/_.-]*$/i;

/** A folder of keys as `removeUnder` takes it. */
export const checkKeyPrefix = (prefix: string): string => {
  if (!safeKey.test(prefix) || !prefix.endsWith('/') || prefix.includes('..') || prefix.includes('//')) {
    throw new Error(`unsafe storage prefix: ${prefix}`);
  }
  return prefix;
};
// A write goes to `<key>.<random>.tmp` first; keys never end so.
const unfinished = /\.[0-9a-f]{12}\.tmp$/;

/** Makes a rename in `dir` survive a power cut (where the system allows a directory to be synced). */
const syncDir = async (dir: string) => {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch {
    // Some systems (Windows) cannot sync a directory; the rename is then as durable as they make it.
  } finally {
    await handle?.close();
  }
};

async function* walk(root: string, dir = root): AsyncGenerator<{ rel: string; full: string }> {
  let entries;
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(root, full);
    else if (entry.isFile()) yield { rel: path.relative(root, full).split(path.sep).join('/'), full };
  }
}

const modifiedAt = async (full: string) => {
  try {
    return (await fs.stat(full)).mtime;
  } catch (error) {
    // Removed meanwhile.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
};

export const createLocalFileStore = (root: string): FileStore => {
  const resolve = (key: string) => {
    if (!safeKey.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
    return path.join(root, key);
  };
  return {
    put: async (key, data) => {
      const target = resolve(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      // Written beside, synced and renamed: a reader never sees half a file, and a crash at any point leaves
      // either the whole file or a temporary one, which the start removes.
      const temp = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
      try {
        const handle = await fs.open(temp, 'wx');
        try {
          await handle.writeFile(data);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await fs.rename(temp, target);
      } catch (error) {
        await fs.rm(temp, { force: true });
        throw error;
      }
      await syncDir(path.dirname(target));
    },
    get: async (key) => {
      try {
        return await fs.readFile(resolve(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    open: async (key) => {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(resolve(key), 'r');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
      try {
        const { size } = await handle.stat();
        // The stream owns the handle from here and closes it when it ends or is destroyed.
        return { stream: handle.createReadStream(), size };
      } catch (error) {
        await handle.close();
        throw error;
      }
    },
    remove: async (key) => {
      await fs.rm(resolve(key), { force: true });
    },
    removeUnder: async (prefix) => {
      // One folder holds them all, temporary files included.
      await fs.rm(path.join(root, checkKeyPrefix(prefix)), { recursive: true, force: true });
    },
    list: async function* () {
      for await (const file of walk(root)) {
        if (unfinished.test(file.rel)) continue;
        const at = await modifiedAt(file.full);
        if (at) yield { key: file.rel, modifiedAt: at };
      }
    },
    removeUnfinished: async (before) => {
      let removed = 0;
      for await (const file of walk(root)) {
        if (!unfinished.test(file.rel)) continue;
        const at = await modifiedAt(file.full);
        if (!at || at >= before) continue;
        await fs.rm(file.full, { force: true });
        removed += 1;
      }
      return removed;
    },
  };
};
