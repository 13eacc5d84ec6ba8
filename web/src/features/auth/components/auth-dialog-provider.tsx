import { createContext, Suspense, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { useHasBeenTrue } from '../../../hooks/use-has-been-true.ts';
import { lazyComponent, preloadWhenIdle } from '../../../lib/lazy-component.ts';

const AuthDialog = lazyComponent(async () => (await import('./auth-dialog.tsx')).AuthDialog);

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
  const opened = useHasBeenTrue(view !== null);

  const open = useCallback((next: AuthView, options?: { redirectTo?: string }) => {
    setRedirectTo(options?.redirectTo);
    setView(next);
  }, []);
  const close = useCallback(() => setView(null), []);
  const controls = useMemo(() => ({ open, close }), [open, close]);
  useEffect(() => preloadWhenIdle(AuthDialog), []);

  const done = () => {
    setView(null);
    if (redirectTo) navigate(redirectTo);
  };

  return (
    <AuthDialogContext.Provider value={controls}>
      {children}
      {opened && (
        <Suspense fallback={null}>
          <AuthDialog view={view} onViewChange={setView} onClose={close} onSuccess={done} />
        </Suspense>
      )}
    </AuthDialogContext.Provider>
  );
}
