import { ApiError } from '@quorum/client/api-error';
import { PASSWORD_MIN } from '@quorum/shared/constants';
import { changePasswordBody } from '@quorum/shared/schemas/users';
import { fieldErrors } from '@quorum/shared/validation';
import { useState, type FormEvent } from 'react';
import { PasswordField } from '../../../components/ui/text-field.tsx';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { useChangePassword } from '../api/change-password.ts';

const EMPTY = { password: '', newPassword: '', repeatPassword: '' };
type Field = keyof typeof EMPTY;

/** Change password: the current one, the new one twice. */
export function PasswordSection() {
  const alerts = useAlerts();
  const change = useChangePassword();
  const [values, setValues] = useState(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [serverError, setServerError] = useState<{ field: Field; message: string } | null>(null);
  const errors = fieldErrors(changePasswordBody, values);
  const errorOf = (field: Field) => (serverError?.field === field ? serverError.message : submitted ? (errors[field] ?? null) : null);

  const set = (field: Field, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerError(null);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(errors).length > 0) return;
    change.mutate(values, {
      onSuccess: () => {
        setValues(EMPTY);
        setSubmitted(false);
        alerts.show('Password changed. Other devices were logged out.');
      },
      onError: (error) => {
        if (!(error instanceof ApiError)) return;
        if (error.status === 401) setServerError({ field: 'password', message: error.message });
        else if (error.status === 400) setServerError({ field: 'newPassword', message: error.message });
      },
    });
  };

  return (
    <section className="card settings-section" aria-labelledby="settings-password">
      <h2 id="settings-password" className="settings-section__title">
        Change password
      </h2>
      <form className="form settings-section__body" onSubmit={onSubmit} noValidate>
        <PasswordField label="Current password" autoComplete="current-password" value={values.password} onChange={(e) => set('password', e.target.value)} error={errorOf('password')} />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={values.newPassword}
          onChange={(e) => set('newPassword', e.target.value)}
          error={errorOf('newPassword')}
          hint={`At least ${PASSWORD_MIN} characters.`}
        />
        <PasswordField label="Repeat new password" autoComplete="new-password" value={values.repeatPassword} onChange={(e) => set('repeatPassword', e.target.value)} error={errorOf('repeatPassword')} />
        <div className="settings-section__actions">
          <button type="submit" className="button" disabled={change.isPending} aria-busy={change.isPending}>
            {change.isPending ? 'Changing…' : 'Change password'}
          </button>
        </div>
      </form>
    </section>
  );
}
