#!/usr/bin/env node
// Fails on a source file or folder whose name is not kebab-case (lower-case words joined by hyphens; dotted
// parts name the role: `invoices.routes.test.ts`). One rule means a file is found where it is expected,
// and names cannot differ only by case (which some file systems cannot tell apart).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const trees = [
  'apps/server/src',
  'apps/web/src',
  'packages/contract/src',
  'packages/ocr/src',
  'e2e/tests',
  'bench',
  'scripts',
];
const source = /\.(ts|tsx|mts|js|mjs)$/;
const word = '[a-z0-9]+(?:-[a-z0-9]+)*';
const kebab = new RegExp(`^${word}(?:\\.${word})*$`);
const skipped = new Set(['node_modules', 'dist', 'results']);

/** The paths (relative to the repository) under `dirs` whose file or folder name is not kebab-case. */
export const misnamed = (dirs = trees) => {
  const found = [];
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (skipped.has(entry.name) || entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        if (!kebab.test(entry.name)) found.push(path.relative(root, full));
        walk(full);
      } else if (source.test(entry.name) && !kebab.test(entry.name)) {
        found.push(path.relative(root, full));
      }
    }
  };
  for (const dir of dirs) if (fs.existsSync(path.join(root, dir))) walk(path.join(root, dir));
  return found;
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const found = misnamed();
  if (found.length > 0) {
    process.stderr.write(`not kebab-case:\n${found.map((f) => `  ${f}`).join('\n')}\n`);
    process.exit(1);
  }
  process.stdout.write('file names: kebab-case\n');
}
