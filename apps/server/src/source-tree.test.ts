import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const run = (script: string) =>
  execFileSync(process.execPath, [path.join(root, 'scripts', script)], { cwd: root, encoding: 'utf8' });

// The checks lint cannot make (scripts/test.sh runs them too); a failure prints what to fix.
describe('the source tree', () => {
  it('has no import cycles in the server and the packages', () => {
    expect(run('check-import-cycles.mjs')).toContain('no cycles');
  });

  it('names every source file and folder in kebab-case', () => {
    expect(run('check-file-names.mjs')).toContain('kebab-case');
  });
});
