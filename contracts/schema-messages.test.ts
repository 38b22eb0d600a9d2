import { readdirSync } from 'node:fs';
import * as v from 'valibot';
import { expect, test } from 'vitest';

/** What the library says when a schema has no message of its own. */
const LIBRARY_WORDING = /Expected|Received|Invalid (type|key|format|length|value|entry)/;
/** A regular expression's source shown to a person. */
const REGEX_SOURCE = /\/\^|\$\/|\\d/;

type AnySchema = v.GenericSchema & {
  type: string;
  entries?: Record<string, AnySchema>;
  item?: AnySchema;
  wrapped?: AnySchema;
  options?: AnySchema[];
};

const TEXTS = ['', ' ', 'x', 'all', '\u0000', '\u202E', '10:00 - 09:00', 'a'.repeat(6000)];
const OTHERS = [undefined, null, true, 0, -1, 1.5, 1e21, Number.NaN, [], {}, ['x'], [1], [{}]];

/** Values that are wrong for `schema` in every way we can think of, its parts included. */
function badValues(schema: AnySchema, depth = 0): unknown[] {
  const values: unknown[] = [...TEXTS, ...OTHERS];
  if (depth > 3) return values;
  if (schema.wrapped) values.push(...badValues(schema.wrapped, depth + 1));
  for (const option of schema.options ?? []) values.push(...badValues(option, depth + 1));
  if (schema.item) {
    for (const item of badValues(schema.item, depth + 1)) values.push([item], [item, item]);
  }
  if (schema.entries) {
    for (const [key, entry] of Object.entries(schema.entries)) {
      for (const value of badValues(entry, depth + 1)) values.push({ [key]: value });
    }
  }
  return values;
}

/**
 * Every schema of what people send, exported by contracts/*.schemas.ts, by name. The answers'
 * schemas (answers.schemas.ts, *-answers.schemas.ts) describe what the server writes: nobody
 * reads their messages.
 */
async function contractSchemas(): Promise<[string, AnySchema][]> {
  const files = readdirSync(import.meta.dirname).filter(
    (file) => file.endsWith('.schemas.ts') && !file.endsWith('answers.schemas.ts'),
  );
  const schemas: [string, AnySchema][] = [];
  for (const file of files) {
    const module: Record<string, unknown> = await import(/* @vite-ignore */ `./${file}`);
    for (const [name, value] of Object.entries(module)) {
      if (value && typeof value === 'object' && (value as { kind?: string }).kind === 'schema') {
        schemas.push([`${file} ${name}`, value as AnySchema]);
      }
    }
  }
  return schemas;
}

test('every contract schema answers bad input in words people read, never the library’s', async () => {
  const schemas = await contractSchemas();
  expect(schemas.length).toBeGreaterThan(15);
  const offending = new Map<string, string>();
  for (const [name, schema] of schemas) {
    for (const value of badValues(schema)) {
      for (const issue of v.safeParse(schema, value).issues ?? []) {
        if (LIBRARY_WORDING.test(issue.message) || REGEX_SOURCE.test(issue.message)) {
          offending.set(
            `${name}: ${issue.message.slice(0, 100)}`,
            JSON.stringify(value)?.slice(0, 80) ?? '',
          );
        }
      }
    }
  }
  expect(Object.fromEntries(offending)).toEqual({});
});

test('a missing field is told its own message', async () => {
  const { SignupSchema } = await import('./auth.schemas.ts');
  const result = v.safeParse(SignupSchema, { phoneNumber: '+233241234567', code: '123456' });
  expect(result.issues?.map((issue) => issue.message)).toEqual([
    'First name is required',
    'Last name is required',
    'Region is required',
  ]);
  const notAnObject = v.safeParse(SignupSchema, 'hello');
  expect(notAnObject.issues?.[0]?.message).toBe('Send the fields as a JSON object');
});
