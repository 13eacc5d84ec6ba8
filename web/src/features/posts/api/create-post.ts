import { ApiError } from '@quorum/client/api-error';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import type { Post } from '@quorum/shared/entities/posts';
import type { CreatePostBody } from '@quorum/shared/schemas/posts';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { api } from '../../../lib/api-client.ts';
import { defineMutation, useDefinedMutation } from '../../../lib/mutation-definition.ts';
import { postOptions } from './get-post.ts';
import { postKeys } from './keys.ts';

export interface PostFormError {
  /** Where the post form shows it: beside a field, or above the buttons. */
  field: 'community' | 'url' | 'form';
  message: string;
}

/**
 * The message the post form shows itself for a failed create or edit, or null for failures the
 * generic handler announces (rate limits, network, server errors). Errors are told apart by status
 * and code, never by their text.
 */
export function postFormError(error: Error, { communityName, creating }: { communityName: string; creating: boolean }): PostFormError | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 400 && error.code === ErrorCode.invalidUrl) return { field: 'url', message: Messages.invalidUrl };
  if (error.status === 403 && error.code === ErrorCode.bannedFromCommunity) {
    return { field: 'form', message: `You've been banned from ${communityName}.` };
  }
  if (error.status === 403 && error.code === ErrorCode.postingRestricted) {
    return { field: 'form', message: 'Only approved members of this community can post.' };
  }
  // The only thing a new post names that can be missing is its community.
  if (creating && error.status === 404 && error.code === ErrorCode.notFound) {
    return { field: 'community', message: Messages.communityNotFound };
  }
  if (error.status === 400 || error.status === 403 || error.status === 404) return { field: 'form', message: error.message };
  return null;
}

export const createPost = defineMutation(postKeys.mutation('create'), (body: CreatePostBody): Promise<Post> => api.createPost(body));

/**
 * POST /api/posts: creates the post. The answer is the post itself, so it goes straight into the
 * post's cache entry (its page opens without fetching it again); the feeds are refetched so that
 * it shows there. A post held for approval is announced (its page says who can see it).
 */
export function useCreatePost() {
  const alerts = useAlerts();
  return useDefinedMutation(createPost, {
    meta: { handlesError: (error) => postFormError(error, { communityName: '', creating: true }) !== null },
    onSuccess: (post, _body, _onMutateResult, { client }) => {
      if (post.held) alerts.show('Your post is awaiting approval by the moderators.');
      client.setQueryData(postOptions(post.publicId).queryKey, post);
      return client.invalidateQueries({ queryKey: postKeys.feeds() });
    },
  });
}
