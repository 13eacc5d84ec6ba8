import { createElement, useCallback, useState, type ReactNode } from 'react';
import { useSessionUser } from '../../../lib/session/get-initial.ts';
import { LoginPrompt } from '../components/login-prompt.tsx';

export interface LoginPromptControls {
  isLoggedIn: boolean;
  /** Shows the 'Login to continue' modal. */
  promptLogin: () => void;
  /** Wraps an action so that it runs for a logged-in user and shows the prompt for a visitor. */
  requireLogin: <Args extends unknown[]>(action: (...args: Args) => void) => (...args: Args) => void;
  /** The modal itself: render it once in the component that called the hook. */
  loginPrompt: ReactNode;
}

/**
 * The login prompt for actions visitors cannot take (vote, join, reply, save, report, create).
 *
 *   const { requireLogin, loginPrompt } = useLoginPrompt();
 *   <button onClick={requireLogin(() => vote(true))}>…</button>
 *   {loginPrompt}
 */
export function useLoginPrompt(): LoginPromptControls {
  const user = useSessionUser();
  const [open, setOpen] = useState(false);
  const isLoggedIn = user !== null;

  const promptLogin = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  const requireLogin = useCallback(
    <Args extends unknown[]>(action: (...args: Args) => void) =>
      (...args: Args) => {
        if (isLoggedIn) action(...args);
        else setOpen(true);
      },
    [isLoggedIn],
  );

  // Mounted only while shown, so a list of cards does not carry a closed dialog per card.
  const loginPrompt = open ? createElement(LoginPrompt, { open, onClose: close }) : null;

  return { isLoggedIn, promptLogin, requireLogin, loginPrompt };
}
