import { createContext, useCallback, useContext } from 'react';
import { useSessionUser } from './get-initial.ts';

const LoginPromptContext = createContext<(() => void) | null>(null);

/** Given the function that shows the 'Login to continue' prompt; the layout owns the one prompt. */
export const LoginPromptProvider = LoginPromptContext.Provider;

export interface RequireLogin {
  isLoggedIn: boolean;
  /** Shows the 'Login to continue' prompt. */
  promptLogin: () => void;
  /** Wraps an action so that it runs for a logged-in user and shows the prompt to a visitor. */
  requireLogin: <Args extends unknown[]>(action: (...args: Args) => void) => (...args: Args) => void;
}

/**
 * For actions visitors cannot take (vote, join, reply, hide, create):
 *
 *   const { requireLogin } = useRequireLogin();
 *   <button onClick={requireLogin(() => vote(true))}>…</button>
 */
export function useRequireLogin(): RequireLogin {
  const promptLogin = useContext(LoginPromptContext);
  if (!promptLogin) throw new Error('useRequireLogin needs a LoginPromptProvider.');
  const isLoggedIn = useSessionUser() !== null;
  const requireLogin = useCallback(
    <Args extends unknown[]>(action: (...args: Args) => void) =>
      (...args: Args) => {
        if (isLoggedIn) action(...args);
        else promptLogin();
      },
    [isLoggedIn, promptLogin],
  );
  return { isLoggedIn, promptLogin, requireLogin };
}
