import { lazy, Suspense } from 'react';
import { formatDate } from '@/shared/format';

export interface ChartPoint {
  day: string;
  total: number;
}

export interface LineChartProps {
  /** What the chart shows ('Page views, 1 May 26 to 30 May 26'): its accessible name. */
  label: string;
  points: readonly ChartPoint[];
  /** Without a width, the chart fills the width of its box and follows it as the box resizes. */
  width?: number;
  height?: number;
}

const number = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** The chart in words, for screen readers and anyone who cannot see the line. */
export function describePoints(points: readonly ChartPoint[]): string {
  if (points.length === 0) return 'No days in this range.';
  let high = points[0]!;
  let low = points[0]!;
  for (const point of points) {
    if (point.total > high.total) high = point;
    if (point.total < low.total) low = point;
  }
  const first = points[0]!;
  const last = points.at(-1)!;
  return `${points.length} ${points.length === 1 ? 'day' : 'days'} from ${formatDate(first.day)} to ${formatDate(last.day)}. Highest ${number.format(high.total)} on ${formatDate(high.day)}, lowest ${number.format(low.total)} on ${formatDate(low.day)}.`;
}

const LineChartPlot = lazy(() => import('./LineChartPlot'));

/**
 * A day-against-total line, named and described in words, as wide as its box unless told. The line
 * itself (visx) loads with the first chart shown; meanwhile its box keeps the chart's size, so
 * nothing moves when it arrives, and the description is already there.
 */
export function LineChart({ label, points, width, height = 140 }: LineChartProps) {
  return (
    <figure style={{ margin: 0, width: '100%', minWidth: 0 }}>
      {/* The box has the chart's height: a chart as wide as its box measures the box, and one with no height of its own draws nothing. */}
      <div
        role="img"
        aria-label={`${label}. ${describePoints(points)}`}
        style={{ position: 'relative', width: width ?? '100%', height }}
      >
        <Suspense fallback={<div style={{ width: width ?? '100%', height }} />}>
          <LineChartPlot label={label} points={points} width={width} height={height} />
        </Suspense>
      </div>
    </figure>
  );
}
