import type { FastifyServerOptions } from 'fastify';

/** Fields whose values are secrets or personal data wherever they appear in a logged object. */
const secretKeys = [
  'password',
  'password_hash',
  'passwordHash',
  'refresh',
  'access',
  'token',
  'tokens',
  'secret',
  'image_data',
  'card_number',
  'cvv',
  'expiry',
  'cardholder_name',
  'payment_details',
];

/** pino's redaction: the request's credentials, and secret fields at the top and one level down. */
const redactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...secretKeys,
  ...secretKeys.map((key) => `*.${key}`),
];

// Properties of database errors that carry the values of a statement: its parameters (a new user's email,
// name and password hash), the key that clashed (`Key (email)=(...)`) and the failing row.
const valueCarryingKeys = new Set(['params', 'parameters', 'detail', 'where', 'internalQuery', 'row']);

interface SafeError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

/** drizzle's failed-query message is `Failed query: <sql>\nparams: <values>`: the SQL is kept, the values not. */
const withoutValues = (message: string): string => message.replace(/\nparams: [\s\S]*$/, '');

/**
 * An error as it may be logged: its type, message, code and stack, and the same for its causes, without
 * the values of the statement that failed. The stack's first line repeats the message, so it is rebuilt.
 */
const serializeError = (error: unknown, depth = 0): SafeError | unknown => {
  if (!(error instanceof Error)) return error;
  const type = error.constructor?.name ?? 'Error';
  const message = withoutValues(error.message);
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const safe: SafeError = { type, message, stack: [`${type}: ${message}`, ...frames].join('\n') };
  for (const [key, value] of Object.entries(error)) {
    if (valueCarryingKeys.has(key) || key === 'cause' || key === 'message' || key === 'stack') continue;
    if (value === undefined || typeof value === 'function') continue;
    if (typeof value === 'object' && value !== null) continue;
    safe[key] = value;
  }
  if (error.cause !== undefined && depth < 5) safe.cause = serializeError(error.cause, depth + 1);
  return safe;
};

/**
 * The request as logged: method, path and caller, without the query string's values (a signed file link
 * is a credential until it expires) or an invitation page's token.
 */
const serializeRequest = (request: {
  method: string;
  url: string;
  hostname?: string;
  ip?: string;
  id?: string;
}) => {
  const [fullPath, query] = request.url.split('?', 2);
  // An invitation page's address carries the invitation's secret.
  const path = (fullPath ?? '').replace(/^\/invite\/[^/]+/, '/invite/[redacted]');
  const keys = query
    ? [...new URLSearchParams(query).keys()].map((key) => `${encodeURIComponent(key)}=[redacted]`)
    : [];
  return {
    method: request.method,
    url: keys.length > 0 ? `${path}?${keys.join('&')}` : path,
    hostname: request.hostname,
    remoteAddress: request.ip,
  };
};

/**
 * The server's logger: every line carries the request id; errors, requests and secret fields are written
 * so that nothing sensitive reaches the log.
 */
export const loggerOptions = (
  level: string,
  stream?: NodeJS.WritableStream,
): Exclude<FastifyServerOptions['logger'], boolean | undefined> => ({
  level,
  redact: { paths: redactPaths, censor: '[redacted]' },
  serializers: {
    err: (error: Error) => serializeError(error) as SafeError,
    error: (error: Error) => serializeError(error) as SafeError,
    req: serializeRequest,
  },
  ...(stream ? { stream } : {}),
});
