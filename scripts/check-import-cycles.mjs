#!/usr/bin/env node
// Fails when modules import each other in a circle (type-only imports count too): a cycle makes the order
// in which modules run depend on who is imported first, and is how layers start to leak into each other.
// Checks apps/server/src and packages/*/src; relative imports only (packages import each other by name).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const extensions = ['.ts', '.tsx', '.mts'];

const sourceFiles = (dir) =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return extensions.some((e) => entry.name.endsWith(e)) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });

const resolve = (from, specifier) => {
  const base = path.resolve(path.dirname(from), specifier.replace(/\.(m?js)$/, ''));
  for (const candidate of [
    base,
    ...extensions.map((e) => base + e),
    ...extensions.map((e) => path.join(base, `index${e}`)),
  ]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
};

/** The import graph of the files under `dirs`: file → the files it imports. */
export const importGraph = (dirs) => {
  const graph = new Map();
  for (const file of dirs.flatMap((d) => (fs.existsSync(d) ? sourceFiles(d) : []))) {
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(file, 'utf8'), true, false);
    const targets = importedFiles
      .map((i) => i.fileName)
      .filter((s) => s.startsWith('./') || s.startsWith('../'))
      .map((s) => resolve(file, s))
      .filter(Boolean);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
};

/** The groups of files that import each other, directly or around a circle (Tarjan's components). */
export const findCycles = (graph) => {
  let counter = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), index.get(next)));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
};

export const checkedDirs = () => [
  path.join(root, 'apps/server/src'),
  ...fs
    .readdirSync(path.join(root, 'packages'))
    .map((p) => path.join(root, 'packages', p, 'src'))
    .filter((d) => fs.existsSync(d)),
];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const cycles = findCycles(importGraph(checkedDirs()));
  if (cycles.length > 0) {
    for (const group of cycles) {
      process.stderr.write(
        `import cycle among:\n${group.map((f) => `  ${path.relative(root, f)}`).join('\n')}\n`,
      );
    }
    process.exit(1);
  }
  process.stdout.write('imports: no cycles in apps/server/src and packages/*/src\n');
}
