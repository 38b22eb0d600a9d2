import { type KeyboardEvent, type ReactNode, useId, useRef } from 'react';

interface TabItem<T extends string> {
  value: T;
  label: ReactNode;
  panel: ReactNode;
}

/** WAI-ARIA tabs: roving tabindex, arrows/Home/End move and select, panels labelled by their tab. */
export function Tabs<T extends string>({
  label,
  items,
  value,
  onChange,
}: {
  label: string;
  items: readonly TabItem<T>[];
  value: T;
  onChange: (value: T) => void;
}) {
  const baseId = useId();
  const tabs = useRef(new Map<T, HTMLButtonElement>());

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = items.findIndex((item) => item.value === value);
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    const target = next === undefined ? undefined : items[next];
    if (!target) return;
    event.preventDefault();
    onChange(target.value);
    tabs.current.get(target.value)?.focus();
  };

  return (
    <div className="tabs">
      <div role="tablist" aria-label={label} className="tab-list" onKeyDown={onKeyDown}>
        {items.map((item) => {
          const selected = item.value === value;
          return (
            <button
              key={item.value}
              ref={(element) => {
                if (element) tabs.current.set(item.value, element);
                else tabs.current.delete(item.value);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${item.value}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${item.value}`}
              tabIndex={selected ? 0 : -1}
              className="tab"
              onClick={() => onChange(item.value)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) =>
        item.value === value ? (
          <div
            key={item.value}
            role="tabpanel"
            id={`${baseId}-panel-${item.value}`}
            aria-labelledby={`${baseId}-tab-${item.value}`}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: WAI-ARIA tabs: a panel may hold nothing focusable
            tabIndex={0}
            className="tab-panel"
          >
            {item.panel}
          </div>
        ) : null,
      )}
    </div>
  );
}
