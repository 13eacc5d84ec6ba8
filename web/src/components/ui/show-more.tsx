import { useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import './show-more.css';

interface ShowMoreProps {
  /** Height in pixels above which the content is cut, with a toggle to see all of it. */
  maxHeight: number;
  children: ReactNode;
  className?: string;
}

/**
 * Content cut to a height with a 'Show more' / 'Show less' toggle. The cut is applied from the
 * first paint, so long content never renders full height and then jumps.
 */
export function ShowMore({ maxHeight, children, className }: ShowMoreProps) {
  const innerRef = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  const [expanded, setExpanded] = useState(false);

  useLayoutEffect(() => {
    const inner = innerRef.current;
    if (!inner) return;
    const measure = () => setOverflowing(inner.offsetHeight > maxHeight + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(inner);
    return () => observer.disconnect();
  }, [maxHeight]);

  const collapsed = overflowing && !expanded;
  return (
    <div className={className ? `show-more ${className}` : 'show-more'}>
      <div
        className={collapsed ? 'show-more__content show-more__content--collapsed' : 'show-more__content'}
        style={expanded ? undefined : { maxHeight }}
      >
        <div ref={innerRef}>{children}</div>
      </div>
      {overflowing && (
        <button type="button" className="link-button show-more__toggle" aria-expanded={expanded} onClick={() => setExpanded((value) => !value)}>
          {expanded ? 'Show less' : 'Show more'}
        </button>
      )}
    </div>
  );
}
