import { describe, expect, it } from 'vitest';
import type { Post } from '@quorum/shared/types';
import { applyPostVote } from './vote-post.ts';

const post = (vote: boolean | null, upvotes: number, downvotes: number) =>
  ({ vote, upvotes, downvotes, userVoted: vote !== null, userVotedUp: vote === true }) as Post;

describe('applyPostVote', () => {
  it('keeps the post’s vote field in step with the vote state machine', () => {
    expect(applyPostVote(post(null, 1, 1), true)).toMatchObject({ vote: true, upvotes: 2, downvotes: 1 });
    expect(applyPostVote(post(true, 2, 1), false)).toMatchObject({ vote: false, upvotes: 1, downvotes: 2 });
    expect(applyPostVote(post(false, 1, 2), false)).toMatchObject({ vote: null, upvotes: 1, downvotes: 1 });
  });
});
