import { INFINITE_SCROLL_MIN_PX, INFINITE_SCROLL_SCREEN_SHARE } from '@quorum/shared/constants';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Infinite scroll: returns a ref for an element at the end of a list, and calls `onLoadMore`
 * once that element comes within max(35% of the screen height, 200 px) of the viewport while
 * `enabled`. Turning `enabled` back on re-checks, so a page too short to fill the screen keeps
 * loading.
 */
export function useLoadMore(enabled: boolean, onLoadMore: () => void): (element: HTMLElement | null) => void {
  const [sentinel, setSentinel] = useState<HTMLElement | null>(null);
  const callback = useRef(onLoadMore);
  useEffect(() => {
    callback.current = onLoadMore;
  });

  useEffect(() => {
    if (!enabled || !sentinel) return;
    const margin = Math.max(window.innerHeight * INFINITE_SCROLL_SCREEN_SHARE, INFINITE_SCROLL_MIN_PX);
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: `0px 0px ${Math.round(margin)}px 0px` },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [enabled, sentinel]);

  return useCallback((element: HTMLElement | null) => setSentinel(element), []);
}
