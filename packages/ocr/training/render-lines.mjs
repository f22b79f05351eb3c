// Renders training lines for the Arabic model: invoice-like Arabic lines with Arabic-Indic amounts, dates,
// invoice numbers and percentages, plus plain Arabic, English and Western-digit lines so the model keeps
// them. Lines are composed here from separately rendered runs (Pango through sharp): Arabic runs are shaped
// right to left, number and Latin runs are drawn with a left-to-right override, and the runs are placed in
// visual order. The ground truth is that visual order, left to right (Arabic runs reversed), which is what
// the LSTM learns; text2image's line boxes break on such mixed lines.
//
// Usage: node render-lines.mjs WORDLIST OUTDIR [LINES] [SEED] [STAGE: base | wide | wide-persian | wide-references (fonts.mjs)]
// Writes OUTDIR/page-NNN.png + page-NNN.box (100 lines per page, one line box each) and OUTDIR/lines.txt.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { STAGES } from './fonts.mjs';

const [, , wordFile, outDir, linesArg = '8000', seedArg = '20261122', stage = 'base'] = process.argv;
if (!wordFile || !outDir || !STAGES[stage]) {
  console.error(
    `usage: node render-lines.mjs WORDLIST OUTDIR [LINES] [SEED] [${Object.keys(STAGES).join('|')}]`,
  );
  process.exit(2);
}
const { ar: AR_FONTS, persian: PERSIAN_DIGIT_FONTS, latin: LATIN_FONTS } = STAGES[stage];
const LINES = Number(linesArg);
const PER_PAGE = 100;

// Seeded PRNG (mulberry32): the same seed renders the same lines.
let state = Number(seedArg) >>> 0;
function rand() {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
const int = (a, b) => a + Math.floor(rand() * (b - a + 1));
const pick = (xs) => xs[Math.floor(rand() * xs.length)];
const chance = (p) => rand() < p;

// Plain Arabic words from the model's own dictionary: standard letters only, no diacritics.
const WORDS = readFileSync(wordFile, 'utf8')
  .split('\n')
  .filter((w) => /^[\u0621-\u063A\u0641-\u064A]{2,10}$/u.test(w));
if (WORDS.length < 1000) throw new Error('word list too small');

const LABELS = [
  'رقم الفاتورة',
  'فاتورة رقم',
  'تاريخ الفاتورة',
  'تاريخ الإصدار',
  'تاريخ الاستحقاق',
  'التاريخ',
  'المجموع الفرعي',
  'المجموع',
  'الإجمالي',
  'الإجمالي المستحق',
  'المبلغ الإجمالي',
  'الإجمالي شامل الضريبة',
  'ضريبة القيمة المضافة',
  'الضريبة',
  'نسبة الضريبة',
  'الخصم',
  'المبلغ المستحق',
  'الرقم الضريبي',
  'السجل التجاري',
  'الهاتف',
  'جوال',
  'الكمية',
  'سعر الوحدة',
  'المبلغ',
  'الصافي',
  'المدفوع',
  'المتبقي',
  'رقم الطلب',
  'رقم العميل',
  'أمر الشراء',
];
const HEADINGS = [
  'فاتورة ضريبية',
  'فاتورة ضريبية مبسطة',
  'فاتورة',
  'البائع',
  'المورد',
  'العميل',
  'المشتري',
  'فاتورة إلى',
  'الوصف',
  'البند',
  'الصنف',
  'طريقة الدفع',
  'شروط الدفع',
  'ملاحظات',
  'شكرا لتعاملكم معنا',
];
const CURRENCIES = [
  'ر.س',
  'ريال',
  'ريال سعودي',
  'د.إ',
  'درهم',
  'ج.م',
  'جنيه',
  'د.ك',
  'دينار',
  'ر.ق',
  'د.أ',
  'ر.ع',
];
const CODES = ['SAR', 'AED', 'EGP', 'KWD', 'QAR', 'JOD', 'OMR', 'BHD', 'USD', 'EUR'];
const EN_LABELS = [
  'Invoice No',
  'Invoice Number',
  'Invoice Date',
  'Issue Date',
  'Due Date',
  'Date',
  'Subtotal',
  'Total',
  'Grand Total',
  'Amount Due',
  'VAT',
  'Tax',
  'VAT Number',
  'Discount',
  'Qty',
  'Unit Price',
  'Amount',
  'Bill To',
  'Customer',
  'Phone',
  'PO Number',
];
const EN_WORDS = [
  'Office',
  'chairs',
  'paper',
  'printer',
  'toner',
  'cartridge',
  'laptop',
  'service',
  'maintenance',
  'consulting',
  'hours',
  'delivery',
  'cable',
  'monitor',
  'desk',
  'licence',
  'annual',
  'support',
  'Trading',
  'Company',
  'Est.',
  'Ltd',
  'Street',
  'Road',
  'Riyadh',
  'Dubai',
  'Cairo',
  'Kuwait',
  'Doha',
  'Amman',
];

const AI = '٠١٢٣٤٥٦٧٨٩';
const toAI = (s) => s.replace(/[0-9]/g, (d) => AI[Number(d)]);
const digitsOf = (n) => String(int(0, 10 ** n - 1)).padStart(n, '0');

// Amount in one of the styles invoices print: 1,234.50 / 1234.50 / 1.234,50, Western or Arabic-Indic.
function amount(arabicIndic) {
  const big = chance(0.3);
  const whole = big ? int(1000, 999999) : int(0, 9999);
  const cents = String(int(0, 99)).padStart(2, '0');
  const group = chance(0.7);
  let w = String(whole);
  if (arabicIndic) {
    if (group) w = w.replace(/\B(?=(\d{3})+$)/g, chance(0.7) ? '٬' : ',');
    const dec = chance(0.75) ? '٫' : chance(0.5) ? '.' : ',';
    return toAI(chance(0.85) ? `${w}${dec}${cents}` : w);
  }
  if (group) w = w.replace(/\B(?=(\d{3})+$)/g, ',');
  return chance(0.9) ? `${w}.${cents}` : w;
}
function date(arabicIndic) {
  const y = String(int(2019, 2027));
  const m = String(int(1, 12)).padStart(chance(0.7) ? 2 : 1, '0');
  const d = String(int(1, 28)).padStart(chance(0.7) ? 2 : 1, '0');
  const sep = pick(['/', '/', '-', '.']);
  const s = chance(0.5) ? `${d}${sep}${m}${sep}${y}` : `${y}${sep}${m}${sep}${d}`;
  return arabicIndic ? toAI(s) : s;
}
function invoiceId(arabicIndic) {
  if (STAGES[stage].references && chance(0.6)) return reference(arabicIndic);
  const n = digitsOf(int(3, 6));
  const y = String(int(2019, 2027));
  const s = pick([`INV-${y}-${n}`, `INV-${n}`, `${y}-${n}`, `${n}`, `F${n}`, `${y}/${n}`, `SI-${n}`]);
  return arabicIndic ? toAI(s) : s;
}
// A reference of Latin capitals and digits as issuers number their documents: a series code before the
// number, codes between slashes or dashes, a year; the letters drawn at random (capitals that look like
// digits, I O S B Z L, included), the digits Arabic-Indic where the line's are.
const CAPITALS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const capitals = (a, b) => Array.from({ length: int(a, b) }, () => pick(CAPITALS)).join('');
function reference(arabicIndic) {
  const n = digitsOf(int(3, 8));
  const y = String(int(2019, 2027));
  const yy = y.slice(2);
  const s = pick([
    `${capitals(1, 3)}${n}`,
    `${capitals(1, 4)}-${n}`,
    `${capitals(1, 3)}/${n}`,
    `${capitals(1, 3)}-${y}-${n}`,
    `${capitals(1, 3)}/${y}/${n}`,
    `${capitals(1, 2)}/${capitals(2, 3)}/${yy}/${n}`,
    `${capitals(2, 3)}-${n}-${yy}`,
    `${capitals(1, 3)}${yy}-${n}`,
    `${n}/${capitals(1, 3)}`,
  ]);
  return arabicIndic ? toAI(s) : s;
}
function percent(arabicIndic) {
  const v = pick(['5', '10', '14', '15', '15', '16', '20', '2.5', '7.5']);
  const s = arabicIndic ? toAI(v).replace('.', '٫') : v;
  return chance(0.5) ? `${s}%` : `%${s}`;
}
function plainNumber(arabicIndic) {
  const s = pick([digitsOf(int(1, 3)), digitsOf(15), `05${digitsOf(8)}`, `${int(1, 12)}:${digitsOf(2)}`]);
  return arabicIndic ? toAI(s) : s;
}
function qty(arabicIndic) {
  const s = chance(0.8) ? String(int(1, 250)) : `${int(1, 50)}.${int(1, 9)}`;
  return arabicIndic ? toAI(s).replace('.', '٫') : s;
}
const arWords = (a, b) => Array.from({ length: int(a, b) }, () => pick(WORDS)).join(' ');
const label = () => pick(LABELS) + (chance(0.7) ? ':' : '');

// A run: text and direction. A line: runs in logical order, and the line's base direction.
const R = (text) => ({ text, rtl: true });
const L = (text) => ({ text, rtl: false });

function arabicLine() {
  const ai = chance(0.75); // Arabic-Indic digits on most Arabic lines, Western on the rest
  return persianOrNot(ai, arabicRuns(ai));
}
// Some Arabic-Indic lines are drawn in the Persian digits' shapes (the Gulf's and Egypt's printers use both).
// The truth stays Arabic-Indic: the digits mean the same, and six of the ten look alike in both.
function persianOrNot(ai, runs) {
  return Object.assign(runs, { persian: ai && chance(0.3) });
}
const PERSIAN = (s) => s.replace(/[\u0660-\u0669]/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0x90));
function arabicRuns(ai) {
  switch (int(0, 11)) {
    case 0:
    case 1:
      return [
        R(label()),
        L(amount(ai)),
        ...(chance(0.5) ? [R(pick(CURRENCIES))] : chance(0.2) ? [L(pick(CODES))] : []),
      ];
    case 2:
      return [R(label()), L(date(ai))];
    case 3:
      return [R(label()), L(invoiceId(ai))];
    case 4:
      return [R(pick(['ضريبة القيمة المضافة', 'الضريبة', 'ضريبة'])), L(percent(ai)), L(amount(ai))];
    case 5:
    case 6: // item row: description, quantity, unit price, total
      return [R(arWords(1, 4)), L(qty(ai)), L(amount(ai)), L(amount(ai))];
    case 7:
      return [R(label()), L(plainNumber(ai))];
    case 8:
      return [R(pick(HEADINGS)), ...(chance(0.5) ? [R(arWords(1, 3))] : [])];
    case 9:
      return [L(amount(ai)), R(pick(CURRENCIES))];
    case 10:
      return [R(arWords(2, 6))];
    default:
      return [R(arWords(1, 3)), L(date(ai)), R(arWords(1, 2)), L(amount(ai))];
  }
}
function englishLine() {
  switch (int(0, 4)) {
    case 0:
      return [L(`${pick(EN_LABELS)}: ${pick([amount(false), date(false), invoiceId(false)])}`)];
    case 1:
      return [L(`${pick(EN_WORDS)} ${pick(EN_WORDS)}`), L(qty(false)), L(amount(false)), L(amount(false))];
    case 2:
      return [L(`${pick(EN_LABELS)} ${amount(false)} ${pick(CODES)}`)];
    case 3:
      return [L(`${pick(EN_WORDS)} ${pick(EN_WORDS)} ${pick(EN_WORDS)}`)];
    default:
      return [L(pick(EN_LABELS)), L(percent(false)), L(amount(false))];
  }
}
function bilingualLine() {
  const ai = chance(0.4);
  const en = pick(EN_LABELS);
  const v = pick([amount(ai), date(ai), invoiceId(ai)]);
  // English label / Arabic label, value: the Arabic part is the right-hand side.
  return persianOrNot(ai, chance(0.5) ? [R(label()), L(`${en}:`), L(v)] : [R(label()), L(v), L(en)]);
}

// Visual order of a line: an RTL line (any Arabic run) shows its runs right to left; an LTR line left to
// right. Each RTL run's characters are reversed in the truth; LTR runs keep their order.
function visual(runs) {
  const rtl = runs.some((r) => r.rtl);
  return rtl ? [...runs].reverse() : runs;
}
const truthOf = (r) => (r.rtl ? [...r.text].reverse().join('') : r.text);
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

async function renderRun(run, font, size, dpi, persian) {
  const shown = persian ? PERSIAN(run.text) : run.text;
  const text = run.rtl ? esc(shown) : `\u202D${esc(shown)}\u202C`;
  const { data, info } = await sharp({ text: { text, font: `${font} ${size}`, dpi } })
    .toColourspace('b-w')
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, w: info.width, h: info.height, ch: info.channels };
}

async function renderLine(runs) {
  const arFont = pick(AR_FONTS);
  // Faces without the Persian digits would draw nothing for them: such numbers take a face that has them.
  const laFont = runs.persian
    ? PERSIAN_DIGIT_FONTS.includes(arFont) && chance(0.5)
      ? arFont
      : pick(PERSIAN_DIGIT_FONTS)
    : chance(0.5)
      ? arFont
      : pick(LATIN_FONTS);
  const size = pick([8, 9, 10, 10, 11, 12, 12, 14, 16]);
  const dpi = pick([150, 200, 200, 250, 300, 300]);
  const vis = visual(runs);
  const imgs = [];
  for (const r of vis)
    imgs.push(await renderRun(r, r.rtl ? arFont : laFont, size, dpi, runs.persian === true));
  const em = Math.max(...imgs.map((i) => i.h));
  const gaps = vis.map((_, i) =>
    i === 0 ? 0 : Math.round(em * (chance(0.5) ? 0.3 + rand() * 0.4 : 1 + rand() * 4)),
  );
  const padX = int(4, 24);
  const padY = int(2, Math.max(3, Math.round(em * 0.3)));
  const w = padX * 2 + imgs.reduce((a, i) => a + i.w, 0) + gaps.reduce((a, b) => a + b, 0);
  const h = em + padY * 2;
  const bg = chance(0.7) ? 255 : int(200, 250);
  const ink = chance(0.8) ? 0 : int(20, 90);
  const px = new Uint8Array(w * h).fill(bg);
  let x = padX;
  imgs.forEach((im, k) => {
    x += gaps[k] ?? 0;
    const oy = padY + Math.floor((em - im.h) / 2);
    for (let yy = 0; yy < im.h; yy++) {
      for (let xx = 0; xx < im.w; xx++) {
        const a = im.data[(yy * im.w + xx) * im.ch] / 255; // glyph coverage (white on black)
        if (a > 0) {
          const i = (oy + yy) * w + x + xx;
          px[i] = Math.round(px[i] * (1 - a) + ink * a);
        }
      }
    }
    x += im.w;
  });
  if (chance(0.25)) {
    const amp = int(5, 30);
    for (let i = 0; i < px.length; i++)
      px[i] = Math.max(0, Math.min(255, px[i] + Math.round((rand() - 0.5) * amp)));
  }
  let img = sharp(Buffer.from(px), { raw: { width: w, height: h, channels: 1 } });
  if (chance(0.2)) img = img.blur(0.5 + rand() * 0.5);
  let out = await img.toColourspace('b-w').raw().toBuffer();
  if (chance(0.2)) {
    const jpg = await sharp(out, { raw: { width: w, height: h, channels: 1 } })
      .jpeg({ quality: int(30, 70) })
      .toBuffer();
    out = await sharp(jpg).toColourspace('b-w').raw().toBuffer();
  }
  return { px: out, w, h, truth: vis.map(truthOf).join(' ') };
}

mkdirSync(outDir, { recursive: true });
const all = [];
for (let p = 0; p * PER_PAGE < LINES; p++) {
  const lines = [];
  for (let i = 0; i < PER_PAGE && p * PER_PAGE + i < LINES; i++) {
    const kind = rand();
    const runs = kind < 0.62 ? arabicLine() : kind < 0.8 ? bilingualLine() : englishLine();
    lines.push(await renderLine(runs));
  }
  const gap = 24;
  const W = Math.max(...lines.map((l) => l.w)) + 20;
  const H = lines.reduce((a, l) => a + l.h + gap, gap);
  const page = new Uint8Array(W * H).fill(255);
  const box = [];
  let y = gap;
  for (const l of lines) {
    for (let yy = 0; yy < l.h; yy++) page.set(l.px.subarray(yy * l.w, (yy + 1) * l.w), (y + yy) * W + 10);
    const [x0, x1, b, t] = [10, 10 + l.w, H - (y + l.h), H - y];
    for (const c of l.truth) box.push(`${c} ${x0} ${b} ${x1} ${t} 0`);
    box.push(`\t ${x0} ${b} ${x1} ${t} 0`);
    all.push(l.truth);
    y += l.h + gap;
  }
  const name = join(outDir, `page-${String(p).padStart(3, '0')}`);
  await sharp(Buffer.from(page), { raw: { width: W, height: H, channels: 1 } })
    .toColourspace('b-w')
    .png()
    .toFile(`${name}.png`);
  writeFileSync(`${name}.box`, box.join('\n') + '\n');
}
writeFileSync(join(outDir, 'lines.txt'), all.join('\n') + '\n');
console.error(`${all.length} lines in ${Math.ceil(LINES / PER_PAGE)} pages`);
