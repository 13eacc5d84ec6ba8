import { ApiError } from '@quorum/client/api-error';
import { COMMENT_RETRY_MS } from '@quorum/shared/constants';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import type { Comment, InitialData, UserGroup } from '@quorum/shared/types';
import { useMutation } from '@tanstack/react-query';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { api } from '../../../lib/api-client.ts';
import { initialOptions } from '../../../lib/session/get-initial.ts';
import { insertCachedComment } from './comments-cache.ts';
import { commentMutationKeys } from './keys.ts';

export interface CreateCommentInput {
  body: string;
  /** The comment replied to; null for a top-level comment. */
  parentId: string | null;
  /** Speaking as oneself, as a moderator or as an admin. */
  userGroup: UserGroup;
}

function isBanned(error: Error): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === ErrorCode.bannedFromCommunity;
}

/**
 * The message a comment form shows beside itself for a refused comment (an empty body, a locked
 * post, a thread too deep), or null for failures announced elsewhere.
 */
export function commentFormError(error: Error | null): string | null {
  if (!(error instanceof ApiError) || isBanned(error)) return null;
  return error.status === 400 || error.status === 403 || error.status === 404 ? error.message : null;
}

/** Records that the user is banned from a community in the bootstrap data, where the screens look. */
function markBanned(data: InitialData | undefined, communityId: string): InitialData | undefined {
  if (!data || data.bannedFrom.includes(communityId)) return data;
  return { ...data, bannedFrom: [...data.bannedFrom, communityId] };
}

interface CreateCommentOptions {
  publicId: string;
  communityId: string;
  onCreated?: (comment: Comment) => void;
}

/**
 * POST /api/posts/{publicId}/comments?userGroup=. The new comment goes first among its siblings.
 * A rate-limited comment is sent once more after COMMENT_RETRY_MS; a ban is announced and
 * remembered so the comment boxes give way to a notice.
 */
export function useCreateComment({ publicId, communityId, onCreated }: CreateCommentOptions) {
  const alerts = useAlerts();
  return useMutation({
    mutationKey: commentMutationKeys.create,
    mutationFn: ({ body, parentId, userGroup }: CreateCommentInput) =>
      api.createComment(publicId, { body, parentCommentId: parentId }, userGroup),
    retry: (failureCount, error) => failureCount < 1 && error instanceof ApiError && error.status === 429,
    retryDelay: COMMENT_RETRY_MS,
    meta: { handlesError: (error) => isBanned(error) || commentFormError(error) !== null },
    onError: (error, _input, _onMutateResult, { client }) => {
      if (!isBanned(error)) return;
      alerts.show(Messages.bannedFromCommunity);
      client.setQueryData(initialOptions().queryKey, (data) => markBanned(data, communityId));
    },
    onSuccess: (comment, _input, _onMutateResult, { client }) => {
      insertCachedComment(client, publicId, comment);
      onCreated?.(comment);
    },
  });
}
