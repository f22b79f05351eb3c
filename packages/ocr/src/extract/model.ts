// The shapes the extraction steps pass to each other: layout lines with their labels, and values found on
// them with the words they were read from.
import type { Line, Word } from '../layout.js';
import type { AmountOptions } from '../parse/amount.js';
import type { LabelField } from '../parse/labels.js';
import type { Box } from '../types.js';

export interface Label {
  field: LabelField;
  /** Indexes into line.words (left to right). */
  start: number;
  end: number;
  arabic: boolean;
  x0: number;
  x1: number;
}

export interface LineInfo {
  line: Line;
  idx: number;
  labels: Label[];
  /** Words that belong to a label. */
  inLabel: Set<number>;
  header: HeaderInfo | null;
}

export interface HeaderInfo {
  columns: { kind: 'desc' | 'qty' | 'price' | 'amount' | 'index'; xc: number }[];
}

export interface Found<T> {
  value: T;
  words: Word[];
  line: Line;
  conf: number;
  /** Every word the value was read from, where `words` holds only those of its first line (for its box). */
  source?: Word[];
  /** Read without a label of its own: another reading's labelled value is taken over it. */
  unlabelled?: boolean;
}

export type ValueKind = 'amount' | 'date' | 'id' | 'percent';

export const xc = (w: { x0: number; x1: number }): number => (w.x0 + w.x1) / 2;
export const meanConf = (ws: Word[]): number =>
  ws.length ? ws.reduce((a, w) => a + w.conf, 0) / ws.length : 0;

export function boxOf(words: Word[], line: Line): Box {
  const x0 = Math.min(...words.map((w) => w.x0));
  const y0 = Math.min(...words.map((w) => w.y0));
  const x1 = Math.max(...words.map((w) => w.x1));
  const y1 = Math.max(...words.map((w) => w.y1));
  const r = (v: number): number => Math.round(v * 10000) / 10000;
  return {
    page: line.page,
    x: r(x0 / line.pageWidth),
    y: r(y0 / line.pageHeight),
    w: r((x1 - x0) / line.pageWidth),
    h: r((y1 - y0) / line.pageHeight),
  };
}

/** One document's lines, labelled, with the number format its amounts are written in. */
export interface Doc {
  infos: LineInfo[];
  amountOpts: AmountOptions;
}

/** Every label of one field in the document, in reading order. */
export function labelsOf(doc: Doc, field: LabelField): { info: LineInfo; label: Label }[] {
  return doc.infos.flatMap((info) =>
    info.labels.filter((l) => l.field === field).map((label) => ({ info, label })),
  );
}
