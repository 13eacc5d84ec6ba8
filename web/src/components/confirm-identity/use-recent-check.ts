import { useCallback, useContext } from 'react';
import { isReauthRequired } from '../../lib/session/recent-check.ts';
import { ConfirmIdentityContext } from './confirm-identity-context.ts';

/**
 * Runs a sensitive change; when the server answers that the session's last identity check is too
 * old, asks for the password (or a passkey) and runs it once more. Rejects with the server's
 * refusal when the member cancels.
 */
export function useRecentCheck() {
  const ask = useContext(ConfirmIdentityContext);
  return useCallback(
    async <T,>(action: () => Promise<T>): Promise<T> => {
      try {
        return await action();
      } catch (error) {
        if (!isReauthRequired(error) || !ask || !(await ask())) throw error;
        return action();
      }
    },
    [ask],
  );
}
