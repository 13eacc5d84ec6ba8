import { describe, expect, it } from 'vitest';
import { nextVote } from '@quorum/shared/votes';
import { showVote } from './outbox/vote-collapse.ts';
import { currentVote } from './votes.ts';

const item = (vote: boolean | null, upvotes: number, downvotes: number) => ({ upvotes, downvotes, userVoted: vote !== null, userVotedUp: vote === true });

describe('a vote shown over the cached item', () => {
  it.each([
    [null, true, { vote: true, upvotes: 2, downvotes: 1 }],
    [null, false, { vote: false, upvotes: 1, downvotes: 2 }],
    [true, true, { vote: null, upvotes: 0, downvotes: 1 }],
    [true, false, { vote: false, upvotes: 0, downvotes: 2 }],
    [false, false, { vote: null, upvotes: 1, downvotes: 0 }],
    [false, true, { vote: true, upvotes: 2, downvotes: 0 }],
  ] as const)('from %s voting up=%s', (from, up, expected) => {
    const next = showVote(item(from, 1, 1), nextVote(from, up));
    expect({ vote: currentVote(next), upvotes: next.upvotes, downvotes: next.downvotes }).toEqual(expected);
    expect(next.userVoted).toBe(expected.vote !== null);
    expect(next.userVotedUp).toBe(expected.vote === true);
  });
});
