import {
  COMMENT_BATCH_DESKTOP, COMMENT_BATCH_GAP_DESKTOP_MS, COMMENT_BATCH_GAP_MOBILE_MS, COMMENT_BATCH_MOBILE,
} from '@quorum/shared/constants';

export interface RenderBatch {
  /** Top-level comments added per batch. */
  size: number;
  /** Milliseconds between batches. */
  gapMs: number;
}

/** Phones render fewer top-level comments at a time, further apart, so that scrolling stays smooth. */
export function renderBatch(isMobile: boolean): RenderBatch {
  return isMobile
    ? { size: COMMENT_BATCH_MOBILE, gapMs: COMMENT_BATCH_GAP_MOBILE_MS }
    : { size: COMMENT_BATCH_DESKTOP, gapMs: COMMENT_BATCH_GAP_DESKTOP_MS };
}

/** How many top-level comments to show after one more batch: never more than there are. */
export function nextRenderCount(rendered: number, total: number, size: number): number {
  return Math.min(total, Math.max(rendered, 0) + size);
}
