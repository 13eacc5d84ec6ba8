import { formatCount } from '@quorum/shared/format';
import { useId } from 'react';

export interface ChartPoint {
  /** Milliseconds since the epoch. */
  time: number;
  value: number;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { month: 'short', day: 'numeric', hour: 'numeric' });

/**
 * The top of the value axis: the largest value rounded up to 1, 2 or 5 times a power of ten, and
 * at least 2, so that the middle of the axis is a whole number too.
 */
export function niceMax(max: number): number {
  if (max <= 2) return 2;
  const magnitude = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 5, 10].find((factor) => factor * magnitude >= max) ?? 10;
  return step * magnitude;
}

/**
 * The line and the area under it in a 100 × 100 box (y grows downwards), time along x and values
 * from 0 to `top` along y. A single point is drawn as a level line across the box.
 */
export function chartGeometry(sorted: readonly ChartPoint[], top: number): { line: string; area: string } {
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (!first || !last) return { line: '', area: '' };
  const span = last.time - first.time;
  const y = (value: number) => 100 - (value / top) * 100;
  if (span === 0) {
    const line = `0,${y(first.value)} 100,${y(first.value)}`;
    return { line, area: `0,100 ${line} 100,100` };
  }
  const x = (time: number) => ((time - first.time) / span) * 100;
  const line = sorted.map((point) => `${x(point.time)},${y(point.value)}`).join(' ');
  return { line, area: `0,100 ${line} 100,100` };
}

/**
 * A line chart of one series in plain SVG. The plot stretches to any width (its lines keep their
 * thickness), while the axis labels are HTML text, so that they stay readable on a narrow phone.
 * Screen readers get the title and a summary of the values; the page offers the table too.
 */
export function LineChart({ title, points }: { title: string; points: readonly ChartPoint[] }) {
  const titleId = useId();
  const descId = useId();
  const sorted = [...points].sort((a, b) => a.time - b.time);
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  if (!first || !last) return null;

  const values = sorted.map((point) => point.value);
  const top = niceMax(Math.max(...values));
  const span = last.time - first.time;
  const { line, area } = chartGeometry(sorted, top);
  const summary = `From ${timeFormat.format(first.time)} to ${timeFormat.format(last.time)}: lowest ${formatCount(Math.min(...values))}, highest ${formatCount(
    Math.max(...values),
  )}, latest ${formatCount(last.value)}.`;

  return (
    <figure className="chart">
      <figcaption className="chart__caption">
        <span className="chart__title">{title}</span>
        <span className="chart__latest">{formatCount(last.value)}</span>
      </figcaption>
      <div className="chart__plot">
        <div className="chart__y-axis" aria-hidden="true">
          <span>{formatCount(top)}</span>
          <span>{formatCount(top / 2)}</span>
          <span>0</span>
        </div>
        <svg className="chart__svg" viewBox="0 0 100 100" preserveAspectRatio="none" role="img" aria-labelledby={`${titleId} ${descId}`}>
          <title id={titleId}>{title}</title>
          <desc id={descId}>{summary}</desc>
          {[0, 50, 100].map((level) => (
            <line key={level} className="chart__grid" x1="0" x2="100" y1={level} y2={level} vectorEffect="non-scaling-stroke" />
          ))}
          <polygon className="chart__area" points={area} />
          <polyline className="chart__line" points={line} vectorEffect="non-scaling-stroke" />
        </svg>
      </div>
      <div className="chart__x-axis" aria-hidden="true">
        <span>{timeFormat.format(first.time)}</span>
        {span > 0 && <span>{timeFormat.format(last.time)}</span>}
      </div>
    </figure>
  );
}
