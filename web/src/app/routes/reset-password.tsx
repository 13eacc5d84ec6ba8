import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useAlerts } from '../../lib/alerts-context.tsx';
import './login.css';

/** /reset-password?token=: where an emailed link leads; the new password logs the member in. */
export function ResetPasswordRoute() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const alerts = useAlerts();
  const token = params.get('token') ?? '';
  useDocumentTitle('Set a new password');
  return (
    <div className="narrow-page">
      <section className="card auth-card" aria-labelledby="reset-title">
        <h1 id="reset-title" className="auth-card__title">
          Set a new password
        </h1>
        <p className="muted">Choose a new password. You will be logged in here, and logged out everywhere else.</p>
        <ResetPasswordForm
          token={token}
          onSuccess={() => {
            alerts.show('Your new password is set.');
            navigate(paths.home.getHref(), { replace: true });
          }}
        />
        <p className="form__switch">
          Link expired? <Link to={paths.forgotPassword.getHref()}>Ask for a new one</Link>
        </p>
      </section>
    </div>
  );
}
