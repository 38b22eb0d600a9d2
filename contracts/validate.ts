import * as v from 'valibot';

/** Valibot issues as one message per field (the first one wins), keyed by the top-level field name. */
function issuesToFieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path?.map((item) => String(item.key)).join('.') || 'body';
    const field = key.split('.')[0] ?? key;
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Runs a schema and returns either the output or field errors, for forms and requests alike. */
export function validate<const S extends v.GenericSchema>(
  schema: S,
  input: unknown,
): { ok: true; value: v.InferOutput<S> } | { ok: false; errors: Record<string, string> } {
  const result = v.safeParse(schema, input);
  return result.success
    ? { ok: true, value: result.output }
    : { ok: false, errors: issuesToFieldErrors(result.issues) };
}
