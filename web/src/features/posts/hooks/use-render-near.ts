import { FEED_KEEP_RENDERED_MIN_WIDTH_PX, FEED_RENDER_MARGIN_PX } from '@quorum/shared/constants';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

type Listener = (near: boolean) => void;

// One observer for every feed item on the page.
let observer: IntersectionObserver | null = null;
const listeners = new Map<Element, Listener>();

function observe(element: Element, listener: Listener): () => void {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) listeners.get(entry.target)?.(entry.isIntersecting);
    },
    { rootMargin: `${FEED_RENDER_MARGIN_PX}px 0px` },
  );
  listeners.set(element, listener);
  observer.observe(element);
  return () => {
    listeners.delete(element);
    observer?.unobserve(element);
  };
}

/**
 * Renders a feed item's content only once it comes within FEED_RENDER_MARGIN_PX of the viewport.
 * Under FEED_KEEP_RENDERED_MIN_WIDTH_PX, items scrolled far away give their content up again
 * (unless focus is inside). Meanwhile the item keeps its last measured height (or `estimate`),
 * so nothing on screen moves.
 */
export function useRenderNear(
  ref: RefObject<HTMLElement | null>,
  initiallyRendered: boolean,
  estimate: number,
): { rendered: boolean; height: number } {
  const [rendered, setRendered] = useState(initiallyRendered);
  const [height, setHeight] = useState(estimate);
  const measured = useRef<number | null>(null);

  useLayoutEffect(() => {
    const element = ref.current;
    if (!element || !rendered) return;
    const measure = () => {
      measured.current = element.offsetHeight;
    };
    measure();
    const resize = new ResizeObserver(measure);
    resize.observe(element);
    return () => resize.disconnect();
  }, [ref, rendered]);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    return observe(element, (near) => {
      if (near) {
        setRendered(true);
        return;
      }
      if (window.innerWidth >= FEED_KEEP_RENDERED_MIN_WIDTH_PX || element.contains(document.activeElement)) return;
      if (measured.current !== null) setHeight(measured.current);
      setRendered(false);
    });
  }, [ref]);

  return { rendered, height };
}
