import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import type * as v from 'valibot';
import { validate } from '../../contracts/validate.ts';

/** One message per field, keyed by field name: the shared schemas' English or the server's. */
export type FieldErrors = Record<string, string>;

/** What a form's check answers: the value to send, or the messages to show. */
export type Checked<Out> = { ok: true; value: Out } | { ok: false; errors: FieldErrors };

/** A shared valibot schema, or a function of the values that runs one (or several). */
export type FormCheck<V, Out> = v.GenericSchema<unknown, Out> | ((values: V) => Checked<Out>);

/**
 * Where a form of rows keeps one row's message: `rowKey(3, 'amount')` is `3.amount`. The row is
 * named by its own key, not its place, so a message stays with its row when another is removed.
 */
export const rowKey = (row: number, field: string): string => `${row}.${field}`;

/** One row's messages (a schema's, keyed by field) under that row's keys. */
export function rowErrors(row: number, errors: FieldErrors): FieldErrors {
  return Object.fromEntries(
    Object.entries(errors).map(([field, message]) => [rowKey(row, field), message]),
  );
}

type StringKey<V> = { [K in keyof V]: V[K] extends string ? K : never }[keyof V];

/**
 * Every form's state: the values as its inputs hold them, one error per field, and a submit
 * that checks with the shared schemas before anything is sent. A field flagged by the last
 * check is checked again as it changes, so its message goes as soon as it is right; fields not
 * yet flagged stay quiet until the next submit. A message the server gave (`refuse`) goes when
 * its field changes. `Field` gives each control its id, aria-invalid and aria-describedby.
 */
export function useForm<V extends object, Out = V>(
  initial: V | (() => V),
  check: FormCheck<V, Out>,
  initialErrors: FieldErrors = {},
) {
  const [values, setValues] = useState(initial);
  const [checked, setChecked] = useState<FieldErrors>({});
  const [refused, setRefused] = useState<FieldErrors>(initialErrors);
  // The values as the changes so far leave them, ahead of the next render: two changes in one
  // handler (or one after an await) each build on the one before.
  const latest = useRef(values);
  latest.current = values;

  const run = (input: V): Checked<Out> =>
    typeof check === 'function' ? check(input) : validate(check, input);

  /** Sets some fields; a field flagged before is judged again on the new values. */
  const change = (patch: Partial<V>) => {
    // Functional, so two changes in one handler (or one after an await) both land.
    setValues((current) => ({ ...current, ...patch }));
    const next = { ...latest.current, ...patch };
    latest.current = next;
    const changed = Object.keys(patch);
    if (changed.some((key) => key in refused)) {
      setRefused((current) =>
        Object.fromEntries(Object.entries(current).filter(([key]) => !changed.includes(key))),
      );
    }
    const flagged = Object.keys(checked);
    if (flagged.length === 0) return;
    const result = run(next);
    const found = result.ok ? {} : result.errors;
    setChecked(
      Object.fromEntries(
        flagged.flatMap((field) => (found[field] ? [[field, found[field]] as const] : [])),
      ),
    );
  };

  /** Checks the values (or `next`, set first), shows what is wrong and answers the result. */
  const validateNow = (next: V = latest.current): Checked<Out> => {
    if (next !== latest.current) {
      setValues(next);
      latest.current = next;
    }
    const result = run(next);
    setChecked(result.ok ? {} : result.errors);
    setRefused({});
    return result;
  };

  return {
    values,
    errors: { ...checked, ...refused } as FieldErrors,
    change,
    set: <K extends keyof V>(key: K, value: V[K]) =>
      change({ [key]: value } as unknown as Partial<V>),
    /** A text input, textarea or select bound to a string field. */
    field: (key: StringKey<V>) => ({
      value: values[key] as string,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) =>
        change({ [key]: event.target.value } as Partial<V>),
    }),
    validate: validateNow,
    /** The form's onSubmit: checks, and calls `onValid` with the checked value when all is right. */
    submit: (onValid: (value: Out) => void) => (event?: FormEvent) => {
      event?.preventDefault();
      const result = validateNow();
      if (result.ok) onValid(result.value);
    },
    /** Shows messages found elsewhere (the server's field errors, a step's own check). */
    refuse: (errors: FieldErrors) => setRefused(errors),
    show: (errors: FieldErrors) => {
      setChecked(errors);
      setRefused({});
    },
    /** New values, and no messages (a form opened again). */
    reset: (next: V) => {
      setValues(next);
      setChecked({});
      setRefused({});
    },
  };
}
