import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { apiBasePath, defaultBodyLimit, errorResponse, type RouteDef } from '@invoicing/contract';
import type { OrgScope } from '../db/org-scope';
import type { AuthContext } from './request-context';

type Input<S> = NonNullable<S> extends z.ZodType ? z.output<NonNullable<S>> : undefined;

interface HandlerContext<R extends RouteDef> {
  params: Input<R['params']>;
  query: Input<R['query']>;
  body: Input<R['body']>;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Present on every route that needs a user. */
  auth: R['access'] extends 'public' ? AuthContext | null : AuthContext;
  /** Present on organization routes. */
  scope: R['access'] extends 'org' ? OrgScope : null;
}

/** The checks a route's requests pass before their body is read: its address limit, then its access level. */
export type RouteGuard = (route: RouteDef) => ((request: FastifyRequest) => Promise<void>)[];

const looseError = errorResponse.loose();

const errorStatuses = [400, 401, 403, 404, 409, 410, 413, 415, 429, 500] as const;

/**
 * Binds a contract route to its handler: validation and serialization by the route's zod schemas, the
 * access check of its level, and OpenAPI from the same schemas. The response schema strips anything a
 * handler returns that the contract does not name.
 *
 * The access check runs as soon as the request's headers are in, before its body is read or validated: a
 * caller who may not use the route costs no parsing, and learns nothing about what the body should be.
 * The body is bounded by the route's own limit.
 */
export const bindRoute = <R extends RouteDef>(
  app: FastifyInstance,
  guard: RouteGuard,
  route: R,
  /** A route that `produces` a file answers its bytes. */
  handler: (ctx: HandlerContext<R>) => Promise<z.input<R['response']> | Buffer | void>,
): void => {
  const successStatus = route.successStatus ?? 200;
  const response: Record<number, z.ZodType> = { [successStatus]: route.response };
  for (const status of errorStatuses) response[status] = looseError;
  app.withTypeProvider<ZodTypeProvider>().route({
    method: route.method,
    url: `${apiBasePath}${route.path}`,
    schema: {
      summary: route.summary,
      ...(route.params ? { params: route.params } : {}),
      ...(route.query ? { querystring: route.query } : {}),
      ...(route.body ? { body: route.body } : {}),
      ...(route.access !== 'public' ? { security: [{ bearer: [] }] } : {}),
      response,
    },
    bodyLimit: route.bodyLimit ?? defaultBodyLimit,
    onRequest: guard(route),
    handler: async (request, reply) => {
      const result = await handler({
        params: request.params as never,
        query: request.query as never,
        body: request.body as never,
        request,
        reply,
        auth: request.auth as never,
        scope: request.scope as never,
      });
      if (successStatus === 204) return reply.status(204).send();
      // Bytes are sent as they are, never through the JSON serializer.
      if (route.produces && Buffer.isBuffer(result)) void reply.type(route.produces);
      return reply.status(successStatus).send(result);
    },
  });
};
