import { ApiError } from '@quorum/client/api-error';
import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';

/** Refusals the password form shows beside its fields. */
const isShownInForm = (error: Error) => error instanceof ApiError && (error.status === 400 || error.status === 401);

/** POST /api/_settings?action=changePassword: other devices are logged out, this one stays. */
export function useChangePassword() {
  return useDefinedMutation(mutations.changePassword, {
    meta: { handlesError: isShownInForm },
  });
}
