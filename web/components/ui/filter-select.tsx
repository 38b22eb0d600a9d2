import { REGIONS } from '../../../contracts/regions.ts';

/** A browse filter: a labelled native select whose first option ('all') clears it. */
export function FilterSelect<V extends string>({
  label,
  value,
  allLabel,
  options,
  onChange,
}: {
  label: string;
  value: V | 'all';
  allLabel: string;
  options: readonly { value: V; label: string }[];
  onChange: (value: V | 'all') => void;
}) {
  return (
    <select
      className="input"
      aria-label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as V | 'all')}
    >
      <option value="all">{allLabel}</option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}

/** The 16 regions as filter options. */
export const REGION_OPTIONS = REGIONS.map((region) => ({ value: region as string, label: region }));
