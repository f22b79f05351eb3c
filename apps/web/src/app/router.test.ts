import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { namespaces, shellNamespaces } from '../lib/i18n';

/*
 * Each page downloads its texts beside its code (router.tsx's `page(load, name, namespaces)`). A catalogue a
 * page shows but does not list would hold the page back behind its loader until it arrives: this reads each
 * page's source, and the files it imports, for the catalogues they use.
 */

const appDir = path.dirname(fileURLToPath(import.meta.url));
const routesDir = path.join(appDir, 'routes');

function resolveImport(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    try {
      if (statSync(candidate).isFile() && /\.tsx?$/.test(candidate)) return candidate;
    } catch {
      // Not this one.
    }
  }
  return null;
}

/** The file and every file of the app it imports, statically or when needed. */
function filesOf(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const match of source.matchAll(/(?:from\s+|import\s*\(\s*)'(\.{1,2}\/[^']+)'/g)) {
    const imported = resolveImport(file, match[1]!);
    if (imported && !imported.includes('.test.')) filesOf(imported, seen);
  }
  return seen;
}

/** The catalogues a file uses: useTranslation's, `t('ns:key')`, and a namespace handed to a shared part. */
function namespacesIn(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const match of source.matchAll(/useTranslation\(\s*(\[[^\]]*\]|'[^']*')/g)) {
    for (const name of match[1]!.matchAll(/'([\w-]+)'/g)) found.push(name[1]!);
  }
  for (const match of source.matchAll(/\bt\(\s*'([\w-]+):/g)) found.push(match[1]!);
  for (const match of source.matchAll(/\b(?:namespace|ns)="([\w-]+)"/g)) found.push(match[1]!);
  return found;
}

/** The namespaces router.tsx lists for each page file. */
function declaredByPage(): Map<string, string[][]> {
  const router = readFileSync(path.join(appDir, 'router.tsx'), 'utf8');
  const declared = new Map<string, string[][]>();
  for (const match of router.matchAll(
    /page\(\s*\(\)\s*=>\s*import\('\.\/routes\/([\w-]+)'\),\s*'\w+',\s*\[([^\]]*)\]/g,
  )) {
    const names = [...match[2]!.matchAll(/'([\w-]+)'/g)].map((name) => name[1]!);
    declared.set(match[1]!, [...(declared.get(match[1]!) ?? []), names]);
  }
  // The pages that are part of the shell, imported by name.
  const files = new Map(
    [...router.matchAll(/import \{ (\w+) \} from '\.\/routes\/([\w-]+)'/g)].map((m) => [m[1]!, m[2]!]),
  );
  for (const match of router.matchAll(/\.\.\.shellPage\((\w+),\s*\[([^\]]*)\]/g)) {
    const file = files.get(match[1]!)!;
    const names = [...match[2]!.matchAll(/'([\w-]+)'/g)].map((name) => name[1]!);
    declared.set(file, [...(declared.get(file) ?? []), names]);
  }
  const pageCount =
    [...router.matchAll(/import\('\.\/routes\//g)].length + [...router.matchAll(/\.\.\.shellPage\(/g)].length;
  expect([...declared.values()].flat().length, 'every page of router.tsx lists its catalogues').toBe(
    pageCount,
  );
  return declared;
}

describe('the catalogues each page downloads', () => {
  const declared = declaredByPage();
  const pages = readdirSync(routesDir).filter((file) => file.endsWith('.tsx'));

  it('covers every page file', () => {
    expect([...declared.keys()].sort()).toEqual(pages.map((file) => file.replace(/\.tsx$/, '')).sort());
  });

  it.each(pages)('are the ones %s shows', (file) => {
    const used = new Set<string>();
    for (const source of filesOf(path.join(routesDir, file))) {
      for (const name of namespacesIn(source)) used.add(name);
    }
    const expected = [...used].filter((name) => !shellNamespaces.includes(name)).sort();
    for (const name of expected) expect(namespaces, `${name} is a catalogue`).toContain(name);
    for (const list of declared.get(file.replace(/\.tsx$/, '')) ?? [])
      expect([...list].sort()).toEqual(expected);
  });
});
