import type { FileStore } from './file-store';

/** The records of one kind that refer to stored files (invoices to their images, for example). */
export interface FileReferences {
  /** Whether a key is of the kind these records refer to; the sweep leaves other keys alone. */
  owns(key: string): boolean;
  /** Of these keys, the ones some record still refers to. */
  referenced(keys: string[]): Promise<Set<string>>;
}

const BATCH = 500;

/**
 * Removes what interrupted work left among the stored files: the temporary files of unfinished writes, and
 * stored files that no record refers to (written by an upload whose record never committed, or replaced or
 * deleted by a record whose removal of the file never came). Only files written before `before` are
 * considered: an upload writes its files before its record commits, so a file younger than the uploads in
 * flight may be about to be referred to.
 */
export const sweepStoredFiles = async (
  store: FileStore,
  owners: FileReferences[],
  before: Date,
): Promise<{ unfinished: number; unreferenced: number }> => {
  const unfinished = await store.removeUnfinished(before);
  let unreferenced = 0;
  const batches = new Map<FileReferences, string[]>(owners.map((o) => [o, []]));
  const flush = async (owner: FileReferences) => {
    const keys = batches.get(owner)!.splice(0);
    if (keys.length === 0) return;
    const kept = await owner.referenced(keys);
    for (const key of keys) {
      if (kept.has(key)) continue;
      await store.remove(key);
      unreferenced += 1;
    }
  };
  for await (const file of store.list()) {
    if (file.modifiedAt >= before) continue;
    const owner = owners.find((o) => o.owns(file.key));
    if (!owner) continue;
    const batch = batches.get(owner)!;
    batch.push(file.key);
    if (batch.length >= BATCH) await flush(owner);
  }
  for (const owner of owners) await flush(owner);
  return { unfinished, unreferenced };
};
