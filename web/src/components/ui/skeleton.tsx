import type { CSSProperties } from 'react';

/** A grey placeholder of the size of what is loading, so nothing jumps when it arrives. */
export function Skeleton({ width, height = '1em', radius, className }: { width?: CSSProperties['width']; height?: CSSProperties['height']; radius?: CSSProperties['borderRadius']; className?: string }) {
  return <span className={`skeleton${className ? ` ${className}` : ''}`} style={{ width, height, borderRadius: radius }} aria-hidden="true" />;
}

/** Lines of text loading, each given as its width and height. */
export function SkeletonLines({ lines }: { lines: ReadonlyArray<readonly [width: CSSProperties['width'], height: number]> }) {
  return (
    <>
      {lines.map(([width, height], index) => (
        <Skeleton key={index} width={width} height={height} />
      ))}
    </>
  );
}
