import type { z } from 'zod';
import type { MembershipRole } from './roles';

/** The base path of every API call. */
export const apiBasePath = '/api/v1';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call a route: `public` needs nothing, `user` a valid access token, `org` also an
 * `X-Organization-ID` that names one of the caller's organizations, `superuser` the superuser flag.
 */
export type RouteAccess = 'public' | 'user' | 'org' | 'superuser';

/** One API call: the single description the server binds and the web client calls. Paths are under /api/v1. */
export interface RouteDef<
  Params extends z.ZodType = z.ZodType,
  Query extends z.ZodType = z.ZodType,
  Body extends z.ZodType = z.ZodType,
  Response extends z.ZodType = z.ZodType,
  Access extends RouteAccess = RouteAccess,
> {
  method: HttpMethod;
  path: string;
  access: Access;
  summary: string;
  params?: Params;
  query?: Query;
  body?: Body;
  response: Response;
  /**
   * Organization routes only: the membership roles that may call it (every role unless stated). A member
   * of another role gets 403.
   */
  roles?: readonly MembershipRole[];
  /**
   * The answer is a file of this type, not JSON (its `response` schema only describes it for the API's
   * documentation); the file name comes in Content-Disposition.
   */
  produces?: string;
  /** HTTP status of a success answer; 200 unless stated. */
  successStatus?: 200 | 201 | 202 | 204;
  /** Largest request body in bytes; `defaultBodyLimit` unless stated. */
  bodyLimit?: number;
  /**
   * Requests from one client address are limited (the server's AUTH_REQUESTS_PER_MINUTE) and refused with
   * 429 beyond it before any other work: for calls anyone may make that cost the server dearly.
   */
  limitedPerAddress?: boolean;
}

/** Largest request body of a call that does not say otherwise: a JSON call needs far less. */
export const defaultBodyLimit = 64 * 1024;

export const defineRoute = <
  Params extends z.ZodType,
  Query extends z.ZodType,
  Body extends z.ZodType,
  Response extends z.ZodType,
  Access extends RouteAccess,
>(
  route: RouteDef<Params, Query, Body, Response, Access>,
): RouteDef<Params, Query, Body, Response, Access> => route;

export type RouteBody<R> =
  R extends RouteDef<z.ZodType, z.ZodType, infer B, z.ZodType, RouteAccess> ? z.input<B> : never;
export type RouteResponse<R> =
  R extends RouteDef<z.ZodType, z.ZodType, z.ZodType, infer S, RouteAccess> ? z.output<S> : never;
