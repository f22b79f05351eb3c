import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLocalFileStore } from './file-store';
import { sweepStoredFiles, type FileReferences } from './sweep';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'invoicing-sweep-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const write = (rel: string, ageMs: number) => {
  const full = path.join(root, rel);
  fs.mkdirSync(path.dirname(full), { recursive: true });
  fs.writeFileSync(full, 'x');
  const at = new Date(Date.now() - ageMs);
  fs.utimesSync(full, at, at);
};

const remaining = () =>
  fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();

describe('the stored files sweep', () => {
  it('removes old unfinished and unreferenced files, and leaves young ones and unknown kinds', async () => {
    const hour = 3_600_000;
    write('org/images/kept.png', 2 * hour);
    write('org/images/orphan.png', 2 * hour);
    write('org/images/young-orphan.png', 1000);
    write('org/images/kept.png.0123456789ab.tmp', 2 * hour);
    write('org/images/young.png.0123456789ab.tmp', 1000);
    write('org/other/unknown.bin', 2 * hour);
    const asked: string[][] = [];
    const images: FileReferences = {
      owns: (key) => key.startsWith('org/images/'),
      referenced: (keys) => {
        asked.push(keys);
        return Promise.resolve(new Set(keys.filter((k) => k.endsWith('kept.png'))));
      },
    };
    const store = createLocalFileStore(root);
    const swept = await sweepStoredFiles(store, [images], new Date(Date.now() - hour));
    expect(swept).toEqual({ unfinished: 1, unreferenced: 1 });
    expect(remaining()).toEqual([
      'org/images/kept.png',
      'org/images/young-orphan.png',
      'org/images/young.png.0123456789ab.tmp',
      'org/other/unknown.bin',
    ]);
    // Only keys of the owner's kind, old enough, and no temporary file were asked about.
    expect(asked.flat().sort()).toEqual(['org/images/kept.png', 'org/images/orphan.png']);
  });

  it('writes no temporary file that outlives a write', async () => {
    const store = createLocalFileStore(path.join(root, 'puts'));
    await store.put('a/b.png', Buffer.from('picture'));
    expect(fs.readdirSync(path.join(root, 'puts/a'))).toEqual(['b.png']);
    expect((await store.get('a/b.png'))?.toString()).toBe('picture');
    const listed = [];
    for await (const f of store.list()) listed.push(f.key);
    expect(listed).toEqual(['a/b.png']);
  });

  it('removes a whole folder of the local store, unfinished writes included, and nothing beside it', async () => {
    const base = path.join(root, 'folders');
    const store = createLocalFileStore(base);
    await store.put('org-9/attachments/a/original.png', Buffer.from('x'));
    await store.put('org-9/invoice-images/b.png', Buffer.from('x'));
    fs.writeFileSync(path.join(base, 'org-9/attachments/a/original.png.0123456789ab.tmp'), 'x');
    await store.put('org-90/attachments/a/original.png', Buffer.from('x'));
    await store.removeUnder('org-9/');
    expect(fs.existsSync(path.join(base, 'org-9'))).toBe(false);
    expect((await store.get('org-90/attachments/a/original.png'))?.toString()).toBe('x');
    // Removing what is already gone is no error: a removal may be finished twice.
    await store.removeUnder('org-9/');
    await expect(store.removeUnder('../')).rejects.toThrow(/unsafe/);
    await expect(store.removeUnder('/etc/')).rejects.toThrow(/unsafe/);
  });
});
