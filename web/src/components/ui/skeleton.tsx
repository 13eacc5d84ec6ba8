import type { CSSProperties } from 'react';

/** A grey placeholder of the size of what is loading, so nothing jumps when it arrives. */
export function Skeleton({ width, height = '1em', radius, className }: { width?: CSSProperties['width']; height?: CSSProperties['height']; radius?: CSSProperties['borderRadius']; className?: string }) {
  return <span className={`skeleton${className ? ` ${className}` : ''}`} style={{ width, height, borderRadius: radius }} aria-hidden="true" />;
}
