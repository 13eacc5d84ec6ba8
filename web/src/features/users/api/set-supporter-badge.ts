import type { User } from '@quorum/shared/entities/users';
import { api } from '../../../lib/api-client.ts';
import { writeUser } from '../../../lib/cache/user-cache.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { userKeys } from './keys.ts';

export const setSupporterBadge = defineMutation(
  userKeys.mutation('supporter-badge'),
  ({ username, supporter }: { username: string; supporter: boolean }): Promise<User> =>
    supporter ? api.addBadge(username, 'supporter') : api.removeBadge(username, 'supporter'),
);

/** Admins give (POST …/badges) or take away (DELETE …/badges/supporter?byType=true) the supporter badge. */
export function useSetSupporterBadge() {
  return useDefinedMutation(setSupporterBadge, {
    onSuccess: (user, _variables, _onMutateResult, { client }) => writeUser(client, user),
  });
}
