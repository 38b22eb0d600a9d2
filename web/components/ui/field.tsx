import {
  cloneElement,
  type InputHTMLAttributes,
  type ReactElement,
  type ReactNode,
  type TextareaHTMLAttributes,
  useEffect,
  useId,
  useRef,
} from 'react';
import { t } from '../../lib/i18n/translate.ts';

/** What a Field says around its control: the label, the hint, the error, and "(optional)". */
interface FieldFrame {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean | undefined;
}

/**
 * A label, one control and its error message. The control gets the id, aria-invalid and
 * aria-describedby, so screen readers read the message with the field. Messages are the English
 * of the shared contracts (the form's own check) or the server's answer: the catalogs translate
 * them by that English, and one they lack shows as it came.
 */
export function Field({
  label,
  error,
  hint,
  optional,
  children,
}: FieldFrame & { children: ReactElement<Record<string, unknown>> }) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ');
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id} className="label">
        {label}
        {optional ? <span className="optional"> {t('(optional)')}</span> : null}
      </label>
      {cloneElement(children, {
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <p id={hintId} className="hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

/** The usual form row: a Field around one text input; the other props go to the input. */
export function TextField({
  label,
  error,
  hint,
  optional,
  ...input
}: FieldFrame & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Field label={label} error={error} hint={hint} optional={optional}>
      <input className="input" {...input} />
    </Field>
  );
}

/** A Field around a textarea (a description, a letter, a reason); the other props go to it. */
export function TextAreaField({
  label,
  error,
  hint,
  optional,
  ...textarea
}: FieldFrame & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field label={label} error={error} hint={hint} optional={optional}>
      <textarea className="input" {...textarea} />
    </Field>
  );
}

/** An error message for a fieldset (radio groups). */
export function FieldError({ id, error }: { id?: string; error?: string | undefined }) {
  return error ? (
    <p id={id} className="field-error">
      {t(error)}
    </p>
  ) : null;
}

/**
 * Why the server refused a form's request, shown in the form itself (inside a dialog, where a
 * toast would be out of sight), and announced when it appears.
 */
export function FormRefusal({ title, message }: { title: string; message: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  // A long form may hide it below the fold of its dialog: bring it into sight.
  useEffect(() => {
    if (message) ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, [message]);
  return message ? (
    <div ref={ref} className="form-refusal" role="alert">
      <p className="form-refusal-title">{t(title)}</p>
      <p>{t(message)}</p>
    </div>
  ) : null;
}
