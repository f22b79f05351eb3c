/** The offset of a page, and the answer shape of every paginated list. */
export const pageOffset = (page: number, pageSize: number) => (page - 1) * pageSize;

export const pageOf = <T>(results: T[], count: number, page: number, pageSize: number) => ({
  count,
  page,
  page_size: pageSize,
  results,
});

/** Escapes LIKE wildcards in a user's search text. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
