import { describe, expect, it } from 'vitest';
import type { Votable } from '../votes.ts';
import { votePress } from '@quorum/client/outbox/writes';
import { collapseVote, showVote } from './vote-collapse.ts';

describe('collapseVote', () => {
  it('starts a pending vote from the server’s vote', () => {
    expect(collapseVote(null, null, true)).toEqual({ from: null, to: true });
    expect(collapseVote(null, true, false)).toEqual({ from: true, to: false });
    expect(collapseVote(null, true, true)).toEqual({ from: true, to: null });
  });

  it('collapses votes made while one waits into where they end', () => {
    const up = collapseVote(null, null, true);
    const down = collapseVote(up, null, false);
    expect(down).toEqual({ from: null, to: false });
    expect(collapseVote(down, null, true)).toEqual({ from: null, to: true });
  });

  it('leaves nothing to send when the votes end where the server is', () => {
    const up = collapseVote(null, null, true);
    expect(collapseVote(up, null, true)).toBeNull();
    const cleared = collapseVote(null, false, false);
    expect(collapseVote(cleared, false, false)).toBeNull();
  });
});

describe('votePress', () => {
  it('presses the button of the new vote, or the old one again to take it back', () => {
    expect(votePress({ from: null, to: true })).toBe(true);
    expect(votePress({ from: true, to: false })).toBe(false);
    expect(votePress({ from: true, to: null })).toBe(true);
    expect(votePress({ from: false, to: null })).toBe(false);
  });
});

describe('showVote', () => {
  const item = (vote: boolean | null, upvotes: number, downvotes: number): Votable => ({
    upvotes,
    downvotes,
    userVoted: vote !== null,
    userVotedUp: vote === true,
  });

  it('moves the counts from the cached vote to the pending one', () => {
    expect(showVote(item(null, 2, 1), true)).toEqual(item(true, 3, 1));
    expect(showVote(item(true, 3, 1), false)).toEqual(item(false, 2, 2));
    expect(showVote(item(false, 2, 2), null)).toEqual(item(null, 2, 1));
  });

  it('keeps the item when the cache already holds the vote (the server has it)', () => {
    const cached = item(true, 3, 1);
    expect(showVote(cached, true)).toBe(cached);
  });
});
