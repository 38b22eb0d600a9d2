import type { RouteOptions } from 'fastify';
import type * as v from 'valibot';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../tests/helpers/test-app.ts';

/**
 * The OpenAPI document is generated from the contracts the routes declare: every route of the
 * route table is in it, with each path parameter, query field and body field it takes.
 */
let t: TestApp;
const routes: RouteOptions[] = [];

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown> } }> };
}
let paths: Record<string, Record<string, Operation>>;

beforeAll(async () => {
  t = await createTestApp({ onRoute: (route) => void routes.push(route) });
  const response = await t.app.inject({ url: '/api/openapi.json' });
  expect(response.statusCode).toBe(200);
  const document = response.json();
  expect(document.openapi).toBe('3.1.0');
  paths = document.paths;
});
afterAll(async () => {
  await t.close();
});

interface Contract {
  params?: v.ObjectSchema<v.ObjectEntries, undefined>;
  querystring?: v.ObjectSchema<v.ObjectEntries, undefined>;
  body?: v.GenericSchema | { content: Record<string, unknown> };
  hide?: boolean;
}

/** Every route but Fastify's HEAD twins of GET routes and the web app's pages and files. */
function apiRoutes() {
  return routes.flatMap((route) =>
    [route.method]
      .flat()
      .filter((method) => method !== 'HEAD' && !(route.schema as Contract | undefined)?.hide)
      .map((method) => ({ method, url: route.url, contract: (route.schema ?? {}) as Contract })),
  );
}

const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');
const fieldsOf = (schema: unknown) =>
  Object.keys((schema as { entries?: Record<string, unknown> } | undefined)?.entries ?? {});

test('the route table is what the API serves', () => {
  const table = apiRoutes().map(({ method, url }) => `${method} ${url}`);
  // Spot checks that the hook saw the whole table, the catch-all pages aside.
  expect(table).toEqual(
    expect.arrayContaining([
      'GET /api/jobs',
      'POST /api/jobs',
      'PATCH /api/bookings/:id',
      'POST /api/artists/me/portfolio',
      'GET /uploads/:name',
      'GET /api/openapi.json',
    ]),
  );
  expect(table.length).toBeGreaterThan(25);
});

test('every route is in the OpenAPI document with its params, query and body', () => {
  for (const { method, url, contract } of apiRoutes()) {
    const where = `${method} ${url}`;
    const operation = paths[openApiPath(url)]?.[method.toLowerCase()];
    expect(operation, where).toBeDefined();
    if (!operation) continue;
    const parameters = (operation.parameters ?? []).map((p) => `${p.in} ${p.name}`);

    const inPath = [...url.matchAll(/:(\w+)/g)].map((match) => match[1]);
    expect(fieldsOf(contract.params).sort(), `${where}: declares its path`).toEqual(inPath.sort());
    for (const name of inPath) expect(parameters, where).toContain(`path ${name}`);
    for (const name of fieldsOf(contract.querystring)) {
      expect(parameters, where).toContain(`query ${name}`);
    }

    if (!contract.body) {
      expect(operation.requestBody, `${where} takes no body`).toBeUndefined();
      continue;
    }
    const content = operation.requestBody?.content ?? {};
    if ('content' in contract.body) {
      expect(Object.keys(content).sort(), where).toEqual(Object.keys(contract.body.content).sort());
      continue;
    }
    const documented = Object.keys(content['application/json']?.schema.properties ?? {});
    const declared = fieldsOf(contract.body);
    expect(declared.length, `${where}: an object body`).toBeGreaterThan(0);
    expect(documented, where).toEqual(expect.arrayContaining(declared));
  }
});

test('the writes document their bodies field by field', () => {
  const postJob = paths['/api/jobs']?.post?.requestBody?.content['application/json']?.schema;
  expect(Object.keys(postJob?.properties ?? {})).toEqual(
    expect.arrayContaining(['title', 'description', 'category', 'region', 'jobType']),
  );
  const booking = paths['/api/bookings/{id}']?.patch;
  expect(booking?.parameters).toEqual(
    expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'id' })]),
  );
  expect(
    booking?.requestBody?.content['application/json']?.schema.properties?.status,
  ).toMatchObject({ enum: ['accepted', 'rejected', 'completed'] });
  const upload = paths['/api/artists/me/portfolio']?.post?.requestBody?.content;
  expect(upload?.['image/png']?.schema).toMatchObject({ type: 'string', format: 'binary' });
});
