import { describe, expect, it } from 'vitest';
import { nextVote, voteCountChange, type Vote } from './votes.ts';

describe('the vote state machine', () => {
  it.each([
    [null, true, true, { upvotes: 1, downvotes: 0 }],
    [null, false, false, { upvotes: 0, downvotes: 1 }],
    [true, true, null, { upvotes: -1, downvotes: 0 }],
    [true, false, false, { upvotes: -1, downvotes: 1 }],
    [false, false, null, { upvotes: 0, downvotes: -1 }],
    [false, true, true, { upvotes: 1, downvotes: -1 }],
  ] as Array<[Vote, boolean, Vote, { upvotes: number; downvotes: number }]>)('from %s pressing up=%s', (from, up, to, change) => {
    expect(nextVote(from, up)).toBe(to);
    expect(voteCountChange(from, to)).toEqual(change);
  });
});
