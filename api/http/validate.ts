import type * as v from 'valibot';
import { validate } from '../../contracts/validate.ts';
import { HttpError } from './errors.ts';

/** Validates a body, query or params with a shared contract; 400 with field messages otherwise. */
export function parse<const S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): v.InferOutput<S> {
  const result = validate(schema, input ?? {});
  if (result.ok) return result.value;
  const [first] = Object.values(result.errors);
  throw new HttpError(400, first ?? 'Invalid request', result.errors);
}
