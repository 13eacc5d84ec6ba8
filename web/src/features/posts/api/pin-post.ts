import { ApiError } from '@quorum/client/api-error';
import type { Post } from '@quorum/shared/entities/posts';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { api } from '../../../lib/api-client.ts';
import { writePost } from '../../../lib/cache/post-cache.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { postKeys } from './keys.ts';

export const pinPost = defineMutation(postKeys.mutation('pin'), ({ post, pin, siteWide }: { post: Post; pin: boolean; siteWide: boolean }): Promise<Post> =>
  api.postAction(post.publicId, { action: pin ? 'pin' : 'unpin', siteWide }),
);

function pinnedMessage(post: Post, pin: boolean, siteWide: boolean): string {
  if (siteWide) return pin ? 'Post pinned site-wide.' : 'Post unpinned site-wide.';
  return pin ? `Post pinned in /${post.communityName}.` : `Post unpinned from /${post.communityName}.`;
}

/**
 * PUT ?action=pin|unpin[&siteWide=true]. The pin shows at once and a toast says it is done; when
 * the server refuses (403, such as too many pins) its message is shown and the pin goes back.
 */
export function usePinPost() {
  const alerts = useAlerts();
  return useDefinedMutation(pinPost, {
    meta: { handlesError: (error) => error instanceof ApiError && error.status === 403 },
    onMutate: ({ post, pin, siteWide }, { client }) =>
      writePost(client, post.id, (p) => (siteWide ? { ...p, isPinnedSite: pin } : { ...p, isPinned: pin })),
    onError: (error, { post, siteWide }, _onMutateResult, { client }) => {
      writePost(client, post.id, (p) => (siteWide ? { ...p, isPinnedSite: post.isPinnedSite } : { ...p, isPinned: post.isPinned }));
      if (error instanceof ApiError && error.status === 403) alerts.show(error.message);
    },
    onSuccess: (post, { pin, siteWide }, _onMutateResult, { client }) => {
      writePost(client, post);
      alerts.show(pinnedMessage(post, pin, siteWide));
      // Pinned posts lead the feeds' first pages.
      return client.invalidateQueries({ queryKey: postKeys.feeds() });
    },
  });
}
