import { applyServerUser } from '../../../lib/cache/user-cache.ts';
import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';

/** POST /api/_settings?action=updateProfile: the saved user replaces every cached copy, the session's too. */
export function useUpdateProfile() {
  return useDefinedMutation(mutations.updateProfile, {
    onSuccess: (user, _body, _onMutateResult, { client }) => applyServerUser(client, user),
  });
}
