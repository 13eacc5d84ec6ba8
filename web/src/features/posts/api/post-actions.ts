import { ApiError } from '@quorum/client/api-error';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import type { Post, UserGroup } from '@quorum/shared/types';
import { useMutation, type QueryClient } from '@tanstack/react-query';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { api } from '../../../lib/api-client.ts';
import { postKeys } from './keys.ts';
import { updateCachedPost } from './vote-post.ts';

/**
 * Writes the server's answer over the cached post. The answer carries neither the comments nor
 * the community, so the cached ones stay.
 */
export function applyServerPost(client: QueryClient, post: Post): void {
  updateCachedPost(client, post.id, (cached) => ({
    ...cached,
    ...post,
    community: cached.community ?? post.community,
    comments: cached.comments,
    commentsNext: cached.commentsNext,
  }));
}

/** PUT ?action=lock|unlock&lockAs=: mods lock as mods, admins as admins. */
export function useLockPost() {
  return useMutation({
    mutationFn: ({ post, lock, as }: { post: Post; lock: boolean; as: UserGroup }) =>
      api.postAction(post.publicId, { action: lock ? 'lock' : 'unlock', lockAs: as }),
    onSuccess: (post, _variables, _onMutateResult, { client }) => applyServerPost(client, post),
  });
}

/**
 * PUT ?action=pin|unpin[&siteWide=true]. The pin shows at once; when the server refuses (403,
 * such as too many pins) its message is shown and the pin goes back.
 */
export function usePinPost() {
  const alerts = useAlerts();
  return useMutation({
    mutationFn: ({ post, pin, siteWide }: { post: Post; pin: boolean; siteWide: boolean }) =>
      api.postAction(post.publicId, { action: pin ? 'pin' : 'unpin', siteWide }),
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
  return useMutation({
    mutationFn: (post: Post) => api.postAction(post.publicId, { action: 'announce' }),
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
  return useMutation({
    mutationFn: ({ post, group }: { post: Post; group: UserGroup }) => api.postAction(post.publicId, { action: 'changeAsUser', userGroup: group }),
    onSuccess: (post, _variables, _onMutateResult, { client }) => applyServerPost(client, post),
  });
}
