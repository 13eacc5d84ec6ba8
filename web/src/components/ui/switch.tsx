import { useId, type ReactNode } from 'react';
import './switch.css';

interface SettingRowProps {
  /** What the control is: switches stay beside their text on phones, selects go under it. */
  kind: 'switch' | 'select';
  label: string;
  description?: ReactNode;
  /** The control, given the ids that tie it to the label and the description. */
  children: (ids: { id: string; describedBy: string | undefined }) => ReactNode;
}

/** One setting: its label and description, and the control beside them. */
function SettingRow({ kind, label, description, children }: SettingRowProps) {
  const id = useId();
  const descriptionId = `${id}-description`;
  return (
    <div className={`setting setting--${kind}`}>
      <div className="setting__text">
        <label className="setting__label" htmlFor={id}>
          {label}
        </label>
        {description && (
          <p className="setting__description" id={descriptionId}>
            {description}
          </p>
        )}
      </div>
      {children({ id, describedBy: description ? descriptionId : undefined })}
    </div>
  );
}

interface SwitchFieldProps {
  label: string;
  description?: ReactNode;
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Unavailable here, or busy applying the last change. */
  disabled?: boolean;
}

/** An on/off setting: a native checkbox announced as a switch. */
export function SwitchField({ label, description, checked, onChange, disabled = false }: SwitchFieldProps) {
  return (
    <SettingRow kind="switch" label={label} description={description}>
      {({ id, describedBy }) => (
        <input
          id={id}
          type="checkbox"
          role="switch"
          className="switch-input"
          checked={checked}
          disabled={disabled}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={describedBy}
        />
      )}
    </SettingRow>
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
  return (
    <SettingRow kind="select" label={label} description={description}>
      {({ id, describedBy }) => (
        <select
          id={id}
          className="select"
          value={value}
          onChange={(event) => {
            const next = options.find((option) => option.value === event.target.value);
            if (next) onChange(next.value);
          }}
          aria-describedby={describedBy}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </SettingRow>
  );
}
