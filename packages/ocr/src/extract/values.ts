// Values next to labels: the amount, date, id or percentage printed beside a label (or under it in the
// same column), and the text (a name) that follows a party's label.
import type { Dec } from '../decimal.js';
import { logicalWords, segmentText } from '../layout.js';
import type { Line, Segment, Word } from '../layout.js';
import type { AmountOptions } from '../parse/amount.js';
import { misreadPartyLabel } from '../parse/labels.js';
import { hasArabic, wordKey } from '../text.js';
import { meanConf, xc } from './model.js';
import type { Doc, Found, Label, LineInfo, ValueKind } from './model.js';
import { pickLanguage } from './names.js';
import { amountAt, dateAt, idRun, percentAt } from './tokens.js';

type Candidate = Found<string | Dec> & { dist: number };

function valueAt(
  ws: Word[],
  i: number,
  line: Line,
  kind: ValueKind,
  opts: AmountOptions,
): { value: string | Dec; n: number } | null {
  if (kind === 'amount') {
    const v = amountAt(ws, i, opts);
    return v === null ? null : { value: v, n: 1 };
  }
  if (kind === 'percent') {
    const v = percentAt(ws, i);
    return v === null ? null : { value: v, n: 1 };
  }
  if (kind === 'id') return idRun(ws, i, line);
  const d = dateAt(ws, i);
  if (d || !line.rtl) return d;
  // A right-to-left row holds a date's words in the order they are read, right to left, whatever the
  // order of its numbers' runs on the page ("10 2025 أبريل" is read أبريل 10 2025).
  for (let n = 3; n >= 2; n--) {
    const span = ws.slice(i, i + n);
    if (span.length < n) continue;
    const r = dateAt(logicalWords(span, true), 0);
    if (r?.n === n) return r;
  }
  return null;
}

/** Every value of a kind among the usable words of a row, with its distance from the label. */
function scanRow(
  ws: Word[],
  line: Line,
  kind: ValueKind,
  opts: AmountOptions,
  usable: (i: number) => boolean,
  distOf: (w: Word[]) => number,
  out: Candidate[],
): void {
  for (let i = 0; i < ws.length; i++) {
    if (!usable(i)) continue;
    const v = valueAt(ws, i, line, kind, opts);
    if (!v) continue;
    const span = ws.slice(i, i + v.n);
    out.push({ value: v.value, words: span, line, conf: meanConf(span), dist: distOf(span) });
    i += v.n - 1;
  }
}

/** Nothing on the label's row: the value sits below it, in the same column. */
function scanBelow(
  doc: Doc,
  info: LineInfo,
  kind: ValueKind,
  gx0: number,
  gx1: number,
  out: Candidate[],
): void {
  const { line } = info;
  for (let k = info.idx + 1; k < doc.infos.length && k <= info.idx + 3; k++) {
    const below = doc.infos[k];
    if (!below || below.line.page !== line.page || below.header) break;
    if (below.line.y0 - line.y1 > line.height * 4) break;
    const width = gx1 - gx0;
    const usable = (i: number): boolean => {
      const w = below.line.words[i];
      return !!w && !below.inLabel.has(i) && w.x1 > gx0 - width * 0.6 && w.x0 < gx1 + width * 0.6;
    };
    scanRow(
      below.line.words,
      below.line,
      kind,
      doc.amountOpts,
      usable,
      (span) =>
        Math.abs(xc({ x0: span[0]?.x0 ?? 0, x1: span[span.length - 1]?.x1 ?? 0 }) - (gx0 + gx1) / 2) +
        k * 1000,
      out,
    );
    if (out.length) break;
    // A label in another column ("PAYMENT DUE" set lower beside "INVOICE NUMBER") does not end the search.
    if (below.labels.some((l) => l.x1 > gx0 - width * 0.6 && l.x0 < gx1 + width * 0.6)) break;
  }
}

/**
 * A word of letters followed by "No." or "#" opens a label ("INVOICE NO" read ".NVOIC٤ NO"): it is no
 * id, whatever digit a misread gave it.
 */
function opensNumberLabel(words: Word[], i: number): boolean {
  const next = words[i + 1];
  const t = words[i]?.text ?? '';
  const word = (t.match(/\p{L}/gu) ?? []).length >= 4 && (t.match(/\p{N}/gu) ?? []).length <= 1;
  return word && !!next && (next.text.trim() === '#' || /^(?:no|number)$/.test(wordKey(next.text)));
}

/** The values of a kind for a label, nearest first. */
export function valuesFor(doc: Doc, info: LineInfo, label: Label, kind: ValueKind): Found<string | Dec>[] {
  const { line } = info;
  const words = line.words;
  const out: Candidate[] = [];
  // Labels of the same field beside each other ("Invoice No. / رقم الفاتورة") act as one.
  const group = info.labels.filter(
    (l) =>
      l.field === label.field &&
      Math.abs(l.start - label.start) <= 8 &&
      (l === label || l.start !== label.start),
  );
  // A label the caller found itself (not among the row's labels) stands alone.
  if (!group.includes(label)) group.push(label);
  const gx0 = Math.min(...group.map((l) => l.x0));
  const gx1 = Math.max(...group.map((l) => l.x1));
  const blocked = (i: number): boolean => {
    const w = words[i];
    if (!w) return true;
    return info.labels.some(
      (o) => o.field !== label.field && ((o.x0 > gx1 && o.x0 < w.x0) || (o.x1 < gx0 && o.x1 > w.x1)),
    );
  };
  const preferLeft = label.arabic && line.rtl;
  scanRow(
    words,
    line,
    kind,
    doc.amountOpts,
    (i) => !info.inLabel.has(i) && !blocked(i) && !(kind === 'id' && opensNumberLabel(words, i)),
    (span) => {
      const a = Math.min(...span.map((w) => w.x0));
      const b = Math.max(...span.map((w) => w.x1));
      const right = a >= gx1 - 2;
      const d = right ? a - gx1 : gx0 - b;
      return Math.max(0, d) * (right === !preferLeft ? 1 : 1.6) + (d < 0 ? 1e6 : 0);
    },
    out,
  );
  if (out.length) return out.sort((a, b) => a.dist - b.dist);
  scanBelow(doc, info, kind, gx0, gx1, out);
  return out.sort((a, b) => a.dist - b.dist);
}

/**
 * One word of one to three small Latin letters ("ja", "je" where a bilingual label's Arabic half stands):
 * a label the engine could not read, never a party's name, which is capitalised and longer.
 */
const misreadFragment = (ws: Word[]): boolean => {
  const words = ws.filter((w) => !/^[#:：.\-–|/]+$/.test(w.text));
  return words.length === 1 && /^[a-z]{1,3}$/.test((words[0] as Word).text);
};

/** The name after the label in the label's own part of the segment, or in the part that follows it. */
function textInSegment(info: LineInfo, labelPart: Word[], after: Word[][]): Found<string> | null {
  const { line } = info;
  const rest = labelPart.filter((w) => !info.inLabel.has(line.words.indexOf(w)) && /\p{L}{2,}/u.test(w.text));
  const restAll = labelPart.filter(
    (w) => !info.inLabel.has(line.words.indexOf(w)) && !/^[:：/|\-–]+$/.test(w.text),
  );
  const value = rest.length ? restAll : (after[0] ?? []).filter((w) => !/^[:：\-–]+$/.test(w.text));
  if (!value.some((w) => /\p{L}{2,}/u.test(w.text)) || misreadFragment(value)) return null;
  return pickLanguage(rest.length ? restAll : value, line);
}

/** "اسم العميل      فندق الوادي" : the name is the next segment in the label's reading direction. */
function textInNextSegment(info: LineInfo, label: Label, seg: Segment): Found<string> | null {
  const { line } = info;
  const leftward = label.arabic && line.rtl;
  const next = line.segments
    .filter((s) => (leftward ? s.x1 <= seg.x0 : s.x0 >= seg.x1))
    .sort((a, b) => (leftward ? b.x1 - a.x1 : a.x0 - b.x0))[0];
  const nextHasLabel = next?.words.some((w) => info.inLabel.has(line.words.indexOf(w)));
  if (!next || nextHasLabel || !/\p{L}{2,}/u.test(segmentText(next))) return null;
  const gap = leftward ? seg.x0 - next.x1 : next.x0 - seg.x1;
  return gap < line.pageWidth * 0.6 ? pickLanguage(logicalWords(next.words, next.rtl), line) : null;
}

/** The name in the segment under the label, within two lines. */
function textBelow(doc: Doc, info: LineInfo, label: Label): Found<string> | null {
  const { line } = info;
  const lx0 = Math.min(...info.labels.filter((l) => l.field === label.field).map((l) => l.x0));
  const lx1 = Math.max(...info.labels.filter((l) => l.field === label.field).map((l) => l.x1));
  // Labels misread by a letter (a bilingual label's other half) are passed over, each adding a line.
  let reach = info.idx + 2;
  let top = line;
  for (let k = info.idx + 1; k < doc.infos.length && k <= reach; k++) {
    const below = doc.infos[k];
    if (!below || below.line.page !== line.page) break;
    if (below.line.y0 - top.y1 > line.height * 3) break;
    const cands = below.line.segments.filter((s) => s.x1 > lx0 - line.height && s.x0 < lx1 + line.height);
    const s = cands.sort((a, b) => Math.abs(xc(a) - (lx0 + lx1) / 2) - Math.abs(xc(b) - (lx0 + lx1) / 2))[0];
    const inLabel = !!s?.words.some((w) => below.inLabel.has(below.line.words.indexOf(w)));
    if (s && !inLabel && misreadPartyLabel(segmentText(s))) {
      reach++;
      top = below.line;
      continue;
    }
    if (s && /\p{L}{2,}/u.test(segmentText(s)) && !inLabel) {
      return pickLanguage(logicalWords(s.words, s.rtl), below.line);
    }
  }
  return null;
}

/** A speck read as a word: one or two letters read unsurely, or up to four that the engine all but rejects. */
const isSpeck = (w: Word): boolean => {
  const n = w.text.replace(/[^\p{L}\d]/gu, '').length;
  return (w.conf < 0.5 && n <= 2) || (w.conf < 0.15 && n <= 4);
};

/** Text right after a label on its segment, else the segment below it. */
export function textFor(doc: Doc, info: LineInfo, label: Label): Found<string> | null {
  const { line } = info;
  const seg = line.segments.find((s) => s.words.includes(line.words[label.start] as Word));
  if (!seg) return null;
  // "Seller / البائع", "BILLED TO | العميل": the segment is cut into parts at "/" and "|"; a short
  // part next to the label in the other script (or unreadable) is the label's translation, not a name.
  const parts: Word[][] = [[]];
  for (const w of logicalWords(seg.words, seg.rtl)) {
    if (/^[|/¦]+$/.test(w.text)) parts.push([]);
    else (parts[parts.length - 1] as Word[]).push(w);
  }
  const inThisLabel = (w: Word): boolean => {
    const i = line.words.indexOf(w);
    return info.labels.some((l) => l.field === label.field && i >= l.start && i <= l.end);
  };
  const at = parts.findIndex((p) => p.some(inThisLabel));
  // Specks read as a letter or two, unsurely, before the label ("jl Sold To") are not part of the row.
  const firstLabelWord = (parts[at] ?? []).findIndex(inThisLabel);
  const labelPart = (parts[at] ?? []).filter((w, i) => i >= firstLabelWord || !isSpeck(w));
  const isTranslation = (p: Word[]): boolean => {
    const ws = p.filter((w) => !/^[#:：.\-–]+$/.test(w.text));
    if (!ws.length) return true;
    if (ws.every((w) => info.inLabel.has(line.words.indexOf(w)))) return true;
    if (ws.length > 3) return false;
    if (misreadFragment(ws)) return true;
    return ws.some((w) => hasArabic(w.text)) !== label.arabic || meanConf(ws) < 0.6;
  };
  let from = at;
  while (from > 0 && isTranslation(parts[from - 1] as Word[])) from--;
  // A party label opens its segment ("Bill To ...", "العميل: ..."); elsewhere the word is prose.
  const lead = [...parts.slice(from, at).flat(), ...labelPart].filter((w) => !/^[#:]+$/.test(w.text))[0];
  if (!lead || !(inThisLabel(lead) || from < at)) return null;
  const after = parts.slice(at + 1);
  while (after.length && isTranslation(after[0] as Word[])) after.shift();
  return (
    textInSegment(info, labelPart, after) ??
    textInNextSegment(info, label, seg) ??
    textBelow(doc, info, label)
  );
}
