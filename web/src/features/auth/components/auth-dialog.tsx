import { Modal } from '../../../components/ui/modal.tsx';
import type { AuthView } from './auth-dialog-provider.tsx';
import { LoginForm } from './login-form.tsx';
import { PasskeySignIn } from './passkey-sign-in.tsx';
import { SignupForm } from './signup-form.tsx';

interface AuthDialogProps {
  /** The form shown; null when the dialog is closed. */
  view: AuthView | null;
  onViewChange: (view: AuthView) => void;
  onClose: () => void;
  onSuccess: () => void;
}

/** The Login and Signup dialog, one form at a time, with a link to the other. */
export function AuthDialog({ view, onViewChange, onClose, onSuccess }: AuthDialogProps) {
  return (
    <Modal
      open={view !== null}
      onClose={onClose}
      title={view === 'signup' ? 'Create account' : 'Login'}
      description={view === 'signup' ? 'Join the discussion. It takes a few seconds and no personal details.' : undefined}
      focusKey={view ?? undefined}
    >
      {view === 'signup' ? (
        <>
          <SignupForm key="signup" onSuccess={onSuccess} autoFocus />
          <p className="form__switch">
            Already have an account?{' '}
            <button type="button" className="link-button" onClick={() => onViewChange('login')}>
              Login
            </button>
          </p>
        </>
      ) : (
        <>
          <LoginForm key="login" onSuccess={onSuccess} onLeave={onClose} autoFocus />
          <PasskeySignIn onSuccess={onSuccess} />
          <p className="form__switch">
            New to Quorum?{' '}
            <button type="button" className="link-button" onClick={() => onViewChange('signup')}>
              Sign up
            </button>
          </p>
        </>
      )}
    </Modal>
  );
}
