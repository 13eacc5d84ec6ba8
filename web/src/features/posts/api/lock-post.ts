import { writePost } from '../../../lib/cache/post-cache.ts';
import { lockPost } from '../../../lib/content-writes.ts';
import { useDefinedMutation } from '../../../lib/mutation-definition.ts';

/** PUT ?action=lock|unlock&lockAs=: mods lock as mods, admins as admins. */
export function useLockPost() {
  return useDefinedMutation(lockPost, {
    onSuccess: (post, _variables, _onMutateResult, { client }) => writePost(client, post),
  });
}
