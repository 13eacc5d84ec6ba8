import { useEffect, useState } from 'react';
import { nextRenderCount, type RenderBatch } from '../utils/render-batches.ts';

/**
 * How many of `total` items to render: the first batch at once, then one more batch every
 * `gapMs`, so that a long thread does not hold up the first paint.
 */
export function useProgressiveCount(total: number, { size, gapMs }: RenderBatch): number {
  const [count, setCount] = useState(size);
  useEffect(() => {
    if (count >= total) return;
    const timer = window.setTimeout(() => setCount((current) => nextRenderCount(current, total, size)), gapMs);
    return () => window.clearTimeout(timer);
  }, [count, total, size, gapMs]);
  return Math.min(count, total);
}
