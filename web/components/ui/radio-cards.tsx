import type { ReactNode } from 'react';
import { FieldError } from './field.tsx';

/**
 * One choice of a few, each a large tappable card holding a native radio button (arrow keys
 * move between them, a screen reader reads the group's legend): `row` side by side for two or
 * three short ones, `stack` one under another for longer ones.
 */
export function RadioCards<T extends string>({
  legend,
  name,
  options,
  value,
  onChange,
  layout = 'row',
  hint,
  error,
}: {
  legend: ReactNode;
  name: string;
  /** Each choice's value and what its card says. */
  options: readonly (readonly [T, ReactNode])[];
  value: T | null | undefined;
  onChange: (value: T) => void;
  layout?: 'row' | 'stack';
  hint?: ReactNode;
  error?: string | undefined;
}) {
  return (
    <fieldset className="fieldset">
      <legend className="label">{legend}</legend>
      {hint ? <p className="hint">{hint}</p> : null}
      <div className={layout === 'row' ? 'radio-row' : 'stack-sm'}>
        {options.map(([option, label]) => (
          <label key={option} className="radio-card">
            <input
              type="radio"
              name={name}
              value={option}
              checked={value === option}
              onChange={() => onChange(option)}
            />
            <span>{label}</span>
          </label>
        ))}
      </div>
      <FieldError error={error} />
    </fieldset>
  );
}
