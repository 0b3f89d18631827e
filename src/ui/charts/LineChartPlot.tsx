import { Axis, LineSeries, XYChart } from '@visx/xychart';
import { formatDate } from '@/shared/format';
import type { ChartPoint } from './LineChart';

const x = (p: ChartPoint) => p.day;
const y = (p: ChartPoint) => p.total;

export interface LineChartPlotProps {
  label: string;
  points: readonly ChartPoint[];
  width: number | undefined;
  height: number;
}

/** The drawn line (visx), loaded with the first chart shown: the screen's own code does not wait for it. */
export default function LineChartPlot({ label, points, width, height }: LineChartPlotProps) {
  return (
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
  );
}
