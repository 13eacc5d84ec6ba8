import { describe, expect, it } from 'vitest';
import { upvotePercent } from './vote-bar.tsx';

describe('upvotePercent', () => {
  it('is the share of upvotes', () => {
    expect(upvotePercent(3, 1)).toBe(75);
    expect(upvotePercent(1, 0)).toBe(100);
    expect(upvotePercent(0, 4)).toBe(0);
    expect(upvotePercent(2, 1)).toBe(67);
  });

  it('is null with no votes', () => {
    expect(upvotePercent(0, 0)).toBeNull();
  });
});
