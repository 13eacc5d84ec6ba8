import { ApiError } from '@quorum/client/api-error';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import type { Post } from '@quorum/shared/entities/posts';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { postKeys } from './keys.ts';

export const announcePost = defineMutation(postKeys.mutation('announce'), (post: Post): Promise<Post> => api.postAction(post.publicId, { action: 'announce' }));

/** PUT ?action=announce: admins notify every user of the post, once. */
export function useAnnouncePost() {
  const alerts = useAlerts();
  return useDefinedMutation(announcePost, {
    meta: { handlesError: (error) => error instanceof ApiError && error.status === 409 && error.code === ErrorCode.alreadyAnnounced },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) alerts.show(Messages.alreadyAnnounced);
    },
    onSuccess: () => {
      alerts.show('Announced to all users.');
    },
  });
}
