import { SearchIcon } from './icons.tsx';

/** The search field of a browse screen: every keystroke shows, the screen debounces the query. */
export function SearchBox({
  label,
  value,
  onChange,
}: {
  /** "Search jobs": the field's accessible name; the placeholder is the same with an ellipsis. */
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="search-box">
      <SearchIcon size={18} />
      <input
        className="input"
        type="search"
        placeholder={`${label}...`}
        aria-label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}
