import type { ReactNode, SelectHTMLAttributes } from 'react';

/**
 * A select of a fixed list (regions, networks, roles): each value an option labelled by
 * `label`, after a `placeholder` option with no value when one is given. The rest of the props
 * (value, onChange, and what a Field adds) go to the select itself.
 */
export function SelectInput<T extends string>({
  options,
  label = (value) => value,
  placeholder,
  ...select
}: {
  options: readonly T[];
  label?: (value: T) => ReactNode;
  placeholder?: string | null;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'children' | 'placeholder'>) {
  return (
    <select className="input" {...select}>
      {placeholder ? <option value="">{placeholder}</option> : null}
      {options.map((value) => (
        <option key={value} value={value}>
          {label(value)}
        </option>
      ))}
    </select>
  );
}
