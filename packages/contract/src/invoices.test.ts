import { describe, expect, it } from 'vitest';
import { validationMessages as m } from './errors';
import { invoiceInput } from './invoices';

const invoice = (issue_date: string, due_date = '9999-12-31') => ({
  customer_id: '5f3b8a9e-2c1d-4e6f-8a7b-9c0d1e2f3a4b',
  issue_date,
  due_date,
  lines_data: [{ description: 'Consulting', quantity: 1, unit_price: '10' }],
});

const dateErrors = (issue_date: string) =>
  (invoiceInput.safeParse(invoice(issue_date)).error?.issues ?? [])
    .filter((i) => i.path[0] === 'issue_date')
    .map((i) => i.message);

describe('invoice dates', () => {
  it.each([
    '0000-01-01',
    '0001-01-01',
    '1000-06-15',
    '1899-12-31',
    '10000-01-01',
    '2023-02-29',
    '2026-13-01',
  ])('refuses %s', (date) => {
    expect(dateErrors(date)).toEqual([m.dateInvalid]);
  });

  it.each(['1900-01-01', '2024-02-29', '2026-11-01', '9999-12-31'])('takes %s', (date) => {
    expect(dateErrors(date)).toEqual([]);
  });
});
