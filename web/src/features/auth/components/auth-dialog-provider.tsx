import { createContext, useCallback, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Modal } from '../../../components/ui/modal.tsx';
import { LoginForm } from './login-form.tsx';
import { SignupForm } from './signup-form.tsx';

export type AuthView = 'login' | 'signup';

export interface AuthDialogControls {
  /** Opens the login or signup dialog; after success the user goes to `redirectTo`, if given. */
  open: (view: AuthView, options?: { redirectTo?: string }) => void;
  close: () => void;
}

export const AuthDialogContext = createContext<AuthDialogControls | null>(null);

/** Holds the Login and Signup dialogs that any screen can open. */
export function AuthDialogProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const [view, setView] = useState<AuthView | null>(null);
  const [redirectTo, setRedirectTo] = useState<string | undefined>();

  const open = useCallback((next: AuthView, options?: { redirectTo?: string }) => {
    setRedirectTo(options?.redirectTo);
    setView(next);
  }, []);
  const close = useCallback(() => setView(null), []);
  const controls = useMemo(() => ({ open, close }), [open, close]);

  const done = () => {
    setView(null);
    if (redirectTo) navigate(redirectTo);
  };

  return (
    <AuthDialogContext.Provider value={controls}>
      {children}
      <Modal
        open={view !== null}
        onClose={close}
        title={view === 'signup' ? 'Create account' : 'Login'}
        description={view === 'signup' ? 'Join the discussion. It takes a few seconds and no personal details.' : undefined}
        focusKey={view ?? undefined}
      >
        {view === 'signup' ? (
          <>
            <SignupForm key="signup" onSuccess={done} autoFocus />
            <p className="form__switch">
              Already have an account?{' '}
              <button type="button" className="link-button" onClick={() => setView('login')}>
                Login
              </button>
            </p>
          </>
        ) : (
          <>
            <LoginForm key="login" onSuccess={done} autoFocus />
            <p className="form__switch">
              New to Quorum?{' '}
              <button type="button" className="link-button" onClick={() => setView('signup')}>
                Sign up
              </button>
            </p>
          </>
        )}
      </Modal>
    </AuthDialogContext.Provider>
  );
}
