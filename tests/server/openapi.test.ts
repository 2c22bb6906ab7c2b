/**
 * The OpenAPI document (GET /api/openapi.json) is generated from the registered routes: every
 * /api route the server serves appears in it with its method, its security (public or bearer)
 * and the schemas its options declare; /api routes need a user unless marked public; and the
 * declared schemas answer bad input exactly as the handlers' own checks did.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as z from 'zod/mini';
import { createPodBody } from '../../src/contract/social';
import { pullQuery } from '../../src/contract/sync';
import { ServerText } from '../../src/contract/users';
import { registeredRoutes, type RegisteredRoute } from '../../server/route-list';
import { BEARER, openApiPath, type OpenApiDocument } from '../../server/http/openapi';
import { isDocumentOnly } from '../../server/http/zod-validation';
import { issueMessage } from '../../server/validate';
import { startServer, type TestServer } from './helpers';

/** The /api routes anyone may call without a token; a new one must be added here on purpose. */
const PUBLIC_ROUTES = [
  'POST /api/users',
  'POST /api/users/login',
  'POST /api/users/email-change/:token',
  'POST /api/users/email-change/:token/undo',
  'GET /api/users/:id/avatar',
  'POST /api/auth/forgot-password',
  'PATCH /api/auth/reset-password/:token',
  'GET /api/openapi.json',
  'GET /api/watch/:token',
  'POST /api/games/join/guest/preview',
  'POST /api/games/join/guest',
  'GET /api/guest-seat',
  'POST /api/guest-seat/increments',
  // Registered by this test only.
  'GET /api/test/open',
];

function testRoutes(app: FastifyInstance) {
  app.get('/api/test/private', async (request) => ({ userId: request.user?.id }));
  app.get('/api/test/open', { config: { public: true } }, async (request) => ({ user: request.user }));
}

let server: TestServer;
let document: OpenApiDocument;
let apiRoutes: RegisteredRoute[];
beforeAll(async () => {
  server = await startServer({ setup: testRoutes });
  const answer = await server.request<OpenApiDocument>('GET', '/api/openapi.json');
  expect(answer.status).toBe(200);
  document = answer.body;
  apiRoutes = registeredRoutes(server.app).filter((route) => route.path.startsWith('/api/'));
});
afterAll(async () => {
  await server?.close();
});

const key = (route: RegisteredRoute) => `${route.method} ${route.path}`;
const jsonSchema = (schema: unknown) => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema as z.core.$ZodType, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
};

describe('authentication by default', () => {
  it('a route registered without the public mark answers 401 without a token, and serves a signed-in user', async () => {
    const anonymous = await server.request('GET', '/api/test/private');
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toEqual({ message: ServerText.unauthorized });
    const bad = await server.request('GET', '/api/test/private', { token: 'not-a-token' });
    expect(bad.status).toBe(401);
    const person = await server.newUser('oa');
    const signedIn = await server.request<{ userId: string }>('GET', '/api/test/private', { token: person.token });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.userId).toBe(person.user.id);
  });

  it('a route marked public answers without a token', async () => {
    const answer = await server.request('GET', '/api/test/open');
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ user: null });
  });

  it('the public /api routes are exactly the listed ones; every other one needs a token', async () => {
    expect(apiRoutes.filter((route) => !route.authenticated).map(key).sort()).toEqual([...PUBLIC_ROUTES].sort());
    // Spot checks against the server itself, not only the list.
    expect((await server.request('GET', '/api/decks')).status).toBe(401);
    expect((await server.request('POST', '/api/sync/push', { body: { mutations: [], cursor: 0 } })).status).toBe(401);
    expect((await server.request('POST', '/api/users/login', { body: { username: 'nobody-here', password: 'password1' } })).status).toBe(401);
    expect((await server.request('POST', '/api/auth/forgot-password', { body: { email: 'nobody@example.com' } })).status).toBe(200);
  });
});

describe('the document', () => {
  it('has the shape of an OpenAPI 3.1 document', () => {
    expect(document.openapi).toMatch(/^3\.1\.\d+$/);
    expect(document.info.title).toBeTruthy();
    expect(document.info.version).toBeTruthy();
    expect(document.components.securitySchemes[BEARER]).toEqual({ type: 'http', scheme: 'bearer' });
    expect(document.security).toEqual([{ [BEARER]: [] }]);
    const methods = new Set(['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace']);
    const operationIds = new Set<string>();
    for (const [path, item] of Object.entries(document.paths)) {
      expect(path.startsWith('/api/')).toBe(true);
      expect(path).not.toContain(':');
      const placeholders = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
      for (const [method, operation] of Object.entries(item)) {
        expect(methods.has(method)).toBe(true);
        expect(operationIds.has(operation.operationId)).toBe(false);
        operationIds.add(operation.operationId);
        expect(Object.keys(operation.responses).length).toBeGreaterThan(0);
        for (const response of Object.values(operation.responses)) expect(typeof response.description).toBe('string');
        // Every placeholder of the path is a required path parameter, and nothing else is.
        const pathParams = (operation.parameters ?? []).filter((parameter) => parameter.in === 'path');
        expect(pathParams.map((parameter) => parameter.name).sort()).toEqual([...placeholders].sort());
        for (const parameter of pathParams) expect(parameter.required).toBe(true);
        for (const parameter of operation.parameters ?? []) expect(['path', 'query']).toContain(parameter.in);
        if (operation.requestBody) expect(Object.keys(operation.requestBody.content)).toEqual(['application/json']);
      }
    }
  });

  it('lists every /api route the server serves, with its method, security and declared schemas', () => {
    expect(apiRoutes.length).toBeGreaterThan(60);
    const documented = Object.entries(document.paths).flatMap(([path, item]) => Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(apiRoutes.map((route) => `${route.method} ${openApiPath(route.path)}`).sort());
    for (const route of apiRoutes) {
      const operation = document.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
      expect(operation, key(route)).toBeDefined();
      expect(operation!.security, key(route)).toEqual(route.authenticated ? [{ [BEARER]: [] }] : []);
      const schema = route.schema ?? {};
      if (schema.body) expect(operation!.requestBody?.content['application/json'].schema, key(route)).toEqual(jsonSchema(schema.body));
      else expect(operation!.requestBody, key(route)).toBeUndefined();
      const query = (operation!.parameters ?? []).filter((parameter) => parameter.in === 'query');
      const declaredQuery = schema.querystring ? (jsonSchema(schema.querystring).properties as Record<string, unknown>) : {};
      expect(Object.fromEntries(query.map((parameter) => [parameter.name, parameter.schema])), key(route)).toEqual(declaredQuery);
      if (schema.params) {
        const declared = jsonSchema(schema.params).properties as Record<string, unknown>;
        for (const parameter of (operation!.parameters ?? []).filter((parameter) => parameter.in === 'path')) expect(parameter.schema, key(route)).toEqual(declared[parameter.name]);
      }
    }
  });

  it('routes declare their schemas: every JSON body an /api route reads is declared', () => {
    const withBody = apiRoutes.filter((route) => route.schema?.body).map(key);
    for (const route of ['POST /api/users', 'POST /api/users/login', 'PUT /api/users/me', 'POST /api/decks', 'PUT /api/decks/:id', 'POST /api/pods', 'POST /api/sync/push', 'POST /api/games', 'PUT /api/games/:id', 'PUT /api/push/settings']) {
      expect(withBody).toContain(route);
    }
    // A schema only documented (the handler checks in its own order) is marked so.
    const createGame = apiRoutes.find((route) => key(route) === 'POST /api/games');
    expect(isDocumentOnly(createGame?.schema?.body)).toBe(true);
    const login = apiRoutes.find((route) => key(route) === 'POST /api/users/login');
    expect(isDocumentOnly(login?.schema?.body)).toBe(false);
  });
});

describe('declared schemas answer as the handlers did', () => {
  it('a body that is not a JSON object, or none at all, is a 400 with the same words', async () => {
    for (const body of [[], 'text', 42, null]) {
      const answer = await server.request('POST', '/api/users/login', { body });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: 'The request body must be a JSON object.' });
    }
    const person = await server.newUser('ob');
    const none = await fetch(`${server.url}/api/pods`, { method: 'POST', headers: { authorization: `Bearer ${person.token}` } });
    expect(none.status).toBe(400);
    expect(await none.json()).toEqual({ message: 'The request body must be a JSON object.' });
  });

  it('a field that breaks the schema is a 400 naming it; the query string is checked the same way', async () => {
    const person = await server.newUser('oc');
    const broken = { name: 42 };
    const expected = z.safeParse(createPodBody, broken);
    expect(expected.success).toBe(false);
    const pod = await server.request('POST', '/api/pods', { token: person.token, body: broken });
    expect(pod.status).toBe(400);
    expect(pod.body).toEqual({ message: issueMessage(expected.error!) });
    expect(pod.body).toEqual({ message: 'Pod name cannot be empty.' });
    const pull = await server.request('GET', '/api/sync/pull?cursor=-1', { token: person.token });
    expect(pull.status).toBe(400);
    expect(pull.body).toEqual({ message: issueMessage(z.safeParse(pullQuery, { cursor: '-1' }).error!) });
  });

  it('a malformed id in the path is still the route’s own 404, not a 400', async () => {
    const person = await server.newUser('od');
    const deck = await server.request('GET', '/api/decks/not-a-uuid', { token: person.token });
    expect(deck.status).toBe(404);
    const game = await server.request('PUT', '/api/games/not-a-uuid', { token: person.token, body: { activeSeat: 'x' } });
    expect(game.status).toBe(404);
  });

  it('answers keep every field (serialisation does not strip to the declared schema)', async () => {
    const person = await server.newUser('oe');
    const login = await server.request<Record<string, unknown>>('POST', '/api/users/login', { body: { username: person.username, password: person.password } });
    expect(login.status).toBe(200);
    const me = await server.request<Record<string, unknown>>('GET', '/api/users/me', { token: person.token });
    expect(me.body).toEqual(login.body.user);
  });
});
