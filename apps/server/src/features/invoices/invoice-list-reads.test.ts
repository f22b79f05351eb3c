import { drizzle } from 'drizzle-orm/node-postgres';
import { describe, expect, it } from 'vitest';
import { invoiceStatuses } from '@invoicing/contract';
import type { TenantTx } from '../../platform/db/org-scope';
import {
  buildCountQuery,
  buildPageQuery,
  countStatementName,
  pageStatementName,
  usualPageSizes,
  type ListShape,
  type PageShape,
} from './invoice-list-reads';

// Building a statement needs no connection.
const tx = drizzle.mock() as unknown as TenantTx;

const listShapes: ListShape[] = [undefined, ...invoiceStatuses].flatMap((status) =>
  [false, true].map((search) => ({ status, search })),
);
// The pages the reads ask for: from an anchor only without a search, a size written in only for a page
// counted from the newest invoice.
const pageShapes: PageShape[] = listShapes.flatMap((list) =>
  (list.search ? (['start', 'end'] as const) : (['start', 'end', 'anchor'] as const)).flatMap((from) =>
    (from === 'end' ? [null] : [null, ...usualPageSizes]).map((fixed) => ({ ...list, from, fixed })),
  ),
);

/** Every name with the SQL each build of it gave; fails on a name built into two texts. */
const sqlByName = <S>(
  shapes: S[],
  name: (shape: S) => string,
  build: (shape: S) => { toSQL(): { sql: string } },
) => {
  const byName = new Map<string, string>();
  for (const shape of shapes) {
    // Built twice: nothing outside the shape (a clock, a counter, a value) may change the text.
    const [first, second] = [build(shape).toSQL().sql, build(shape).toSQL().sql];
    expect(second).toBe(first);
    const key = name(shape);
    const known = byName.get(key);
    if (known !== undefined) expect(first, `statement ${key}`).toBe(known);
    byName.set(key, first);
  }
  return byName;
};

describe('the invoice list statements', () => {
  it('build one SQL text per name, whatever else is asked', () => {
    const pages = sqlByName(pageShapes, pageStatementName, (shape) => buildPageQuery(tx, shape));
    const counts = sqlByName(listShapes, countStatementName, (shape) => buildCountQuery(tx, shape));
    // Each shape has a name of its own (shapes may share a text: a search counts its matches whatever the
    // status, so it needs no status column).
    expect(pages.size).toBe(pageShapes.length);
    expect(counts.size).toBe(listShapes.length);
  });
});
