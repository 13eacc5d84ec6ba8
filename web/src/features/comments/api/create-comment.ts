import { ApiError } from '@quorum/client/api-error';
import { COMMENT_RETRY_MS } from '@quorum/shared/constants';
import { ErrorCode, Messages } from '@quorum/shared/errors';
import type { Comment } from '@quorum/shared/entities/comments';
import type { Post } from '@quorum/shared/entities/posts';
import type { InitialData } from '@quorum/shared/entities/site';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useAlerts } from '../../../lib/alerts-context.tsx';
import { writePost } from '../../../lib/cache/post-cache.ts';
import type { CreateCommentWrite } from '@quorum/client/outbox/writes';
import { writeMutationKey, type SubmitResult, type WriteKind, type WriteVariables } from '../../../lib/outbox/outbox.ts';
import { useOutboxEntries } from '../../../lib/outbox/use-outbox.ts';
import { initialOptions } from '../../../lib/session/get-initial.ts';
import { insertCachedComment } from './comments-cache.ts';

/** What the comment box gives: the words, the comment replied to (null for a top-level comment), and who speaks. */
export type CreateCommentInput = Pick<CreateCommentWrite, 'body' | 'parentId' | 'userGroup'>;

export const createCommentWrite: WriteKind<CreateCommentWrite, Comment> = {
  apply: (client, write, comment) => {
    insertCachedComment(client, write.postPublicId, comment);
    // A comment held for approval is not counted until a moderator approves it.
    if (!comment.held) writePost(client, write.postId, (post) => ({ ...post, noComments: post.noComments + 1 }));
  },
  describe: (write) => `Your ${write.parentId === null ? 'comment' : 'reply'} on “${write.postTitle}”`,
};

const HELD_MESSAGE = 'Your comment is awaiting approval by the moderators.';

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

/**
 * POST /api/posts/{publicId}/comments?userGroup= through the outbox. Sent at once when online
 * (the new comment goes first among its siblings); offline it waits, shown as pending, and is
 * sent when the network returns. A rate-limited comment is sent once more after
 * COMMENT_RETRY_MS; a ban is announced and remembered so the comment boxes give way to a notice;
 * a comment held for approval is announced, and shows in the thread with its mark.
 */
export function useCreateComment(post: Post) {
  const alerts = useAlerts();
  const mutation = useMutation<SubmitResult<Comment>, Error, WriteVariables<CreateCommentWrite>>({
    mutationKey: writeMutationKey('create-comment'),
    retry: (failureCount, error) => failureCount < 1 && error instanceof ApiError && error.status === 429,
    retryDelay: COMMENT_RETRY_MS,
    meta: { handlesError: (error) => isBanned(error) || commentFormError(error) !== null },
    onError: (error, { write }, _onMutateResult, { client }) => {
      if (!isBanned(error)) return;
      alerts.show(Messages.bannedFromCommunity);
      client.setQueryData(initialOptions().queryKey, (data) => markBanned(data, write.communityId));
    },
    onSuccess: (result) => {
      if (result.sent && result.answer.held) alerts.show(HELD_MESSAGE);
    },
  });
  const { mutate } = mutation;
  const submit = useCallback(
    (input: CreateCommentInput, onDone: () => void) =>
      mutate(
        { write: { kind: 'create-comment', postId: post.id, postPublicId: post.publicId, postTitle: post.title, communityId: post.communityId, ...input } },
        { onSuccess: onDone },
      ),
    [mutate, post.id, post.publicId, post.title, post.communityId],
  );
  return { submit, isPending: mutation.isPending, error: mutation.error };
}

/** The user's comments on the post that wait in the outbox (or were refused), oldest first. */
export function usePendingComments(publicId: string) {
  const entries = useOutboxEntries();
  return entries.filter((entry) => entry.write.kind === 'create-comment' && (entry.write as CreateCommentWrite).postPublicId === publicId);
}
