// The invoice number and the dates: the first readable value beside each label; a receipt's date, which
// often stands without a label, is the first date on the page that is not the due date.
import { BARE_NUMBER_LABELS, OTHER_NUMBER_WORDS } from '../parse/labels.js';
import type { LabelField } from '../parse/labels.js';
import { placeWords } from '../parse/places.js';
import { hasRegionalAddressWord } from '../regions/index.js';
import { logicalWords } from '../layout.js';
import type { Word } from '../layout.js';
import { toWesternDigits, wordKey } from '../text.js';
import { labelsOf, meanConf } from './model.js';
import type { Doc, Found, Label, LineInfo } from './model.js';
import { dateAt, idRun } from './tokens.js';
import { valuesFor } from './values.js';

export interface NumberAndDates {
  invoiceNumber: Found<string> | null;
  issueDate: Found<string> | null;
  dueDate: Found<string> | null;
}

/** A bare "No." label on a row that names another number (a tax registration, a phone). */
function otherNumberRow(info: LineInfo, label: Label): boolean {
  const ws = info.line.words;
  const key = ws
    .slice(label.start, label.end + 1)
    .map((w) => wordKey(w.text))
    .join(' ');
  if (!BARE_NUMBER_LABELS.includes(key)) return false;
  // Words, not the number itself ("S/AE/26/7005" is no "S." of a serial number).
  return ws.some(
    (w, i) =>
      (i < label.start || i > label.end) && !/\d/.test(w.text) && OTHER_NUMBER_WORDS.test(wordKey(w.text)),
  );
}

function firstValue(doc: Doc, field: LabelField, kind: 'id' | 'date'): Found<string> | null {
  for (const { info, label } of labelsOf(doc, field)) {
    if (field === 'invoice_number' && otherNumberRow(info, label)) continue;
    const vs = valuesFor(doc, info, label, kind);
    // Of several ids beside a label, one of three digits or more before a shorter one nearer to it (a
    // speck or a misread word read as "23").
    const v =
      kind === 'id'
        ? (vs.find((x) => typeof x.value === 'string' && (x.value.match(/\d/g) ?? []).length >= 3) ?? vs[0])
        : vs[0];
    if (v && typeof v.value === 'string') return { ...v, value: v.value };
  }
  return null;
}

/** The first date of the document that is not the due date, read without a label (less surely). */
function unlabelledDate(doc: Doc, dueDate: Found<string> | null): Found<string> | null {
  for (const info of doc.infos) {
    for (let i = 0; i < info.line.words.length; i++) {
      const d = dateAt(info.line.words, i);
      if (d && (!dueDate || d.value !== dueDate.value || info.line !== dueDate.line)) {
        const ws = info.line.words.slice(i, i + d.n);
        return { value: d.value, words: ws, line: info.line, conf: meanConf(ws) * 0.8, unlabelled: true };
      }
    }
  }
  return null;
}

/**
 * The due date where its label was not read: the first date on the few rows below the issue date, above
 * the items, on a row that names no other field, and later than the issue date (a due date follows the
 * date of issue; a date of supply does not come after it). Read less surely, as read without its label.
 */
function dueDateBelow(doc: Doc, issue: Found<string>): Found<string> | null {
  const from = doc.infos.findIndex((info) => info.line === issue.line);
  if (from < 0) return null;
  for (const info of doc.infos.slice(from + 1, from + 4)) {
    if (info.header) return null;
    if (info.labels.some((l) => l.field !== 'due_date')) continue;
    const ws = info.line.words;
    for (let i = 0; i < ws.length; i++) {
      const d = dateAt(ws, i);
      if (!d) continue;
      if (d.value <= issue.value) break;
      const used = ws.slice(i, i + d.n);
      return { value: d.value, words: used, line: info.line, conf: meanConf(used) * 0.6, unlabelled: true };
    }
  }
  return null;
}

/**
 * Payment terms in days, where no due date is printed: "Net 30", "payable within 30 days", "Payment terms:
 * 14 days", "يرجى السداد خلال ١٥ يوما", "شروط الدفع: ٣٠ يوم". A number of days beside words of paying (or
 * "net"), up to a year.
 */
const TERMS_EN =
  /\b(?:net\s*(\d{1,3})\b|(?:pay|payable|payment|due|terms)\b[^\d]{0,30}?(\d{1,3})\s*days?\b)/i;
const TERMS_AR = /(?:السداد|الدفع|يستحق|الاستحقاق)[^\d]{0,20}?(\d{1,3})\s*(?:يوما|يوم|أيام|ايام)/;

export function termDays(text: string): number | null {
  const t = toWesternDigits(text).replace(/[\u064b-\u065f]/g, '');
  const m = TERMS_EN.exec(t) ?? TERMS_AR.exec(t);
  const n = Number(m?.slice(1).find((g) => g !== undefined));
  return n > 0 && n <= 365 ? n : null;
}

/** The due date the payment terms give, counted from the date of issue; read less surely than a printed one. */
function dueDateByTerms(doc: Doc, issue: Found<string>): Found<string> | null {
  const [y, m, d] = issue.value.split('-').map(Number);
  if (!y || !m || !d) return null;
  for (const info of doc.infos) {
    const ws = logicalWords(info.line.words, info.line.rtl);
    const days = termDays(ws.map((w) => w.text).join(' '));
    if (days === null) continue;
    const value = new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
    return { value, words: ws, line: info.line, conf: meanConf(ws) * 0.6, unlabelled: true };
  }
  return null;
}

/** The id read from a row's word on, when it has three digits, less sure by `weight` than its words. */
function idFrom(info: LineInfo, i: number, weight: number): Found<string> | null {
  const ws = info.line.words;
  const id = idRun(ws, i, info.line);
  if (!id || !/\d{3}/.test(id.value)) return null;
  const used = ws.slice(i, i + id.n);
  return { value: id.value, words: used, line: info.line, conf: meanConf(used) * weight };
}

/**
 * A number marked only by the number sign ("#53-70709", "809351#", "# R132052"): the sign stands for the
 * label "No.", before the value or, on a right-to-left line, after it. Read less surely than a labelled one.
 */
function markedNumber(doc: Doc): Found<string> | null {
  for (const info of doc.infos) {
    if (info.header) continue;
    const ws = info.line.words;
    for (let i = 0; i < ws.length; i++) {
      const t = ws[i]?.text.trim() ?? '';
      if (!t.includes('#')) continue;
      const at = /^[^\p{L}\p{N}]*#[^\p{L}\p{N}]*$/u.test(t)
        ? [i + 1, i - 1].filter((j) => j >= 0 && j < ws.length && !info.inLabel.has(j))
        : /^#[^#]|[^#]#$/.test(t)
          ? [i]
          : [];
      for (const j of at) {
        const found = idFrom(info, j, 0.8);
        if (found) return found;
      }
    }
  }
  return null;
}

/**
 * An id that names itself an invoice's ("INV259414", "INV-2024-0031"), standing without a readable label:
 * the label was lost to the engine or never printed.
 */
function prefixedNumber(doc: Doc): Found<string> | null {
  for (const info of doc.infos) {
    const ws = info.line.words;
    for (let i = 0; i < ws.length; i++) {
      if (!/^inv(?:oice)?[-/#.]?\d/i.test(ws[i]?.text.replace(/^[^\p{L}]+/u, '') ?? '')) continue;
      const found = idFrom(info, i, 0.7);
      if (found) return found;
    }
  }
  return null;
}

/**
 * The English "No." or "Number" standing alone as the number's label ("No. SA-0338-24", or the number under
 * it), where no invoice label was read. It also opens addresses ("No. 12, Main Road"): a row with a place
 * word or another number's word is passed over, and the number needs three digits (house numbers have fewer).
 */
function bareNumber(doc: Doc): Found<string> | null {
  for (const info of doc.infos) {
    if (info.header) continue;
    const ws = info.line.words;
    for (let i = 0; i < ws.length; i++) {
      const w = ws[i] as Word;
      if (info.inLabel.has(i) || !/^(?:no|number)$/.test(wordKey(w.text))) continue;
      const rest = ws.filter((_, k) => k !== i).map((x) => x.text);
      const row = rest.join(' ');
      if (
        rest.some(
          (t) =>
            (!/\d/.test(t) && OTHER_NUMBER_WORDS.test(wordKey(t))) ||
            placeWords.has(t.toLowerCase().replace(/[^a-z]/g, '')),
        ) ||
        hasRegionalAddressWord(row)
      ) {
        continue;
      }
      const label: Label = { field: 'invoice_number', start: i, end: i, arabic: false, x0: w.x0, x1: w.x1 };
      const v = valuesFor(doc, info, label, 'id').find(
        (x) => typeof x.value === 'string' && (x.value.match(/\d/g) ?? []).length >= 3,
      );
      if (v && typeof v.value === 'string') return { ...v, value: v.value, conf: v.conf * 0.8 };
    }
  }
  return null;
}

/**
 * A number standing alone on its row above the items, where no label for it was read (a layout that prints
 * none, or a label lost to the engine): the row holds one id of three digits or more and nothing else but
 * marks, is not a date, and the row above it, unless it is the title, names no other field and no other
 * number (a label printed above its value). Read less surely than a labelled number.
 */
function loneNumber(doc: Doc): Found<string> | null {
  for (let k = 0; k < doc.infos.length; k++) {
    const info = doc.infos[k] as LineInfo;
    if (info.header) return null;
    const ws = info.line.words;
    const kept = ws.map((w, i) => [w, i] as const).filter(([w]) => /[\p{L}\p{N}]/u.test(w.text));
    if (kept.length === 0 || info.labels.length > 0) continue;
    const [first, i] = kept[0] as readonly [Word, number];
    if (dateAt(ws, i) || /^\+/.test(first.text)) continue;
    const found = idFrom(info, i, 0.6);
    if (!found || kept.some(([w]) => !found.words.includes(w))) continue;
    const above = doc.infos[k - 1];
    const titled = above?.labels.some((l) => l.field === 'title');
    if (
      above?.labels.some((l) => l.field !== 'title') ||
      (!titled && above?.line.words.some((w) => OTHER_NUMBER_WORDS.test(wordKey(w.text))))
    ) {
      continue;
    }
    return { ...found, unlabelled: true };
  }
  return null;
}

/**
 * A series code of a capital and a 1 or 0 between slashes, beside a code of capitals ("T1/BH/24/5829",
 * "S1/SA/25/…"): the digit is the capital it looks like, I or O.
 */
export function seriesCodeLetters(id: string): string {
  const parts = id.split('/');
  if (parts.length < 3) return id;
  return parts
    .map((p, k) =>
      /^(?:[A-Z][01]|[01][A-Z])$/.test(p) &&
      [parts[k - 1], parts[k + 1]].some((q) => /^[A-Z]{2,3}$/.test(q ?? ''))
        ? p.replace('1', 'I').replace('0', 'O')
        : p,
    )
    .join('/');
}

export function readNumberAndDates(doc: Doc): NumberAndDates {
  const found =
    firstValue(doc, 'invoice_number', 'id') ??
    bareNumber(doc) ??
    prefixedNumber(doc) ??
    markedNumber(doc) ??
    loneNumber(doc);
  const invoiceNumber = found && { ...found, value: seriesCodeLetters(found.value) };
  const labelledDue = firstValue(doc, 'due_date', 'date');
  const issueDate = firstValue(doc, 'issue_date', 'date') ?? unlabelledDate(doc, labelledDue);
  const dueDate =
    labelledDue ?? (issueDate && (dueDateBelow(doc, issueDate) ?? dueDateByTerms(doc, issueDate)));
  return { invoiceNumber, issueDate, dueDate };
}
