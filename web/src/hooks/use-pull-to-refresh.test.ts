import { PULL_TO_REFRESH_PX } from '@quorum/shared/constants';
import { describe, expect, test } from 'vitest';
import { isPastThreshold, pullOffset, pullProgress, PULL_OFFSET_MAX_PX, PULL_OFFSET_REFRESHING_PX } from './use-pull-to-refresh.ts';

describe('pull to refresh', () => {
  test('refreshes from the distance the specification gives on, and not before', () => {
    expect(PULL_TO_REFRESH_PX).toBe(120);
    expect(isPastThreshold(0)).toBe(false);
    expect(isPastThreshold(100)).toBe(false);
    expect(isPastThreshold(119.5)).toBe(false);
    expect(isPastThreshold(120)).toBe(true);
    expect(isPastThreshold(130)).toBe(true);
  });

  test('the indicator follows the finger at half its speed up to the threshold', () => {
    expect(pullOffset(-40)).toBe(0);
    expect(pullOffset(0)).toBe(0);
    expect(pullOffset(40)).toBe(20);
    expect(pullOffset(100)).toBe(50);
    expect(pullOffset(120)).toBe(60);
    expect(PULL_OFFSET_REFRESHING_PX).toBe(pullOffset(PULL_TO_REFRESH_PX));
  });

  test('past the threshold it moves a fifth as far, and stops at its farthest', () => {
    expect(pullOffset(170)).toBe(70);
    expect(pullOffset(220)).toBe(80);
    expect(pullOffset(270)).toBe(PULL_OFFSET_MAX_PX);
    expect(pullOffset(2000)).toBe(PULL_OFFSET_MAX_PX);
  });

  test('the offset never goes back as the finger goes on down', () => {
    let last = 0;
    for (let drag = 0; drag <= 400; drag += 5) {
      const offset = pullOffset(drag);
      expect(offset).toBeGreaterThanOrEqual(last);
      last = offset;
    }
  });

  test('progress runs from 0 to 1 at the threshold and stays there', () => {
    expect(pullProgress(-10)).toBe(0);
    expect(pullProgress(60)).toBe(0.5);
    expect(pullProgress(120)).toBe(1);
    expect(pullProgress(300)).toBe(1);
  });
});
