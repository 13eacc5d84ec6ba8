import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import './tabs.css';

export interface TabItem<T extends string> {
  id: T;
  label: ReactNode;
  /** Shown but not chosen. */
  disabled?: boolean;
}

/** The id of a tab button; its panel is labelled by it. */
export const tabId = (baseId: string, id: string) => `${baseId}-tab-${id}`;
/** The id of the one panel the tabs control. */
export const tabPanelId = (baseId: string) => `${baseId}-panel`;

interface TabListProps<T extends string> {
  /** Prefix of the tab and panel ids (from useId). */
  baseId: string;
  tabs: ReadonlyArray<TabItem<T>>;
  value: T;
  onChange: (id: T) => void;
  label: string;
  className: string;
  tabClassName: string;
}

/**
 * WAI-ARIA tabs with automatic activation: Left and Right move between the tabs and choose, Home
 * and End go to the first and the last. Render the panel with `tabPanelId` and `tabId`.
 */
export function TabList<T extends string>({ baseId, tabs, value, onChange, label, className, tabClassName }: TabListProps<T>) {
  const listRef = useRef<HTMLDivElement>(null);
  const choosable = tabs.filter((tab) => !tab.disabled);

  const choose = (id: T) => {
    onChange(id);
    listRef.current?.querySelector<HTMLElement>(`#${CSS.escape(tabId(baseId, id))}`)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = choosable.findIndex((tab) => tab.id === value);
    const last = choosable.length - 1;
    const next: Record<string, number> = { ArrowRight: index >= last ? 0 : index + 1, ArrowLeft: index <= 0 ? last : index - 1, Home: 0, End: last };
    const target = choosable[next[event.key] ?? -1];
    if (!target) return;
    event.preventDefault();
    if (target.id !== value) choose(target.id);
  };

  return (
    <div ref={listRef} role="tablist" aria-label={label} className={className} onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const selected = tab.id === value;
        return (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={tabId(baseId, tab.id)}
            className={tabClassName}
            aria-selected={selected}
            aria-controls={selected ? tabPanelId(baseId) : undefined}
            aria-disabled={tab.disabled || undefined}
            tabIndex={selected ? 0 : -1}
            onClick={() => {
              if (!tab.disabled) choose(tab.id);
            }}
          >
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
