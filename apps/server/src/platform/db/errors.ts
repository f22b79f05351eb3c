/** PostgreSQL error codes, as raised by both pg and PGlite (drizzle may wrap them in `cause`). */
const codeOf = (error: unknown): string | undefined => {
  const e = error as { code?: string; cause?: { code?: string } } | null;
  return e?.code ?? e?.cause?.code;
};
const constraintOf = (error: unknown): string | undefined => {
  const e = error as { constraint?: string; cause?: { constraint?: string } } | null;
  return e?.constraint ?? e?.cause?.constraint;
};

export const isUniqueViolation = (error: unknown, constraint?: string): boolean =>
  codeOf(error) === '23505' && (constraint === undefined || constraintOf(error) === constraint);

export const isForeignKeyViolation = (error: unknown): boolean => codeOf(error) === '23503';
