import { describe, expect, it } from 'vitest';
import { href, paths } from './paths';

describe('href', () => {
  it('fills the parameters of a page, encoded', () => {
    expect(href(paths.invoiceEdit, { id: 'a b/c' })).toBe('/invoices/a%20b%2Fc/edit');
    expect(href(paths.customers)).toBe('/customers');
  });

  it('adds the query, without its empty values', () => {
    expect(href(paths.fileManager, {}, { q: 'nile invoice.png', page: null })).toBe(
      '/file-manager?q=nile+invoice.png',
    );
    expect(href(paths.fileManager, {}, { q: '' })).toBe('/file-manager');
  });
});
