import { useId, type ReactNode } from 'react';
import './switch.css';

interface SwitchFieldProps {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
}

/** An on/off setting: a native checkbox announced as a switch. */
export function SwitchField({ label, description, checked, onChange }: SwitchFieldProps) {
  const id = useId();
  return (
    <div className="setting">
      <div className="setting__text">
        <label className="setting__label" htmlFor={id}>
          {label}
        </label>
        {description && (
          <p className="setting__description" id={`${id}-description`}>
            {description}
          </p>
        )}
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="switch-input"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-describedby={description ? `${id}-description` : undefined}
      />
    </div>
  );
}

interface SelectFieldProps<T extends string> {
  label: string;
  description?: ReactNode;
  value: T;
  options: ReadonlyArray<{ value: T; label: string }>;
  onChange: (value: T) => void;
}

/** A choice among a few values, as a native select. */
export function SelectField<T extends string>({ label, description, value, options, onChange }: SelectFieldProps<T>) {
  const id = useId();
  return (
    <div className="setting">
      <div className="setting__text">
        <label className="setting__label" htmlFor={id}>
          {label}
        </label>
        {description && (
          <p className="setting__description" id={`${id}-description`}>
            {description}
          </p>
        )}
      </div>
      <select
        id={id}
        className="select"
        value={value}
        onChange={(event) => {
          const next = options.find((option) => option.value === event.target.value);
          if (next) onChange(next.value);
        }}
        aria-describedby={description ? `${id}-description` : undefined}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
