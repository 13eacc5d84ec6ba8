import { useId } from 'react';
import { Icon } from './icon.tsx';
import './sort-select.css';

interface SortSelectProps<T extends string> {
  /** What is sorted, for assistive technology ("Sort posts by"). */
  label: string;
  sorts: readonly T[];
  labels: Record<T, string>;
  value: T;
  onChange: (sort: T) => void;
  selectClassName?: string;
}

/** A sort order, as a native select (the phone's own picker on touch screens) behind a sort icon. */
export function SortSelect<T extends string>({ label, sorts, labels, value, onChange, selectClassName }: SortSelectProps<T>) {
  const id = useId();
  return (
    <div className="feed-sort">
      <label htmlFor={id} className="feed-sort__label">
        <Icon name="sort" size={18} />
        <span className="visually-hidden">{label}</span>
      </label>
      <select
        id={id}
        className={selectClassName ? `select ${selectClassName}` : 'select'}
        value={value}
        onChange={(event) => {
          const next = sorts.find((sort) => sort === event.target.value);
          if (next) onChange(next);
        }}
      >
        {sorts.map((sort) => (
          <option key={sort} value={sort}>
            {labels[sort]}
          </option>
        ))}
      </select>
    </div>
  );
}
