import { readFileSync } from 'node:fs';
import fastifySwagger from '@fastify/swagger';
import { type JsonSchema, toJsonSchema } from '@valibot/to-json-schema';
import type {
  FastifyInstance,
  FastifySchema,
  FastifySchemaCompiler,
  FastifyTypeProvider,
} from 'fastify';
import type * as v from 'valibot';
import { validate } from '../../contracts/validate.ts';
import { HttpError } from './errors.ts';

/**
 * The one adapter between the routes and the shared valibot contracts. A route declares what it
 * takes on itself, `schema: { params, querystring, body }`, with schemas from contracts/; this
 * file makes Fastify run them (every declared part, before the handler) and describes them in
 * the OpenAPI document, so the route table is the API's contract and its documentation.
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
    // A raw body (a picture) is bytes.
    overrideSchema: ({ valibotSchema }) =>
      valibotSchema.type === 'instance' ? { type: 'string', format: 'binary' } : undefined,
  });
  return json;
}

type BodyContract = v.GenericSchema | { content: Record<string, { schema: v.GenericSchema }> };

function documentBody(body: BodyContract): unknown {
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
  const { params, querystring, body, ...rest } = schema as FastifySchema & {
    params?: v.GenericSchema;
    querystring?: v.GenericSchema;
    body?: BodyContract;
  };
  return {
    url,
    schema: {
      ...rest,
      ...(params ? { params: toDocumented(params) } : {}),
      ...(querystring ? { querystring: toDocumented(querystring) } : {}),
      ...(body ? { body: documentBody(body) } : {}),
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
  app.get(OPENAPI_URL, async () => app.swagger());
}
