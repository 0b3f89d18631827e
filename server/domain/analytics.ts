import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AnalyticsRange, MetricTable, MetricTotal } from '@/api/contract/analytics';
import type { Db } from '../db/open';
import { analyticsDaily, reservationDailyTotals, responseDailyTotals } from '../db/schema';

const DAY_MS = 86_400_000;

export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** Every calendar day from start to end, inclusive. */
export function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let t = Date.parse(start); t <= Date.parse(end); t += DAY_MS) days.push(isoDay(new Date(t)));
  return days;
}

/** The dashboard's first range: the last 30 days, today included. */
export function defaultRange(now = new Date()) {
  return { start: isoDay(new Date(now.getTime() - 29 * DAY_MS)), end: isoDay(now) };
}

type Series = Map<string, number>;

interface Metric {
  key: string;
  title: string;
}

const METRICS: Metric[] = [
  { key: 'enquiries', title: 'Enquiries' },
  { key: 'reservations', title: 'Reservations' },
  { key: 'reservation_value', title: 'Reservation value (£)' },
  { key: 'page_views', title: 'Page views' },
  { key: 'visitors', title: 'Visitors' },
];

/**
 * Every metric's daily figures for one range, in one statement over the daily totals tables (a
 * row per day and form at most): a year costs a few thousand rows, whatever the traffic.
 */
async function readSeries(db: Db, start: string, end: string): Promise<Map<string, Series>> {
  const within = (day: PgColumn) => sql`${day} between ${start} and ${end}`;
  // One scan per table: a row carries up to two metrics of its day.
  const result = (await db.execute(sql`
    select 'enquiries' as a, null as b, ${responseDailyTotals.day}::text as day,
        sum(${responseDailyTotals.total})::float8 as x, null::float8 as y
      from ${responseDailyTotals} where ${within(responseDailyTotals.day)} group by ${responseDailyTotals.day}
    union all
    select 'reservations', 'reservation_value', ${reservationDailyTotals.day}::text,
        ${reservationDailyTotals.total}::float8, ${reservationDailyTotals.amount} / 100.0::float8
      from ${reservationDailyTotals} where ${within(reservationDailyTotals.day)}
    union all
    select 'page_views', 'visitors', ${analyticsDaily.day}::text,
        ${analyticsDaily.views}::float8, ${analyticsDaily.visitors}::float8
      from ${analyticsDaily} where ${within(analyticsDaily.day)}
  `)) as unknown as {
    rows: Array<{ a: string; b: string | null; day: string; x: number | string; y: number | string | null }>;
  };
  const series = new Map<string, Series>(METRICS.map((metric) => [metric.key, new Map()]));
  for (const row of result.rows) {
    series.get(row.a)?.set(row.day, Number(row.x));
    if (row.b) series.get(row.b)?.set(row.day, Number(row.y));
  }
  return series;
}

const round2 = (n: number) => Math.round(n * 100) / 100;

interface MetricFigures {
  metric: Metric;
  days: string[];
  series: Series;
  comparisonDays: string[] | null;
  comparison: Series | null;
}

async function figures(db: Db, range: AnalyticsRange): Promise<MetricFigures[]> {
  const days = daysBetween(range.start, range.end);
  const { comparison_start: cs, comparison_end: ce } = range;
  const comparisonDays = cs && ce ? daysBetween(cs, ce) : null;
  const [first, second] = await Promise.all([
    readSeries(db, range.start, range.end),
    cs && ce ? readSeries(db, cs, ce) : null,
  ]);
  return METRICS.map((metric) => ({
    metric,
    days,
    series: first.get(metric.key) ?? new Map(),
    comparisonDays,
    comparison: second ? (second.get(metric.key) ?? new Map()) : null,
  }));
}

const graphOf = (days: string[], series: Series) =>
  days.map((day) => ({ day, total: round2(series.get(day) ?? 0) }));
const sumOf = (series: Series) => round2([...series.values()].reduce((a, b) => a + b, 0));

export async function metricTotals(db: Db, range: AnalyticsRange): Promise<MetricTotal[]> {
  return (await figures(db, range)).map(({ metric, days, series, comparisonDays, comparison }) => ({
    key: metric.key,
    title: metric.title,
    total: sumOf(series),
    graph: graphOf(days, series),
    comparison_total: comparison ? sumOf(comparison) : null,
    comparison_graph: comparison && comparisonDays ? graphOf(comparisonDays, comparison) : null,
  }));
}

/** Percentage change from the comparison to range 1; N/A (null) without a comparison or from 0. */
export function difference(value: number, before: number | null): number | null {
  if (before === null || before === 0) return null;
  return round2(((value - before) / before) * 100);
}

export const TABLE_HEADERS = ['day', 'total', 'comparison_day', 'comparison_total', 'difference'];

/** Per metric, day by day: range 1's n-th day beside the comparison's n-th day. */
export async function metricTables(db: Db, range: AnalyticsRange): Promise<MetricTable[]> {
  return (await figures(db, range)).map(({ metric, days, series, comparisonDays, comparison }) => {
    const length = Math.max(days.length, comparisonDays?.length ?? 0);
    const data = Array.from({ length }, (_, i) => {
      const day = days[i] ?? null;
      const total = day === null ? null : round2(series.get(day) ?? 0);
      const comparisonDay = comparisonDays?.[i] ?? null;
      const comparisonTotal =
        comparisonDay === null || !comparison ? null : round2(comparison.get(comparisonDay) ?? 0);
      return {
        day,
        total,
        comparison_day: comparisonDay,
        comparison_total: comparisonTotal,
        difference: total === null ? null : difference(total, comparisonTotal),
      };
    });
    return { key: metric.key, title: metric.title, headers: TABLE_HEADERS, data };
  });
}
