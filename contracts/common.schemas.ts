import * as v from 'valibot';
import { impersonates, RESERVED_NAME_MESSAGES } from './reserved-names.ts';
import { cleanName, hasLetterOrDigit } from './text.ts';

/** The message when a body, query or params is not an object at all. */
const OBJECT_MESSAGE = 'Send the fields as a JSON object';

/** The message a field gives when it has no value: what a missing field is told. */
function missingMessage(schema: v.GenericSchema): string {
  return v.safeParse(schema, undefined).issues?.[0]?.message ?? 'This field is required';
}

/**
 * `v.object` with people's words: a missing field is reported with the field's own message
 * ("Region is required"), not the library's ("Invalid key: Expected \"region\" ...").
 */
export function objectSchema<const E extends v.ObjectEntries>(entries: E) {
  return v.object(entries, objectMessage(entries));
}

/** `objectSchema` for a body that may carry more fields than these (they pass through). */
export function looseObjectSchema<const E extends v.ObjectEntries>(entries: E) {
  return v.looseObject(entries, objectMessage(entries));
}

function objectMessage(entries: v.ObjectEntries) {
  return (issue: v.BaseIssue<unknown>) => {
    const key = issue.path?.[0]?.key;
    const field = typeof key === 'string' && Object.hasOwn(entries, key) ? entries[key] : undefined;
    return field && issue.input === undefined ? missingMessage(field) : OBJECT_MESSAGE;
  };
}

export const optionalFilter = <const T extends readonly string[]>(options: T, message: string) =>
  v.optional(
    v.pipe(
      v.string(message),
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
  v.union(
    [v.number(ID_MESSAGE), v.pipe(v.string(ID_MESSAGE), v.regex(/^\d{1,15}$/, ID_MESSAGE))],
    ID_MESSAGE,
  ),
  v.transform(Number),
  idSchema(),
);

export const IdParamsSchema = objectSchema({ id: IdSchema });

/** A name that passes for Ghana Gigs, a network, mobile money or Paystack is refused. */
export const notReservedName = v.check(
  (name: string) => !impersonates(name),
  RESERVED_NAME_MESSAGES.reserved,
);

/**
 * A name people see (a user's first or last name, an artist's stage name): invisible,
 * unassigned and control characters cleaned away, and refused with `message` unless a letter or
 * digit is left, and when it passes for us or a network (reserved-names.ts).
 */
export const displayNameSchema = (message: string, max: number, maxMessage: string) =>
  v.pipe(
    v.string(message),
    v.transform(cleanName),
    v.check(hasLetterOrDigit, message),
    v.maxLength(max, maxMessage),
    notReservedName,
  );
