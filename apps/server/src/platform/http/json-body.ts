import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors/app-error';

/** Deeper than any body of the contract (an invoice's lines are three levels down), far below a stack's end. */
const maxJsonDepth = 32;

/**
 * Whether a JSON text nests arrays and objects deeper than `limit`. One pass over the text, counting
 * brackets outside strings, before anything is parsed: a body nested a million levels deep costs a scan,
 * not a parse, a validation and a stack of recursive walks.
 */
const jsonNestsDeeperThan = (text: string, limit: number): boolean => {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i += 1;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      depth += 1;
      if (depth > limit) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth -= 1;
    }
  }
  return false;
};

/**
 * Fastify's own JSON parser (which refuses prototype poisoning), behind the depth check. Bodies are read
 * as text within the route's body limit first.
 */
export const registerJsonBodyParser = (app: FastifyInstance): void => {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonNestsDeeperThan(text, maxJsonDepth)) {
      done(
        new AppError('MALFORMED_REQUEST', `The JSON body is nested more than ${maxJsonDepth} levels deep.`),
      );
      return;
    }
    parse(request, text, done);
  });
};
