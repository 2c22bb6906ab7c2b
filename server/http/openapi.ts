/**
 * The OpenAPI 3.1 document of the /api routes, generated from what the routes registered
 * (server/route-list.ts): each route's method and path, whether it needs a bearer token (every
 * /api route unless marked `config.public`), and the zod schemas its options declare, turned
 * into JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) by zod's own `toJSONSchema`.
 * Request schemas are described on their input side (what a client sends), response schemas on
 * their output side. Served at GET /api/openapi.json, built once on the first request, when
 * every route has been registered. Routes outside /api (the live socket, health probes,
 * metrics, static files) are not part of it: docs/operations.md describes them.
 */
import type { FastifyInstance, FastifySchema } from 'fastify';
import * as z from 'zod/mini';
import { registeredRoutes, type RegisteredRoute } from '../route-list';
import { isZodSchema } from './zod-validation';

export const OPENAPI_PATH = '/api/openapi.json';

type JsonSchema = Record<string, unknown>;

interface Parameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  schema: JsonSchema;
}

interface Operation {
  operationId: string;
  security: Array<Record<string, string[]>>;
  parameters?: Parameter[];
  requestBody?: { required: true; content: { 'application/json': { schema: JsonSchema } } };
  responses: Record<string, { description: string; content?: { 'application/json': { schema: JsonSchema } } }>;
}

export interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string; description: string };
  components: { securitySchemes: Record<string, unknown>; schemas: Record<string, JsonSchema> };
  security: Array<Record<string, string[]>>;
  paths: Record<string, Record<string, Operation>>;
}

export const BEARER = 'bearerAuth';
const ERROR_REF = { $ref: '#/components/schemas/Error' };

/** `:id` → `{id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

function jsonSchema(schema: unknown, io: 'input' | 'output'): JsonSchema | undefined {
  if (!isZodSchema(schema)) return undefined;
  // Refinements and transforms have no JSON Schema form: they are left out (the server still runs them).
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function parameters(where: 'path' | 'query', schema: unknown, path: string): Parameter[] {
  const json = jsonSchema(schema, 'input');
  const properties = (json?.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((json?.required ?? []) as string[]);
  const list: Parameter[] = Object.entries(properties).map(([name, property]) => ({ name, in: where, required: where === 'path' || required.has(name), schema: property }));
  if (where === 'path') {
    // A path parameter no schema declares is still a parameter (OpenAPI requires every one).
    for (const [, name] of path.matchAll(/:([A-Za-z0-9_]+)/g)) {
      if (name && !(name in properties)) list.push({ name, in: 'path', required: true, schema: { type: 'string' } });
    }
  }
  return list;
}

function operation(route: RegisteredRoute): Operation {
  const schema: FastifySchema = route.schema ?? {};
  const params = [...parameters('path', schema.params, route.path), ...parameters('query', schema.querystring, route.path)];
  const body = jsonSchema(schema.body, 'input');
  const responses: Operation['responses'] = {};
  for (const [status, response] of Object.entries((schema.response ?? {}) as Record<string, unknown>)) {
    const json = jsonSchema(response, 'output');
    responses[status] = json ? { description: `Status ${status}`, content: { 'application/json': { schema: json } } } : { description: `Status ${status}` };
  }
  if (Object.keys(responses).length === 0) responses['2XX'] = { description: 'Success' };
  responses.default = { description: 'An error: its message says what went wrong.', content: { 'application/json': { schema: ERROR_REF } } };
  return {
    operationId: `${route.method.toLowerCase()} ${route.path}`,
    security: route.authenticated ? [{ [BEARER]: [] }] : [],
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: { required: true as const, content: { 'application/json': { schema: body } } } } : {}),
    responses,
  };
}

export function buildOpenApiDocument(routes: readonly RegisteredRoute[], version: string): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {};
  for (const route of routes) {
    if (!route.path.startsWith('/api/')) continue;
    (paths[openApiPath(route.path)] ??= {})[route.method.toLowerCase()] = operation(route);
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'PodTable API',
      version,
      description: 'Every route needs `Authorization: Bearer <token>` (from POST /api/users/login) unless its `security` is empty.',
    },
    components: {
      securitySchemes: { [BEARER]: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } },
    },
    security: [{ [BEARER]: [] }],
    paths,
  };
}

/** GET /api/openapi.json (public); call after every other route is registered. */
export function registerOpenApiRoute(app: FastifyInstance, version: string): void {
  let document: string | undefined;
  app.get(OPENAPI_PATH, { config: { public: true } }, async (_request, reply) => {
    document ??= JSON.stringify(buildOpenApiDocument(registeredRoutes(app), version));
    return reply.type('application/json; charset=utf-8').send(document);
  });
}
