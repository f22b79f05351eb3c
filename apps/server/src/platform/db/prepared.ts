/**
 * Prepared queries, built once per owner: a database handle, or the connection-bound instance a tenant
 * transaction runs on (one per pooled PostgreSQL connection). Building a query's SQL is a good part of a
 * request's CPU, and PostgreSQL parses a named statement once per connection. The values that change
 * between calls, the organization included, are `sql.placeholder`s. A name must always mean the same SQL:
 * put every choice that changes the text into the name.
 */
const byOwner = new WeakMap<object, Map<string, unknown>>();

export const preparedFor = <P>(owner: object, name: string, build: (name: string) => P): P => {
  let queries = byOwner.get(owner);
  if (!queries) {
    queries = new Map();
    byOwner.set(owner, queries);
  }
  let query = queries.get(name) as P | undefined;
  if (query === undefined) {
    query = build(name);
    queries.set(name, query);
  }
  return query;
};
