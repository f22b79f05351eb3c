import { z } from 'zod';
import { errorCodes } from './errors';

/** The error answer of every call (DECISIONS.md, wire conventions). */
export const errorResponse = z.object({
  detail: z.string(),
  code: z.enum(errorCodes),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
