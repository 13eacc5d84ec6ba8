import { startTransition, useEffect, useState } from 'react';
import { nextRenderCount, type RenderBatch } from '../utils/render-batches.ts';

/**
 * How many of `total` items to render: the first batch at once, then one more batch every
 * `gapMs`, so that a long thread does not hold up the first paint. Each later batch is drawn as a
 * transition, in slices that let taps and scrolling through, and so that the comments a drawn
 * page already shows are taken over in slices too rather than all at once for the new batch.
 */
export function useProgressiveCount(total: number, { size, gapMs }: RenderBatch): number {
  const [count, setCount] = useState(size);
  useEffect(() => {
    if (count >= total) return;
    const timer = window.setTimeout(() => startTransition(() => setCount((current) => nextRenderCount(current, total, size))), gapMs);
    return () => window.clearTimeout(timer);
  }, [count, total, size, gapMs]);
  return Math.min(count, total);
}
