import { useCallback, useState, type ReactNode } from 'react';
import { Modal } from '../../../components/ui/modal.tsx';
import { LoginPromptProvider } from '../../../lib/session/login-prompt.ts';
import { useAuthDialog } from '../hooks/use-auth-dialog.ts';

interface LoginPromptProps {
  open: boolean;
  onClose: () => void;
}

/** The 'Login to continue' modal shown when a visitor tries something that needs an account. */
function LoginPrompt({ open, onClose }: LoginPromptProps) {
  const authDialog = useAuthDialog();

  const openDialog = (view: 'login' | 'signup') => {
    onClose();
    authDialog.open(view);
  };

  return (
    <Modal open={open} onClose={onClose} title="Login to continue" description="Voting, joining and replying need an account. It takes a few seconds and no personal details.">
      <div className="login-prompt__actions">
        <button type="button" className="button button--primary button--block" onClick={() => openDialog('login')} data-autofocus>
          Login
        </button>
        <button type="button" className="button button--ghost button--block" onClick={() => openDialog('signup')}>
          Signup
        </button>
      </div>
    </Modal>
  );
}

/** Holds the one login prompt of the app; `useRequireLogin()` below it shows the prompt. */
export function LoginPromptHost({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const promptLogin = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  return (
    <LoginPromptProvider value={promptLogin}>
      {children}
      <LoginPrompt open={open} onClose={close} />
    </LoginPromptProvider>
  );
}
