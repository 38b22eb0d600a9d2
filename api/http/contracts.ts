import { readFileSync } from 'node:fs';
import fastifySwagger from '@fastify/swagger';
import { type JsonSchema, toJsonSchema } from '@valibot/to-json-schema';
import fastJsonStringify, { type Schema as SerializerSchema } from 'fast-json-stringify';
import type {
  FastifyInstance,
  FastifySchema,
  FastifySchemaCompiler,
  FastifySerializerCompiler,
  FastifyTypeProvider,
} from 'fastify';
import type * as v from 'valibot';
import { ErrorAnswerSchema, OpenApiDocumentSchema } from '../../contracts/answers.schemas.ts';
import { validate } from '../../contracts/validate.ts';
import { HttpError } from './errors.ts';

/**
 * The one adapter between the routes and the shared valibot contracts. A route declares what it
 * takes on itself, `schema: { params, querystring, body }`, and what it answers,
 * `schema: { response: { 200: ... } }`, with schemas from contracts/; this file makes Fastify
 * run them (every declared part, before the handler; every answer through its schema's
 * serializer, which leaves out any field the schema does not name) and describes them in the
 * OpenAPI document, so the route table is the API's contract and its documentation.
 */

/** Types `request.params/query/body` as the output of the route's valibot schemas. */
export interface ValibotTypeProvider extends FastifyTypeProvider {
  readonly validator: this['schema'] extends v.GenericSchema
    ? v.InferOutput<this['schema']>
    : unknown;
  readonly serializer: this['schema'] extends v.GenericSchema
    ? v.InferInput<this['schema']>
    : unknown;
}

const isValibotSchema = (schema: unknown): schema is v.GenericSchema =>
  typeof schema === 'object' &&
  schema !== null &&
  (schema as { kind?: unknown }).kind === 'schema' &&
  typeof (schema as { '~run'?: unknown })['~run'] === 'function';

/**
 * Runs a part's contract. The part becomes the schema's output (trimmed text, money in
 * pesewas, ids as numbers); a refusal is 400 with the first message and one per field, the
 * shape every client reads. A missing part is judged as `{}`, so "required" messages apply.
 */
const valibotValidatorCompiler: FastifySchemaCompiler<unknown> = ({
  schema,
  method,
  url,
  httpPart,
}) => {
  if (!isValibotSchema(schema)) {
    throw new Error(`${method} ${url}: the ${httpPart} contract must be a valibot schema`);
  }
  return (data: unknown) => {
    const result = validate(schema, data ?? {});
    if (result.ok) return { value: result.value };
    const [first] = Object.values(result.errors);
    return { error: new HttpError(400, first ?? 'Invalid request', result.errors) };
  };
};

/**
 * A contract as JSON Schema, as a client sends it (before transforms). Checks JSON Schema
 * cannot state (a name with something visible in it, a day that exists) are left out: the
 * document describes, the valibot schema decides.
 */
function toDocumented(schema: v.GenericSchema): JsonSchema {
  const { $schema: _dialect, ...json } = toJsonSchema(schema, {
    target: 'draft-2020-12',
    typeMode: 'input',
    errorMode: 'ignore',
    overrideSchema: ({ valibotSchema, jsonSchema }) =>
      // A raw body (a picture) is bytes.
      valibotSchema.type === 'instance'
        ? { type: 'string', format: 'binary' }
        : valibotSchema.type === 'nullable'
          ? nullableType(jsonSchema)
          : // Its other fields pass through (the serializer would drop them otherwise).
            valibotSchema.type === 'loose_object'
            ? { ...jsonSchema, additionalProperties: true }
            : undefined,
  });
  return json;
}

/**
 * `X | null` as one schema with `type: [X, 'null']` rather than `anyOf`: the serializer picks an
 * `anyOf` branch by validating the value against each, at every answer; a type list it checks
 * in line.
 */
function nullableType(json: JsonSchema): JsonSchema | undefined {
  const branches = (json as { anyOf?: JsonSchema[] }).anyOf;
  if (branches?.length !== 2) return undefined;
  const other = branches.find((branch) => (branch as { type?: unknown }).type !== 'null');
  const type = (other as { type?: unknown } | undefined)?.type;
  if (!other || typeof other !== 'object' || typeof type !== 'string') return undefined;
  const values = (other as { enum?: unknown[] }).enum;
  return {
    ...other,
    type: [type, 'null'],
    ...(values ? { enum: [...values, null] } : {}),
  } as JsonSchema;
}

/** A body's or an answer's contract: a valibot schema (JSON), or one per content type. */
type AnswerContract = v.GenericSchema | { content: Record<string, { schema: v.GenericSchema }> };

/**
 * The serializer of a valibot schema: fast-json-stringify of its JSON Schema, which writes the
 * fields the schema names and nothing else. One per schema, made once; the routes' serializer
 * compiler and the answers made outside a route (a cached list page, a server-drawn screen's
 * inlined data) use the same one.
 */
const serializers = new WeakMap<v.GenericSchema, (value: unknown) => string>();
export function serializerFor(schema: v.GenericSchema): (value: unknown) => string {
  let serialize = serializers.get(schema);
  if (!serialize) {
    serialize = fastJsonStringify(toDocumented(schema) as SerializerSchema);
    serializers.set(schema, serialize);
  }
  return serialize;
}

/** A value as its schema lets it out: the fields the schema names and nothing else. */
export function answerAs<const S extends v.GenericSchema>(schema: S, value: v.InferOutput<S>) {
  return JSON.parse(serializerFor(schema)(value)) as v.InferOutput<S>;
}

/** Each route's answer goes out through its declared schema's serializer. */
const valibotSerializerCompiler: FastifySerializerCompiler<unknown> = ({
  schema,
  method,
  url,
  httpStatus,
}) => {
  if (!isValibotSchema(schema)) {
    throw new Error(`${method} ${url}: the ${httpStatus} answer must be a valibot schema`);
  }
  return serializerFor(schema);
};

function documentAnswers(response: Record<string, AnswerContract>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(response).map(([status, contract]) => [status, documentBody(contract)]),
  );
}

function documentBody(body: AnswerContract): unknown {
  if (isValibotSchema(body)) return toDocumented(body);
  return {
    content: Object.fromEntries(
      Object.entries(body.content).map(([type, { schema }]) => [
        type,
        { schema: toDocumented(schema) },
      ]),
    ),
  };
}

/** @fastify/swagger's transform: each route's valibot contracts as JSON Schema. */
function documentRoute({ schema, url }: { schema: FastifySchema; url: string }) {
  if (!schema) return { schema, url };
  const { params, querystring, body, response, ...rest } = schema as FastifySchema & {
    params?: v.GenericSchema;
    querystring?: v.GenericSchema;
    body?: AnswerContract;
    response?: Record<string, AnswerContract>;
  };
  return {
    url,
    schema: {
      ...rest,
      ...(params ? { params: toDocumented(params) } : {}),
      ...(querystring ? { querystring: toDocumented(querystring) } : {}),
      ...(body ? { body: documentBody(body) } : {}),
      ...(response ? { response: documentAnswers(response) } : {}),
    },
  };
}

const OPENAPI_URL = '/api/openapi.json';

const packageVersion = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  }
).version;

/**
 * Every route's contract is run by valibot, and the OpenAPI 3.1 document is generated from the
 * same declarations and served at OPENAPI_URL. Must be registered before any route.
 */
export async function registerContracts(app: FastifyInstance): Promise<void> {
  app.setValidatorCompiler(valibotValidatorCompiler);
  app.setSerializerCompiler(valibotSerializerCompiler);
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Ghana Gigs API',
        version: packageVersion,
        description:
          'Errors are JSON { message, errors? }; lists answer an array with X-Total-Count and X-Next-Cursor headers.',
      },
    },
    transform: documentRoute,
  });
  app.get(
    OPENAPI_URL,
    { schema: { response: answers({ 200: OpenApiDocumentSchema }) } },
    async () => app.swagger(),
  );
}

/**
 * A route's `schema.response`: its success answers, and the one error shape
 * (`{ message, errors? }`) for every 4xx and 5xx it may give.
 */
export function answers<const R extends Record<number, AnswerContract>>(success: R) {
  return { ...success, '4xx': ErrorAnswerSchema, '5xx': ErrorAnswerSchema } as const;
}
