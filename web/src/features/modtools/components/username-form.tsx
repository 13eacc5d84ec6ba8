import { useState, type FormEvent } from 'react';
import { TextField } from '../../../components/ui/text-field.tsx';

interface UsernameFormProps {
  label: string;
  submitLabel: string;
  pending: boolean;
  /** The server's refusal to show beside the field. */
  error: string | null;
  /** Called with the typed name; `done` empties the field. */
  onSubmit: (username: string, done: () => void) => void;
  /** Called when the user types again, so an old refusal goes away. */
  onEdit: () => void;
}

/** A username box and its button (ban a user, add a moderator); the name is required. */
export function UsernameForm({ label, submitLabel, pending, error, onSubmit, onEdit }: UsernameFormProps) {
  const [username, setUsername] = useState('');
  const [missing, setMissing] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = username.trim().replace(/^@/, '');
    if (!name) {
      setMissing(true);
      return;
    }
    onSubmit(name, () => setUsername(''));
  };

  return (
    <form className="card modtools-form" onSubmit={submit} noValidate aria-label={label}>
      <TextField
        label={label}
        value={username}
        onChange={(event) => {
          setUsername(event.target.value);
          setMissing(false);
          onEdit();
        }}
        error={missing ? 'Username is required.' : error}
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={64}
      />
      <button type="submit" className="button button--primary modtools-form__submit" disabled={pending}>
        {submitLabel}
      </button>
    </form>
  );
}
