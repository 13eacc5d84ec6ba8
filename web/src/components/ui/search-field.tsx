import { useId } from 'react';
import { Icon } from './icon.tsx';
import './search-field.css';

interface SearchFieldProps {
  /** The field's accessible name ("Search communities"). */
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  maxLength?: number;
  className?: string;
}

/** A search input with its magnifier, for a list that filters as one types. */
export function SearchField({ label, placeholder, value, onChange, maxLength, className }: SearchFieldProps) {
  const id = useId();
  return (
    <div className={['search-field', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Icon name="search" size={18} />
      <input
        id={id}
        type="search"
        className="search-field__input"
        placeholder={placeholder}
        maxLength={maxLength}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="off"
        spellCheck={false}
      />
    </div>
  );
}
