import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './app-error';

const fieldPath = (instancePath: string | undefined, fallback: string): string => {
  const trimmed = (instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
  return trimmed === '' ? fallback : trimmed;
};

/** Turns every failure into the error shape of DECISIONS.md; a 5xx reveals nothing and is logged. */
export const errorHandler = (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
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
  if (isResponseSerializationError(error)) {
    request.log.error({ err: error }, 'response did not match its schema');
    return reply.status(500).send({ detail: 'Internal server error.', code: 'INTERNAL' });
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    // Fastify's own client errors: malformed JSON, wrong content type, body too large, ...
    const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 404 ? 'NOT_FOUND' : 'VALIDATION_FAILED';
    const detail = status === 413 ? 'Request body is too large.' : error.message;
    return reply.status(status).send({ detail, code });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.status(500).send({ detail: 'Internal server error.', code: 'INTERNAL' });
};
