// Fails when the English and Arabic catalogues differ in keys: every string a user sees exists in both.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../apps/web/src/locales');
const flatten = (obj, prefix = '') =>
  Object.entries(obj).flatMap(([k, v]) =>
    v !== null && typeof v === 'object' ? flatten(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
const load = (lang) => {
  const dir = path.join(root, lang);
  if (!fs.existsSync(dir)) return new Map();
  return new Map(
    fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .map((f) => [f, new Set(flatten(JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8'))))]),
  );
};
const en = load('en');
const ar = load('ar');
const problems = [];
for (const ns of new Set([...en.keys(), ...ar.keys()])) {
  const a = en.get(ns) ?? new Set();
  const b = ar.get(ns) ?? new Set();
  for (const k of a) if (!b.has(k)) problems.push(`ar/${ns} lacks ${k}`);
  for (const k of b) if (!a.has(k)) problems.push(`en/${ns} lacks ${k}`);
}
if (en.size === 0) problems.push('no English catalogues found');
if (problems.length) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`locales: en and ar agree (${en.size} namespaces)`);
