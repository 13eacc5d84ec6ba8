import { Link, Navigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useSessionUser } from '../../lib/session/get-initial.ts';
import './login.css';

/** /forgot-password: asks for a link to set a new password, sent to the account's email. */
export function ForgotPasswordRoute() {
  const user = useSessionUser();
  useDocumentTitle('Forgot password');
  if (user) return <Navigate to={paths.settings.getHref()} replace />;
  return (
    <div className="narrow-page">
      <section className="card auth-card" aria-labelledby="forgot-title">
        <h1 id="forgot-title" className="auth-card__title">
          Forgot password?
        </h1>
        <p className="muted">Enter your username or the email address of your account, and we'll email you a link to set a new password.</p>
        <ForgotPasswordForm />
        <p className="form__switch">
          Remembered it? <Link to={paths.login.getHref()}>Login</Link>
        </p>
      </section>
    </div>
  );
}
