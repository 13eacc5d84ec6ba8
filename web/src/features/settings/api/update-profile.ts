import type { User } from '@quorum/shared/entities/users';
import type { UpdateProfileBody } from '@quorum/shared/schemas/users';
import { api } from '../../../lib/api-client.ts';
import { writeUser } from '../../../lib/cache/user-cache.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { isReauthRequired } from '../../../lib/session/recent-check.ts';
import { settingsKeys } from './keys.ts';

export const updateProfile = defineMutation(settingsKeys.mutation('update-profile'), (body: UpdateProfileBody): Promise<User> => api.updateProfile(body));

/**
 * POST /api/_settings?action=updateProfile: the saved user replaces every cached copy, the session's
 * too. A new email address needs a recent identity check (useRecentCheck asks for it).
 */
export function useUpdateProfile() {
  return useDefinedMutation(updateProfile, {
    meta: { handlesError: isReauthRequired },
    onSuccess: (user, _body, _onMutateResult, { client }) => writeUser(client, user),
  });
}
