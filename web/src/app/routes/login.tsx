import { Navigate, useSearchParams } from 'react-router-dom';
import { LoginForm } from '../../features/auth/components/login-form.tsx';
import { PasskeySignIn } from '../../features/auth/components/passkey-sign-in.tsx';
import { useAuthDialog } from '../../features/auth/hooks/use-auth-dialog.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { safeRedirectPath } from '../../lib/redirect.ts';
import { useSessionCheck } from '../../lib/session/get-initial.ts';
import './login.css';

/**
 * /login: logged-in users, including those who just logged in here, go on to ?redirect= or home.
 * A session the device kept is sent on only once the server confirms it: it may have been ended
 * elsewhere (another tab, another device), and the member came here to log in again.
 */
export function LoginRoute() {
  const { user, checking } = useSessionCheck();
  const [params] = useSearchParams();
  const authDialog = useAuthDialog();
  const redirectTo = safeRedirectPath(params.get('redirect'));
  useDocumentTitle('Login');

  if (user && checking) return null;
  if (user) return <Navigate to={redirectTo} replace />;

  return (
    <div className="narrow-page">
      <section className="card auth-card" aria-labelledby="login-title">
        <h1 id="login-title" className="auth-card__title">
          Login
        </h1>
        <p className="muted">Welcome back. Log in to post, comment and vote.</p>
        {/* Once logged in, the check above sends the user on. */}
        <LoginForm onSuccess={() => undefined} />
        <PasskeySignIn onSuccess={() => undefined} />
        <p className="form__switch">
          New to Quorum?{' '}
          <button type="button" className="link-button" onClick={() => authDialog.open('signup', { redirectTo })}>
            Sign up
          </button>
        </p>
      </section>
    </div>
  );
}
