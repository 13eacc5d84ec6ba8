import { useAlerts } from '../../../lib/alerts-context.tsx';
import { writePost } from '../../../lib/cache/post-cache.ts';
import { lockPost } from '../../../lib/content-writes.ts';
import { useDefinedMutation } from '../../../lib/mutation-definition.ts';

/** PUT ?action=lock|unlock&lockAs=: mods lock as mods, admins as admins; a toast says it is done. */
export function useLockPost() {
  const alerts = useAlerts();
  return useDefinedMutation(lockPost, {
    onSuccess: (post, _variables, _onMutateResult, { client }) => {
      writePost(client, post);
      alerts.show(post.locked ? 'Post locked.' : 'Post unlocked.');
    },
  });
}
