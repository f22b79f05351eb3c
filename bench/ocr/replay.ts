// The extraction alone, on stored readings: each document of the generated sets is read by the engine once
// (per pipeline and Arabic model) and its page words stored; later runs only extract and score, in seconds.
// `samples` is the shared samples' invoices and receipts (OCR_SAMPLES, as for bench:ocr).
// For working on the extractor; `bench:ocr` stays the measure (the replay reads nothing again from pixels).
//   npm run bench:ocr:replay [-- --sets samples,dev,validation] [--groups en,ar,bi,receipts] [--pipeline normal]
//                            [--show FIELD,...] [--doc ID,...] [--fresh]
//                            [--tag NAME (a separate store of readings)] [--per-doc] [--fields-by-group]
//                            [--kinds jpeg_photo,... (generated documents of these kinds only)]
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractReadings, readDocument } from '../../packages/ocr/src/recognize.js';
import type { DocumentReadings } from '../../packages/ocr/src/recognize.js';
import type { FieldsJson, Pipeline } from '../../packages/ocr/src/index.js';
import { loadFolder } from './docs.js';
import type { BenchDoc } from './docs.js';
import { CORPUS_VERSION, generateCorpus } from './generate/cli.js';
import type { Split } from './generate/split.js';
import { rawCoverage } from './score.js';
import type { InvoiceTruth } from './score.js';

const repoRoot = resolve(fileURLToPath(import.meta.url), '../../..');
const args = process.argv.slice(2);
const opt = (name: string): string | undefined => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const pipeline = (opt('--pipeline') ?? 'normal') as Pipeline;
/** `dev`, `validation`, `samples`, or a further generated set of a split: `dev@SEEDxCOUNT`. */
const setNames = (opt('--sets') ?? 'dev').split(',');
const groups = (opt('--groups') ?? 'en,ar,bi,receipts').split(',');
/** Fields whose misses are printed with the truth beside the extraction. */
const show = opt('--show')?.split(',') ?? [];
const onlyDocs = opt('--doc')?.split(',');
/** Only documents of these kinds (`jpeg_photo`, `png_clean`, ...; a generated truth's `kind`, by prefix). */
const kinds = opt('--kinds')?.split(',');
const SEEDS: Record<Split, number> = { dev: 1901, validation: 1902 };
const cacheRoot = resolve(process.env.OCR_CORPUS_DIR ?? resolve(repoRoot, 'node_modules/.cache/ocr-corpus'));
const samples = resolve(process.env.OCR_SAMPLES ?? resolve(repoRoot, '../shared/samples'));

/** A set's documents: the samples' folders, or a generated set (generated on first use). */
async function docsOf(name: string): Promise<BenchDoc[]> {
  if (name === 'samples') {
    return [resolve(samples, 'invoices'), resolve(samples, 'receipts-sroie')].flatMap(loadFolder);
  }
  const m = /^(dev|validation)(?:@(\d+)x(\d+))?$/.exec(name);
  if (!m) throw new Error(`unknown set ${name}: samples, dev, validation or dev@SEEDxCOUNT`);
  const split = m[1] as Split;
  const seed = m[2] ? Number(m[2]) : SEEDS[split];
  const count = m[3] ? Number(m[3]) : 60;
  const dir = resolve(cacheRoot, `${split}-v${CORPUS_VERSION}-s${seed}-n${count}`);
  if (!existsSync(join(dir, 'manifest.json'))) await generateCorpus({ out: dir, count, seed, split });
  return loadFolder(dir);
}

/** The stored readings belong to the Arabic model that made them. */
function modelsHash(): string {
  const dir = resolve(repoRoot, 'packages/ocr/models');
  const h = createHash('sha1');
  for (const f of readdirSync(dir).sort()) h.update(f).update(readFileSync(join(dir, f)));
  return h.digest('hex').slice(0, 10);
}

const pct = (a: number, b: number): string => (b ? ((100 * a) / b).toFixed(1) + '%' : '-');

/** A receipt's field as extracted (receipts' truth is printed by their own scorer only). */
function receiptValue(f: FieldsJson, field: string): unknown {
  if (field === 'company') return f.vendor.name;
  if (field === 'address') return f.vendor.address;
  if (field === 'date') return f.issue_date;
  return field === 'total' ? f.total : null;
}

function headerValue(f: FieldsJson, t: InvoiceTruth, field: string): [unknown, unknown] {
  const tf = t.fields;
  switch (field) {
    case 'invoice_number':
      return [f.invoice_number, tf.invoice_number];
    case 'issue_date':
      return [f.issue_date, tf.issue_date];
    case 'due_date':
      return [f.due_date, tf.due_date];
    case 'vendor':
      return [f.vendor.name, [tf.vendor_name, tf.vendor_name_ar].filter(Boolean).join(' | ')];
    case 'customer':
      return [f.customer.name, [tf.customer_name, tf.customer_name_ar].filter(Boolean).join(' | ')];
    case 'currency':
      return [f.currency, tf.currency];
    case 'subtotal':
      return [f.subtotal, tf.subtotal];
    case 'tax_rate':
      return [f.tax_rate, tf.tax_rate];
    case 'tax':
      return [f.tax_amount, tf.tax];
    case 'total':
      return [f.total, tf.total];
    default:
      return [
        f.line_items.map((l) => `${l.description} | ${l.quantity} x ${l.unit_price} = ${l.total}`),
        tf.line_items.map(
          (l) => `${l.description_ar ?? l.description} | ${l.quantity} x ${l.unit_price} = ${l.line_total}`,
        ),
      ];
  }
}

async function main(): Promise<void> {
  const models = modelsHash();
  type Acc = { ok: number; n: number };
  const add = (m: Map<string, Acc>, k: string, ok: number): void => {
    const a = m.get(k) ?? { ok: 0, n: 0 };
    a.ok += ok;
    a.n += 1;
    m.set(k, a);
  };
  for (const name of setNames) {
    const tag = opt('--tag') ? `-${opt('--tag')}` : '';
    const store = resolve(cacheRoot, 'readings', `${name}-${pipeline}-${models}${tag}`);
    mkdirSync(store, { recursive: true });
    const byGroup = new Map<string, Acc>();
    const byField = new Map<string, Acc>();
    const byGroupField = new Map<string, Acc>();
    /** Key values found anywhere in the raw text: what the reading holds for the extraction. */
    const raw = new Map<string, Acc>();
    const docs = (await docsOf(name)).filter(
      (d) =>
        groups.includes(d.group) &&
        (!onlyDocs || onlyDocs.includes(d.id)) &&
        (!kinds || kinds.some((k) => (d.invoice?.kind ?? '').startsWith(k))),
    );
    for (const d of docs) {
      const stored = join(store, `${d.id}.json`);
      let readings: DocumentReadings;
      if (existsSync(stored) && !args.includes('--fresh')) {
        readings = JSON.parse(readFileSync(stored, 'utf8')) as DocumentReadings;
      } else {
        const bytes = new Uint8Array(readFileSync(d.file));
        readings = await readDocument({ bytes }, { pipeline, timeoutMs: 600_000 });
        writeFileSync(stored, JSON.stringify(readings));
        console.error(`read ${d.id}`);
      }
      const r = await extractReadings(readings, { pipeline });
      const scores = d.score(r.fields_json);
      const cov = rawCoverage(r.raw_text, d.keyValues);
      const rc = raw.get(d.group) ?? { ok: 0, n: 0 };
      raw.set(d.group, { ok: rc.ok + cov.found, n: rc.n + cov.total });
      for (const s of scores) {
        add(byGroup, d.group, s.ok ? 1 : 0);
        add(byField, s.field, s.ok ? 1 : 0);
        add(byGroupField, `${d.group} ${s.field}`, s.ok ? 1 : 0);
      }
      if (args.includes('--per-doc')) {
        console.log(`${d.id} ${d.group} ${scores.filter((s) => s.ok).length}/${scores.length}`);
      }
      const missed = new Set(scores.filter((s) => !s.ok).map((s) => s.field));
      for (const field of show) {
        if (!missed.has(field) && !(field === 'items' && [...missed].some((m) => m.startsWith('item.')))) {
          continue;
        }
        const t = d.invoice;
        const [got, want] = t
          ? headerValue(r.fields_json, t, field)
          : [receiptValue(r.fields_json, field), ''];
        console.log(
          `${d.id} (${d.group}${t?.family ? `, ${t.family}` : ''}) ${field}: got ${JSON.stringify(got)}${t ? ` want ${JSON.stringify(want)}` : ''}`,
        );
      }
      if (onlyDocs?.length === 1) console.log(r.raw_text);
    }
    console.log(`\n## ${name} (${pipeline}, models ${models})`);
    for (const [g, a] of byGroup) {
      const rc = raw.get(g);
      console.log(`${g}: ${pct(a.ok, a.n)} (${a.ok}/${a.n}), raw ${rc ? pct(rc.ok, rc.n) : '-'}`);
    }
    for (const [f, a] of byField) console.log(`  ${f}: ${f === 'item.extra' ? a.n : pct(a.ok, a.n)}`);
    if (args.includes('--fields-by-group')) {
      for (const g of byGroup.keys()) {
        const cells = [...byGroupField]
          .filter(([k]) => k.startsWith(`${g} `) && !k.endsWith('item.extra'))
          .map(([k, a]) => `${k.slice(g.length + 1)} ${a.n - a.ok}/${a.n}`);
        console.log(`  ${g} misses: ${cells.join(', ')}`);
      }
    }
  }
}

await main();
