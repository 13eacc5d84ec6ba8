import type { Post } from '@quorum/shared/entities/posts';
import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { writePost } from '../../../lib/cache/post-cache.ts';
import type { VotePostWrite } from '@quorum/client/outbox/writes';
import { discardWrite, writeMutationKey, type OutboxEntry, type WriteKind, type WriteVariables } from '../../../lib/outbox/outbox.ts';
import { useOutboxEntry } from '../../../lib/outbox/use-outbox.ts';
import { collapseVote, showVote, type PendingVote } from '../../../lib/outbox/vote-collapse.ts';
import { currentVote } from '../../../lib/votes.ts';

export const votePostWrite: WriteKind<VotePostWrite, Post> = {
  apply: (client, _write, post) => writePost(client, post),
  describe: (write) => `Your vote on “${write.postTitle}”`,
};

/** The post with a pending vote shown (see showVote), with its `vote` field in step. */
export function showPostVote(post: Post, to: PendingVote['to']): Post {
  const next = showVote(post, to);
  return next === post ? post : { ...next, vote: currentVote(next) };
}

/** The viewer's vote on the post that waits in the outbox, if any. */
export function usePendingPostVote(postId: string): OutboxEntry<VotePostWrite> | undefined {
  return useOutboxEntry<VotePostWrite>('vote-post', (write) => write.postId === postId);
}

/**
 * Votes on a post through the outbox: the vote shows at once (over the cached post), is sent now
 * or when the network returns, and goes away if the server refuses it. While one vote on a post
 * is on its way another click is ignored; votes made while offline collapse into one.
 */
export function useVotePost(post: Post) {
  const pending = usePendingPostVote(post.id);
  const { mutate } = useMutation<unknown, Error, WriteVariables<VotePostWrite>>({ mutationKey: writeMutationKey('vote-post') });
  const vote = useCallback(
    (up: boolean) => {
      if (pending?.state === 'sending') return;
      const waiting = pending?.state === 'pending' ? pending.write : null;
      const next = collapseVote(waiting, post.vote, up);
      if (next === null) {
        if (pending) void discardWrite(pending.key);
        return;
      }
      mutate({ write: { kind: 'vote-post', postId: post.id, postTitle: post.title, ...next }, replaces: pending?.key });
    },
    [pending, post.id, post.title, post.vote, mutate],
  );
  const shown = pending && pending.state !== 'failed' ? showPostVote(post, pending.write.to) : post;
  return { vote, shown, pending };
}
