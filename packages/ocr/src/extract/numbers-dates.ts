// The invoice number and the dates: the first readable value beside each label; a receipt's date, which
// often stands without a label, is the first date on the page that is not the due date.
import type { LabelField } from '../parse/labels.js';
import { labelsOf, meanConf } from './model.js';
import type { Doc, Found } from './model.js';
import { dateAt } from './tokens.js';
import { valuesFor } from './values.js';

export interface NumberAndDates {
  invoiceNumber: Found<string> | null;
  issueDate: Found<string> | null;
  dueDate: Found<string> | null;
}

function firstValue(doc: Doc, field: LabelField, kind: 'id' | 'date'): Found<string> | null {
  for (const { info, label } of labelsOf(doc, field)) {
    const v = valuesFor(doc, info, label, kind)[0];
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
        return { value: d.value, words: ws, line: info.line, conf: meanConf(ws) * 0.8 };
      }
    }
  }
  return null;
}

export function readNumberAndDates(doc: Doc): NumberAndDates {
  const invoiceNumber = firstValue(doc, 'invoice_number', 'id');
  const dueDate = firstValue(doc, 'due_date', 'date');
  const issueDate = firstValue(doc, 'issue_date', 'date') ?? unlabelledDate(doc, dueDate);
  return { invoiceNumber, issueDate, dueDate };
}
