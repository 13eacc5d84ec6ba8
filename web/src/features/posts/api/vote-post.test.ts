import { describe, expect, it } from 'vitest';
import type { Post } from '@quorum/shared/entities/posts';
import { showPostVote } from './vote-post.ts';

const post = (vote: boolean | null, upvotes: number, downvotes: number) =>
  ({ vote, upvotes, downvotes, userVoted: vote !== null, userVotedUp: vote === true }) as Post;

describe('showPostVote', () => {
  it('keeps the post’s vote field in step with the vote shown', () => {
    expect(showPostVote(post(null, 1, 1), true)).toMatchObject({ vote: true, upvotes: 2, downvotes: 1 });
    expect(showPostVote(post(true, 2, 1), false)).toMatchObject({ vote: false, upvotes: 1, downvotes: 2 });
    expect(showPostVote(post(false, 1, 2), null)).toMatchObject({ vote: null, upvotes: 1, downvotes: 1 });
  });

  it('leaves the post as it is when the vote shown is the cached one', () => {
    const cached = post(true, 3, 0);
    expect(showPostVote(cached, true)).toBe(cached);
  });
});
