import { computeInvoiceTotals, INVOICE_TAX_RATE, invoiceInput, invoiceLineInput } from '@invoicing/contract';
import type { Invoice, InvoiceInput, InvoiceStatus } from '@invoicing/contract';
import { z } from 'zod';

/** One line of the editor; `key` names it while lines are added and removed. */
export interface LineState {
  key: number;
  item_id: string | null;
  description: string;
  quantity: string;
  unit_price: string;
  /** Changed by the user since it was added: its mistakes are shown as they are typed. */
  touched?: boolean;
}

export interface InvoiceFormValues {
  number: string;
  issue_date: string;
  due_date: string;
  status: InvoiceStatus;
  customer_id: string | null;
  lines: LineState[];
}

/** The message under a field of the form, by the field's path in the request (`lines_data.0.quantity`). */
export type ErrorFor = (path: string) => string | undefined;

/**
 * What the editor checks before it sends: the customer, the two days as typed and the lines, by the
 * contract's own rules for them. The other fields come from pickers and defaults, and the order of the two
 * dates is answered by the server on the due date field.
 */
export const invoiceEditorCheck = z.object({
  customer_id: invoiceInput.shape.customer_id,
  issue_date: invoiceInput.shape.issue_date,
  due_date: invoiceInput.shape.due_date,
  lines_data: invoiceInput.shape.lines_data,
});

let nextKey = 1;

export function newLine(line: Omit<LineState, 'key'>): LineState {
  return { key: nextKey++, ...line };
}

function isoDay(date: Date): string {
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

function addDays(date: Date, days: number): Date {
  const copy = new Date(date);
  copy.setDate(copy.getDate() + days);
  return copy;
}

/** An invoice's values, or those of a new draft: issued today, due in 30 days. */
export function initialValues(invoice: Invoice | undefined, today = new Date()): InvoiceFormValues {
  return {
    number: invoice?.number ?? '',
    issue_date: invoice?.issue_date.slice(0, 10) ?? isoDay(today),
    due_date: invoice?.due_date.slice(0, 10) ?? isoDay(addDays(today, 30)),
    status: invoice?.status ?? 'DRAFT',
    customer_id: invoice?.customer?.id ?? null,
    lines:
      invoice?.lines.map((line) =>
        newLine({
          item_id: line.item,
          description: line.description,
          quantity: line.quantity,
          unit_price: line.unit_price,
        }),
      ) ?? [],
  };
}

/** The save request, with the texts trimmed as typed. */
export function toInvoiceInput(values: InvoiceFormValues, currency: string): InvoiceInput {
  return {
    customer_id: values.customer_id ?? '',
    number: values.number.trim(),
    issue_date: values.issue_date,
    due_date: values.due_date,
    currency: currency as InvoiceInput['currency'],
    status: values.status,
    lines_data: values.lines.map(toLineInput),
  };
}

/** A line as the save request sends it. */
function toLineInput(line: LineState) {
  return {
    item_id: line.item_id,
    description: line.description.trim(),
    quantity: line.quantity.trim(),
    unit_price: line.unit_price.trim(),
  };
}

/** The fields of a line the editor checks as they are typed. */
export type LineField = 'description' | 'quantity' | 'unit_price';

/** A line's mistakes by the contract's rules for a line (the first message of each field); {} when valid. */
export function lineIssues(line: LineState): Partial<Record<LineField, string>> {
  const parsed = invoiceLineInput.safeParse(toLineInput(line));
  if (parsed.success) return {};
  const issues: Partial<Record<LineField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as LineField;
    issues[field] ??= issue.message;
  }
  return issues;
}

/** The figures as the server will compute them, from the lines it would accept: an invalid line counts nothing. */
export function liveTotals(lines: LineState[]) {
  return computeInvoiceTotals(
    lines.map((line) =>
      Object.keys(lineIssues(line)).length === 0
        ? { quantity: line.quantity.trim(), unit_price: line.unit_price.trim() }
        : { quantity: '0', unit_price: '0' },
    ),
    INVOICE_TAX_RATE,
  );
}
