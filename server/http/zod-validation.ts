/**
 * Routes declare their input with the contract's zod schemas (`schema: { body, querystring,
 * params }`); Fastify validates in its validation step (after the onRequest and preValidation
 * hooks, before preHandler) with the compiler below, which answers exactly as parseBody did:
 * 400 `{ message }` with issueMessage's text, and "The request body must be a JSON object." for
 * a body that is not one. A valid value replaces the raw one, so handlers read the parsed
 * output (defaults filled, unknown keys dropped) from `request.body` / `request.query`.
 *
 * `documented(schema)` declares a schema for the OpenAPI document only: the handler keeps its
 * own check because its order or its answer differs (a malformed id is a 404, a path token is
 * checked before the body). Its type is unknown to the handler, as the value is unchecked.
 *
 * Answers are serialised from the declared response schema (`schema.response[status]`): the
 * value is parsed by it, so a field the schema does not declare never leaves the server (a row's
 * private columns, a stray internal field), and stringified. An answer that breaks its schema is
 * a server bug: 500 `{ message }`, logged with the schema's complaint. A status without a declared
 * schema, and the errors, are stringified as they are.
 */
import type { FastifyInstance, FastifySchemaCompiler, FastifySerializerCompiler, FastifyTypeProvider } from 'fastify';
import * as z from 'zod/mini';
import { HttpError } from '../errors';
import { isPlainObject, issueMessage } from '../validate';

const BODY_NOT_OBJECT = 'The request body must be a JSON object.';

declare const documentOnly: unique symbol;
/** A schema Fastify does not enforce; the handler checks the value itself. */
export type Documented<S extends z.core.$ZodType = z.core.$ZodType> = S & { readonly [documentOnly]: true };

declare const pathKeys: unique symbol;
/** Path parameters, documented only: the router hands every one over as a string. */
export type PathParams<K extends string> = Documented & { readonly [pathKeys]: K };

const documentOnlySchemas = new WeakSet<object>();

export function documented<S extends z.core.$ZodType>(schema: S): Documented<S> {
  documentOnlySchemas.add(schema);
  return schema as Documented<S>;
}

export function isDocumentOnly(schema: unknown): boolean {
  return typeof schema === 'object' && schema !== null && documentOnlySchemas.has(schema);
}

export function isZodSchema(schema: unknown): schema is z.core.$ZodType {
  return typeof schema === 'object' && schema !== null && '_zod' in schema;
}

export const zodValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (!isZodSchema(schema) || isDocumentOnly(schema)) return (data) => ({ value: data });
  return (data) => {
    // Fastify hands an absent body over as null.
    if (httpPart === 'body' && !isPlainObject(data)) return { error: new HttpError(400, BODY_NOT_OBJECT) };
    // The functional form takes any zod schema (zod/mini's have no methods of their own).
    const result = z.safeParse(schema, data);
    return result.success ? { value: result.data } : { error: new HttpError(400, issueMessage(result.error)) };
  };
};

/** Types `request.body` / `query` / `params` and the handler's answer from the declared schemas. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends PathParams<infer K> ? Record<K, string> : this['schema'] extends Documented ? unknown : this['schema'] extends z.core.$ZodType ? z.output<this['schema']> : unknown;
  /** A handler's answer must be what its declared response schema takes in. */
  serializer: this['schema'] extends Documented ? unknown : this['schema'] extends z.core.$ZodType ? z.input<this['schema']> : unknown;
}

export const zodSerializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  if (!isZodSchema(schema) || isDocumentOnly(schema)) return (data) => JSON.stringify(data);
  return (data) => JSON.stringify(z.parse(schema, data));
};

export function installZodSchemas(app: FastifyInstance): void {
  app.setValidatorCompiler(zodValidatorCompiler);
  app.setSerializerCompiler(zodSerializerCompiler);
}

/** The app with route types taken from the declared zod schemas. */
export const typed = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();
