import { Axis, LineSeries, XYChart } from '@visx/xychart';
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

const x = (p: ChartPoint) => p.day;
const y = (p: ChartPoint) => p.total;

/** A day-against-total line (visx), named and described in words, as wide as its box unless told. */
export function LineChart({ label, points, width, height = 140 }: LineChartProps) {
  return (
    <figure style={{ margin: 0, width: '100%', minWidth: 0 }}>
      <div role="img" aria-label={`${label}. ${describePoints(points)}`}>
        <XYChart
          width={width}
          height={height}
          margin={{ top: 8, right: 8, bottom: 24, left: 40 }}
          xScale={{ type: 'band', paddingInner: 0.2 }}
          yScale={{ type: 'linear', nice: true, zero: true }}
        >
          <Axis
            orientation="bottom"
            numTicks={3}
            tickFormat={(day: string) => formatDate(day)}
            hideAxisLine
            hideTicks
          />
          <Axis orientation="left" numTicks={3} hideAxisLine hideTicks />
          <LineSeries dataKey={label} data={[...points]} xAccessor={x} yAccessor={y} />
        </XYChart>
      </div>
    </figure>
  );
}
