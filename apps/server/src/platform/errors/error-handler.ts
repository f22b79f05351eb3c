import http from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorCode } from '@invoicing/contract';
import { isForeignKeyViolation } from '../db/errors';
import { AppError } from './app-error';

const fieldPath = (instancePath: string | undefined, fallback: string): string => {
  const trimmed = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return trimmed === '' ? fallback : trimmed;
};

interface Answer {
  status: number;
  code: ErrorCode;
  detail: string;
}

/**
 * What the client is told about an error Fastify or Node raised before any handler of ours ran: the
 * contract's shape, a stable code, and a message that names the problem without echoing the request.
 */
const frameworkErrorAnswer = (error: { code?: string; statusCode?: number }): Answer => {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, code: 'PAYLOAD_TOO_LARGE', detail: 'Request body is too large.' };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return {
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        detail: 'Send the request body as application/json.',
      };
    case 'FST_ERR_BAD_URL':
      return { status: 400, code: 'MALFORMED_REQUEST', detail: 'The address of the request is not valid.' };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, code: 'URI_TOO_LONG', detail: 'The address of the request is too long.' };
    case 'HPE_HEADER_OVERFLOW':
      return { status: 431, code: 'HEADERS_TOO_LARGE', detail: 'The request headers are too large.' };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return { status: 408, code: 'REQUEST_TIMEOUT', detail: 'The request took too long to arrive.' };
    default:
      break;
  }
  const status = error.statusCode ?? 500;
  if (status === 404) return { status, code: 'NOT_FOUND', detail: 'Not found.' };
  if (status === 413) return { status, code: 'PAYLOAD_TOO_LARGE', detail: 'Request body is too large.' };
  if (status >= 400 && status < 500) {
    // Malformed JSON, an empty JSON body, a bad content length, ...
    return { status: 400, code: 'MALFORMED_REQUEST', detail: 'The request body is not valid JSON.' };
  }
  return { status: 500, code: 'INTERNAL', detail: 'Internal server error.' };
};

/** Turns every failure into the error shape of DECISIONS.md; a 5xx reveals nothing and is logged. */
export const errorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  // Refused before its body was read (no token, too large): the connection is closed after the answer
  // rather than kept, which would mean reading the rest of the body only to throw it away.
  if (!request.raw.complete) void reply.header('connection', 'close');
  if (error instanceof AppError) {
    if (error.headers) void reply.headers(error.headers);
    return reply.status(error.status).send({
      detail: error.message,
      code: error.code,
      ...(error.fieldErrors ? { errors: error.fieldErrors } : {}),
      ...error.extra,
    });
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const errors: Record<string, string[]> = {};
    for (const issue of error.validation) {
      const key = fieldPath(issue.instancePath, String(error.validationContext ?? 'body'));
      (errors[key] ??= []).push(issue.message ?? 'Invalid value');
    }
    const detail = Object.entries(errors)
      .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
      .join('; ');
    return reply.status(400).send({ detail, code: 'VALIDATION_FAILED', errors });
  }
  if (isForeignKeyViolation(error)) {
    // A record this request refers to was deleted by another request between our check and our write.
    return reply.status(409).send({
      detail: 'Something this refers to was changed or deleted meanwhile. Reload and try again.',
      code: 'REFERENCE_CHANGED',
    });
  }
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error }, 'response did not match its schema');
    return reply.status(500).send({ detail: 'Internal server error.', code: 'INTERNAL' });
  }
  const answer = frameworkErrorAnswer(error);
  if (answer.status >= 500) request.log.error({ err: error }, 'unhandled error');
  return reply.status(answer.status).send({ detail: answer.detail, code: answer.code });
};

/** Fastify's errors raised while routing (a bad percent-encoding, an over-long id), in the contract's shape. */
export const frameworkErrorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
  const answer = frameworkErrorAnswer(error);
  // No route's hooks run for these: the request id is sent here.
  return reply
    .status(answer.status)
    .header('x-request-id', request.id)
    .send({ detail: answer.detail, code: answer.code });
};

/**
 * Errors Node's HTTP parser raises before there is a request (headers too large, a request that never
 * finishes arriving): answered on the socket in the contract's shape, then the connection is closed.
 */
export const clientErrorHandler = (error: NodeJS.ErrnoException, socket: Socket) => {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer: Answer = ['HPE_HEADER_OVERFLOW', 'ERR_HTTP_REQUEST_TIMEOUT'].includes(error.code ?? '')
    ? frameworkErrorAnswer(error)
    : { status: 400, code: 'MALFORMED_REQUEST', detail: 'The request could not be understood.' };
  const body = JSON.stringify({ detail: answer.detail, code: answer.code });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${answer.status} ${http.STATUS_CODES[answer.status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
};
