import { computeInvoiceTotals, INVOICE_TAX_RATE, invoiceInput } from '@invoicing/contract';
import type { Invoice, InvoiceInput, InvoiceStatus } from '@invoicing/contract';
import { z } from 'zod';

/** One line of the editor; `key` names it while lines are added and removed. */
export interface LineState {
  key: number;
  item_id: string | null;
  description: string;
  quantity: string;
  unit_price: string;
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
 * What the editor checks before it sends: the customer and the lines, by the contract's own rules for them.
 * The other fields come from pickers and defaults, and the order of the two dates is answered by the server
 * on the due date field.
 */
export const invoiceEditorCheck = z.object({
  customer_id: invoiceInput.shape.customer_id,
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
    lines_data: values.lines.map((line) => ({
      item_id: line.item_id,
      description: line.description.trim(),
      quantity: line.quantity.trim(),
      unit_price: line.unit_price.trim(),
    })),
  };
}

const DECIMAL = /^\d{1,12}(\.\d+)?$/;

/** The figures as the server will compute them; a value not yet a number counts as zero meanwhile. */
export function liveTotals(lines: LineState[]) {
  return computeInvoiceTotals(
    lines.map((line) => ({
      quantity: DECIMAL.test(line.quantity.trim()) ? line.quantity.trim() : '0',
      unit_price: DECIMAL.test(line.unit_price.trim()) ? line.unit_price.trim() : '0',
    })),
    INVOICE_TAX_RATE,
  );
}
