import { COMMENT_BATCH_DESKTOP, COMMENT_BATCH_MOBILE } from '@quorum/shared/constants';
import { describe, expect, it } from 'vitest';
import { nextRenderCount, renderBatch } from './render-batches.ts';

describe('renderBatch', () => {
  it('renders 5 at a time 250 ms apart on phones', () => {
    expect(renderBatch(true)).toEqual({ size: COMMENT_BATCH_MOBILE, gapMs: 250 });
    expect(COMMENT_BATCH_MOBILE).toBe(5);
  });

  it('renders 20 at a time 100 ms apart on wider screens', () => {
    expect(renderBatch(false)).toEqual({ size: COMMENT_BATCH_DESKTOP, gapMs: 100 });
    expect(COMMENT_BATCH_DESKTOP).toBe(20);
  });
});

describe('nextRenderCount', () => {
  it('adds one batch', () => {
    expect(nextRenderCount(5, 30, 5)).toBe(10);
  });

  it('stops at the number of comments', () => {
    expect(nextRenderCount(25, 27, 5)).toBe(27);
    expect(nextRenderCount(27, 27, 5)).toBe(27);
  });

  it('starts from nothing', () => {
    expect(nextRenderCount(0, 3, 20)).toBe(3);
    expect(nextRenderCount(0, 0, 20)).toBe(0);
  });
});
