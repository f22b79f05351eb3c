import { describe, expect, it } from 'vitest';
import { findLabels, misreadPartyLabel } from './labels.js';

const fields = (text: string): string[] => findLabels(text.split(' ')).map((m) => m.field);

describe('findLabels', () => {
  it('finds English labels and prefers the longest phrase', () => {
    expect(fields('Total before VAT 9766.55')).toEqual(['subtotal']);
    expect(fields('Total Due 11231.53 SAR')).toEqual(['total']);
    expect(fields('Invoice Number 2025011305')).toEqual(['invoice_number']);
    expect(fields('Tax Reg. No.: 334995850903893 Issue Date 2025-02-22')).toEqual(['tax_id', 'issue_date']);
    expect(fields('Bill To Green Valley Hotel')).toEqual(['customer']);
    expect(fields('Payment Due June 2, 2024')).toEqual(['due_date']);
  });

  it('finds Arabic labels whatever the hamza, ta marbuta and word order', () => {
    expect(fields('رقم الفاتورة')).toEqual(['invoice_number']);
    expect(fields('الفاتوره رقم')).toEqual(['invoice_number']);
    expect(fields('الاجمالي الكلي ٢٤,٨٥٣.٦٧')).toEqual(['total']);
    expect(fields('المجموع الفرعي ٢١,٦١١.٨٩')).toEqual(['subtotal']);
    expect(fields('ضريبة القيمة المضافة ١٥٪')).toEqual(['tax']);
    expect(fields('تاريخ الاستحقاق ٢٨ ديسمبر ٢٠٢٥')).toEqual(['due_date']);
    expect(fields('الرقم الضريبي : ٣٦٥٤٨٣٩٠٣٧١٣٠٩٣')).toEqual(['tax_id']);
  });

  it('finds the wordings of the region and a lam-alif read with its letters swapped', () => {
    expect(fields('Ref.: 2026/031')).toEqual(['invoice_number']);
    expect(fields('المرجع: 2024/090')).toEqual(['invoice_number']);
    expect(fields('Date of Supply 16.11.2025')).toEqual(['issue_date']);
    expect(fields('تاريخ التوريد: ٢٠٢٥-٠٦-١٦')).toEqual(['issue_date']);
    expect(fields('آخر موعد للسداد ٢٠٢٥-٠٨-١٥')).toEqual(['due_date']);
    expect(fields('Amount excl. VAT 35,839.98')).toEqual(['subtotal']);
    expect(fields('المبلغ الخاضع للضريبة ٣٥٬٨٣٩٫٩٨')).toEqual(['subtotal']);
    expect(fields('الصافي المستحق 4,130,372.44')).toEqual(['total']);
    expect(fields('االستحقاق: ٢٠٢٥-٠٨-١٥')).toEqual(['due_date']);
    expect(fields('رقم ضريبة القيمة المضافة 300123456700003')).toEqual(['tax_id']);
  });

  it('finds Arabic labels whose letters lost or gained their dots', () => {
    expect(fields('قاتوره صربىية')).toEqual(['title']);
    expect(fields('المجموع القرعي ٢١,٦١١.٨٩')).toEqual(['subtotal']);
    expect(fields('تارىخ الاستحقاق ٢٨ ديسمبر')).toEqual(['due_date']);
    expect(fields('الإحمالي ٢٤,٨٥٣.٦٧')).toEqual(['total']);
    // Ordinary words that share a label's skeleton stay what they are.
    expect(fields('حسن إبراهيم وشركاه')).toEqual([]);
    expect(fields('كرتونة مياه معدنية')).toEqual([]);
    expect(fields('اتصال')).toEqual([]);
    expect(fields('الفرع التابع لشركة النور')).toEqual([]);
    expect(fields('عملية السحب 500')).toEqual([]);
  });

  it('reads bilingual labels as two labels of one field', () => {
    expect(fields('Invoice No. / رقم الفاتورة INV/SA/24/541')).toEqual(['invoice_number', 'invoice_number']);
    expect(fields('Subtotal / المجموع الفرعي 10199.81')).toEqual(['subtotal', 'subtotal']);
  });

  it('forgives one OCR slip in a long word of a phrase, but not in a single word', () => {
    expect(fields('Invoice Numbcr 42')).toEqual(['invoice_number']);
    expect(fields('Cleaning Supplies 2 83.01')).toEqual([]);
  });

  it('tells receipt totals from their subtotals, counts and rounding lines', () => {
    expect(fields('Total Sales (Excluding GST) : 165.00')).toEqual(['subtotal']);
    expect(fields('Total Sales (Inclusive of GST) : 174.90')).toEqual(['total']);
    expect(fields('Total After Adj Incl GST 5.90')).toEqual(['total']);
    expect(fields('Total Qty: 10 174.90')).toEqual(['other_amount']);
    expect(fields('Item Count 1')).toEqual(['other_amount']);
    expect(fields('Rounding Adj -0.01')).toEqual(['other_amount']);
    expect(fields('TotalGST : 9.90')).toEqual(['tax']);
  });

  it('does not join the words of two labels set side by side in columns', () => {
    // A right-to-left header row sorted by x: due date on the left, issue date beside it, then the number.
    const words = 'الاستحقاق تاريخ الإصدار تاريخ الفاتورة رقم'.split(' ');
    const apart = [false, false, true, false, true, false];
    expect(findLabels(words, apart).map((m) => [m.field, m.start, m.end])).toEqual([
      ['due_date', 0, 1],
      ['issue_date', 2, 3],
      ['invoice_number', 4, 5],
    ]);
    // Without the gaps the words would pair across the columns.
    expect(findLabels(words).map((m) => m.field)).not.toEqual(['due_date', 'issue_date', 'invoice_number']);
  });
  it("finds the seller's labels of many wordings, and titles that are not names", () => {
    expect(fields('Issued By')).toEqual(['vendor']);
    expect(fields('Billed By')).toEqual(['vendor']);
    expect(fields('صادرة من')).toEqual(['vendor']);
    expect(fields('Issued To')).toEqual(['customer']);
    expect(fields('فاتورة مبيعات')).toEqual(['title']);
    expect(fields('Commercial Invoice')).toEqual(['title']);
  });
  it('joins an Arabic label word the engine cut in two, not across a column gap', () => {
    // Words as the engine lists them, left to right: the first part of a right-to-left word is second.
    expect(findLabels(['INV-7', 'قم', 'الر'])).toEqual([
      { field: 'invoice_number', start: 1, end: 2, arabic: true },
    ]);
    expect(findLabels(['رة', 'فاتو']).map((m) => m.field)).toEqual(['title']);
    expect(findLabels(['قم', 'الر'], [false, true])).toEqual([]);
    // "Bill" alone is no title: "TOTAL BILL" is a total.
    expect(fields('TOTAL BILL')).toEqual(['total']);
  });
});

describe('misreadPartyLabel', () => {
  it.each([
    ['البافع', true], // البائع, a dot misread
    ['السادد', true], // السادة
    ['صادرذمن', true], // صادرة من, the space lost
    ['Sellor', true],
    ['البائع', true],
    ['عائشة', false],
    ['الجزيرة', false],
    ['Cosmos', false],
    ['من', false], // too short to tell
  ])('%s: %s', (text, misread) => {
    expect(misreadPartyLabel(text)).toBe(misread);
  });
});
