import { ApiError } from '@quorum/client/api-error';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { applyServerPost, updateCachedPost } from '../../../lib/cache/post-cache.ts';
import { mutations, useDefinedMutation } from '../../../lib/mutations.ts';
import { postKeys } from './keys.ts';

/** PUT ?action=lock|unlock&lockAs=: mods lock as mods, admins as admins. */
export function useLockPost() {
  return useDefinedMutation(mutations.lockPost, {
    onSuccess: (post, _variables, _onMutateResult, { client }) => applyServerPost(client, post),
  });
}

/**
 * PUT ?action=pin|unpin[&siteWide=true]. The pin shows at once; when the server refuses (403,
 * such as too many pins) its message is shown and the pin goes back.
 */
export function usePinPost() {
  const alerts = useAlerts();
  return useDefinedMutation(mutations.pinPost, {
    meta: { handlesError: (error) => error instanceof ApiError && error.status === 403 },
    onMutate: ({ post, pin, siteWide }, { client }) =>
      updateCachedPost(client, post.id, (p) => (siteWide ? { ...p, isPinnedSite: pin } : { ...p, isPinned: pin })),
    onError: (error, { post, siteWide }, _onMutateResult, { client }) => {
      updateCachedPost(client, post.id, (p) => (siteWide ? { ...p, isPinnedSite: post.isPinnedSite } : { ...p, isPinned: post.isPinned }));
      if (error instanceof ApiError && error.status === 403) alerts.show(error.message);
    },
    onSuccess: (post, _variables, _onMutateResult, { client }) => {
      applyServerPost(client, post);
      // Pinned posts lead the feeds' first pages.
      return client.invalidateQueries({ queryKey: postKeys.feeds() });
    },
  });
}

/** PUT ?action=announce: admins notify every user of the post, once. */
export function useAnnouncePost() {
  const alerts = useAlerts();
  return useDefinedMutation(mutations.announcePost, {
    meta: { handlesError: (error) => error instanceof ApiError && error.status === 409 && error.code === ErrorCode.alreadyAnnounced },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) alerts.show(Messages.alreadyAnnounced);
    },
    onSuccess: () => {
      alerts.show('Announced to all users.');
    },
  });
}

/** PUT ?action=changeAsUser&userGroup=: the author speaks as a mod, an admin or themself. */
export function useChangePostGroup() {
  return useDefinedMutation(mutations.changePostGroup, {
    onSuccess: (post, _variables, _onMutateResult, { client }) => applyServerPost(client, post),
  });
}
