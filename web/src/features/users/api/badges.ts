import { applyServerUser } from '../../../lib/cache/user-cache.ts';
import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';

/** Admins give (POST …/badges) or take away (DELETE …/badges/supporter?byType=true) the supporter badge. */
export function useSetSupporterBadge() {
  return useDefinedMutation(mutations.setSupporterBadge, {
    onSuccess: (user, _variables, _onMutateResult, { client }) => applyServerUser(client, user),
  });
}
