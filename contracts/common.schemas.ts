import * as v from 'valibot';
import { cleanName, hasVisibleCharacter } from './text.ts';

export const optionalFilter = <const T extends readonly string[]>(options: T, message: string) =>
  v.optional(
    v.pipe(
      v.string(),
      v.transform((value) => (value === '' || value === 'all' ? undefined : value)),
      v.optional(v.picklist(options, message)),
    ),
  );

const ID_MESSAGE = 'Must be a positive whole number';

/** A positive integer id in a JSON body. */
export const idSchema = (message: string = ID_MESSAGE) =>
  v.pipe(
    v.number(message),
    v.integer(message),
    v.minValue(1, message),
    v.maxValue(Number.MAX_SAFE_INTEGER, message),
  );

/** A positive integer id in a path or query string (or a body), where it arrives as text. */
export const IdSchema = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,15}$/))], ID_MESSAGE),
  v.transform(Number),
  idSchema(),
);

export const IdParamsSchema = v.object({ id: IdSchema });

/**
 * A name people see (a user's first or last name, an artist's stage name): bidi and control
 * characters stripped, and refused with `message` when nothing visible is left.
 */
export const displayNameSchema = (message: string, max: number, maxMessage: string) =>
  v.pipe(
    v.string(message),
    v.transform(cleanName),
    v.check(hasVisibleCharacter, message),
    v.maxLength(max, maxMessage),
  );
