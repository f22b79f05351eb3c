import { fromScaled, lineTotal, toScaled } from '@invoicing/contract';
import type { ExtractionCorrectionInput, FieldsJson } from '@invoicing/contract';
import type { TFunction } from 'i18next';

/** The fields of the review form that are not on a line, named by their path in `fields_json`. */
export const scalarPaths = [
  'vendor.name',
  'vendor.tax_id',
  'vendor.address',
  'customer.name',
  'customer.tax_id',
  'customer.address',
  'invoice_number',
  'issue_date',
  'due_date',
  'currency',
  'subtotal',
  'tax_rate',
  'tax_amount',
  'total',
] as const;
export type ScalarPath = (typeof scalarPaths)[number];

export const lineColumns = ['description', 'quantity', 'unit_price', 'total'] as const;
export type LineColumn = (typeof lineColumns)[number];

export interface ReviewLine {
  key: number;
  /** The line's index in what OCR read, whose boxes it keeps; null for a line the user added. */
  origin: number | null;
  description: string;
  quantity: string;
  unit_price: string;
  total: string;
}

export interface ReviewForm {
  values: Record<ScalarPath, string>;
  lines: ReviewLine[];
}

let nextKey = 1;

export function newLine(): ReviewLine {
  return { key: nextKey++, origin: null, description: '', quantity: '1', unit_price: '', total: '' };
}

function scalarOf(fields: FieldsJson, path: ScalarPath): string | null {
  const [head, tail] = path.split('.') as [string, string | undefined];
  if (tail) return (fields[head as 'vendor' | 'customer'] as Record<string, string | null>)[tail] ?? null;
  return (fields as unknown as Record<string, string | null>)[head] ?? null;
}

export function formFromFields(fields: FieldsJson | null): ReviewForm {
  const values = Object.fromEntries(
    scalarPaths.map((path) => [path, fields ? (scalarOf(fields, path) ?? '') : '']),
  ) as Record<ScalarPath, string>;
  const lines = (fields?.line_items ?? []).map((line, index) => ({
    key: nextKey++,
    origin: index,
    description: line.description ?? '',
    quantity: line.quantity ?? '',
    unit_price: line.unit_price ?? '',
    total: line.total ?? '',
  }));
  return { values, lines };
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

/** The PATCH body: empty fields are sent as null, the way OCR reports a field it did not find. */
export function inputFromForm({ values: v, lines }: ReviewForm): ExtractionCorrectionInput {
  return {
    invoice_number: v.invoice_number,
    issue_date: orNull(v.issue_date),
    due_date: orNull(v.due_date),
    currency: orNull(v.currency) as ExtractionCorrectionInput['currency'],
    vendor: { name: v['vendor.name'], tax_id: v['vendor.tax_id'], address: v['vendor.address'] },
    customer: { name: v['customer.name'], tax_id: v['customer.tax_id'], address: v['customer.address'] },
    subtotal: orNull(v.subtotal),
    tax_rate: orNull(v.tax_rate),
    tax_amount: orNull(v.tax_amount),
    total: orNull(v.total),
    line_items: lines.map((line) => ({
      description: line.description,
      quantity: orNull(line.quantity),
      unit_price: orNull(line.unit_price),
      total: orNull(line.total),
    })),
  };
}

/** The id of a form field: a scalar's path, or a line's key and column (lines move when one is removed). */
export const lineFieldId = (key: number, column: LineColumn) => `line:${key}:${column}`;

/** The form field that shows a box's path, if it is still on the form. */
export function fieldIdForPath(path: string, lines: ReviewLine[]): string | null {
  if ((scalarPaths as readonly string[]).includes(path)) return path;
  const match = /^line_items\.(\d+)\.(\w+)$/.exec(path);
  if (!match) return null;
  const line = lines.find((l) => l.origin === Number(match[1]));
  const column = match[2] as LineColumn;
  if (!line || !(lineColumns as readonly string[]).includes(column)) return null;
  return lineFieldId(line.key, column);
}

/** The box path that a form field shows, if OCR read it somewhere. */
export function pathForFieldId(fieldId: string, lines: ReviewLine[]): string | null {
  const match = /^line:(\d+):(\w+)$/.exec(fieldId);
  if (!match) return fieldId;
  const line = lines.find((l) => l.key === Number(match[1]));
  return line?.origin === null || line === undefined ? null : `line_items.${line.origin}.${match[2]}`;
}

/** A field path in words: "Vendor name", "Line 3 · Unit price". */
export function labelForPath(path: string, t: TFunction): string {
  const line = /^line_items\.(\d+)\.(\w+)$/.exec(path);
  if (line) {
    const column = line[2] === 'total' ? 'lineTotal' : line[2];
    return t('ocr:fields.line', {
      n: Number(line[1]) + 1,
      field: t(`ocr:fields.${column}`, { defaultValue: line[2] }),
    });
  }
  const keys: Record<string, string> = {
    'vendor.name': 'vendorName',
    'vendor.tax_id': 'vendorTaxId',
    'vendor.address': 'vendorAddress',
    'customer.name': 'customerName',
    'customer.tax_id': 'customerTaxId',
    'customer.address': 'customerAddress',
  };
  return t(`ocr:fields.${keys[path] ?? path}`, { defaultValue: path });
}

export type ConfidenceLevel = 'high' | 'medium' | 'low' | 'unknown';

/** Green from 0.85, amber from 0.6, red below. */
export function confidenceLevel(score: number | undefined): ConfidenceLevel {
  if (score === undefined) return 'unknown';
  if (score >= 0.85) return 'high';
  if (score >= 0.6) return 'medium';
  return 'low';
}

export const levelColors: Record<ConfidenceLevel, string> = {
  high: 'var(--mantine-color-green-6)',
  medium: 'var(--mantine-color-yellow-6)',
  low: 'var(--mantine-color-red-6)',
  unknown: 'var(--mantine-color-gray-5)',
};

function scaled(value: string): bigint | null {
  if (value.trim() === '') return null;
  try {
    return toScaled(value, 2);
  } catch {
    return null;
  }
}

/** What the figures should be, from the others, for the messages next to a mismatch. */
export function expectedFigures(form: ReviewForm): {
  lines: (string | null)[];
  subtotal: string | null;
  total: string | null;
} {
  const lines = form.lines.map((line) => {
    if (!line.quantity.trim() || !line.unit_price.trim()) return null;
    try {
      return lineTotal(line.quantity.trim(), line.unit_price.trim());
    } catch {
      return null;
    }
  });
  const totals = form.lines.map((line) => scaled(line.total));
  const subtotal =
    totals.length > 0 && totals.every((t) => t !== null)
      ? fromScaled(totals.reduce<bigint>((sum, t) => sum + (t ?? 0n), 0n))
      : null;
  const sub = scaled(form.values.subtotal);
  const tax = scaled(form.values.tax_amount) ?? 0n;
  return { lines, subtotal, total: sub === null ? null : fromScaled(sub + tax) };
}
