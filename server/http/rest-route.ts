/**
 * A mutation's REST route, declared in its server apply (`rest` of a ServerMutator,
 * server/mutations/<entity>.ts): method, path, schemas, how the request becomes the mutation's
 * arguments, and what it answers. server/http/rest-writes.ts registers every declared route.
 * This module imports nothing at run time, so a mutator module may import it without a cycle.
 *
 * Statuses: 200 answers the mutation's result, 201 answers it as created, 204 answers nothing.
 */
import type { FastifyRequest, FastifySchema, RawRequestDefaultExpression, RawServerDefault, RouteGenericInterface } from 'fastify';
import type { ZodTypeProvider } from './zod-validation';

/** The request as its declared schemas type it (body, params and query parsed by the route's validation). */
export type DeclaredRequest<S extends FastifySchema> = FastifyRequest<RouteGenericInterface, RawServerDefault, RawRequestDefaultExpression, S, ZodTypeProvider>;

export interface RestRoute<A, S extends FastifySchema = FastifySchema> {
  readonly method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly url: string;
  readonly schema: S;
  readonly status: 200 | 201 | 204;
  /** The mutation's arguments from the request; may refuse with an HttpError before the mutation runs. */
  args(request: DeclaredRequest<S>): A | Promise<A>;
  /** What the caller is shown of the result (default: the result itself). */
  answer?(result: unknown, request: DeclaredRequest<S>): unknown;
}

/** Declares one REST route; the schema's types flow into `args` and `answer`, and `args` must build the mutation's arguments. */
export function restRoute<const S extends FastifySchema, A>(route: RestRoute<A, S>): RestRoute<A, S> {
  return route;
}
