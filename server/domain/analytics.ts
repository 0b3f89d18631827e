import { sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { AnalyticsRange, MetricTable, MetricTotal } from '@/api/contract/analytics';
import { type Access, type AccessArea, can, isGroupWide, type Scope, wholeGroup } from '@/shared/access';
import type { Db } from '../db/open';
import { analyticsDaily } from '../db/schema/analytics';
import { reservationDailyTotals, reservations } from '../db/schema/reservations';
import { responseDailyTotals, responses } from '../db/schema/responses';
import { inScope } from './access/scope';
import { VALUE_CURRENCY } from './reservations';

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

/** Figures of the whole site: page views carry no owner, so they are the group's alone. */
const GROUP_LEVEL = new Set(['page_views', 'visitors']);

/**
 * The metrics a user is shown. Group-wide users: all of them. A scoped user: the enquiries and
 * reservations of their scope, and no traffic figures (a page view belongs to no brand or
 * dealership, so no honest share of them is theirs).
 */
const metricsFor = (scope: Scope) =>
  isGroupWide(scope) ? METRICS : METRICS.filter((metric) => !GROUP_LEVEL.has(metric.key));

/** The first and the last instant of a range of UTC calendar days, as the daily totals count them. */
const utcDays = (start: string, end: string) => ({
  from: sql`(${start}::date::timestamp at time zone 'UTC')`,
  to: sql`((${end}::date + 1)::timestamp at time zone 'UTC')`,
});

/**
 * A scoped user's daily figures, from the rows of their scope (each owner's (brand_id|dealership_id,
 * created_at / reserved_at) index): the daily totals tables count the whole group.
 */
async function readScopedSeries(db: Db, start: string, end: string, scope: Scope) {
  const { from, to } = utcDays(start, end);
  const enquiries = inScope(scope, { brand: responses.brandId, dealership: responses.dealershipId });
  const reserved = inScope(scope, { brand: reservations.brandId, dealership: reservations.dealershipId });
  const enquiryDay = sql`(${responses.createdAt} at time zone 'UTC')::date`;
  const reservationDay = sql`(${reservations.reservedAt} at time zone 'UTC')::date`;
  return (await db.execute(sql`
    select 'enquiries' as a, null as b, ${enquiryDay}::text as day, count(*)::float8 as x, null::float8 as y
      from ${responses}
      where ${responses.createdAt} >= ${from} and ${responses.createdAt} < ${to} and ${enquiries}
      group by ${enquiryDay}
    union all
    select 'reservations', 'reservation_value', ${reservationDay}::text, count(*)::float8,
        coalesce(sum(${reservations.amount}) filter (where ${reservations.currency} = ${VALUE_CURRENCY}), 0) / 100.0::float8
      from ${reservations}
      where ${reservations.reservedAt} >= ${from} and ${reservations.reservedAt} < ${to} and ${reserved}
      group by ${reservationDay}
  `)) as unknown as { rows: SeriesRow[] };
}

/**
 * Every metric's daily figures for one range, in one statement over the daily totals tables (a
 * row per day and form at most): a year costs a few thousand rows, whatever the traffic.
 */
async function readSeries(db: Db, start: string, end: string, scope: Scope): Promise<Map<string, Series>> {
  // One scan per table (or, scoped, per owner's index): a row carries up to two metrics of its day.
  const result = isGroupWide(scope)
    ? await readGroupSeries(db, start, end)
    : await readScopedSeries(db, start, end, scope);
  const series = new Map<string, Series>(METRICS.map((metric) => [metric.key, new Map()]));
  for (const row of result.rows) {
    series.get(row.a)?.set(row.day, Number(row.x));
    if (row.b) series.get(row.b)?.set(row.day, Number(row.y));
  }
  return series;
}

type SeriesRow = { a: string; b: string | null; day: string; x: number | string; y: number | string | null };

/** Everyone's figures, from the daily totals tables. */
async function readGroupSeries(db: Db, start: string, end: string) {
  const within = (day: PgColumn) => sql`${day} between ${start} and ${end}`;
  return (await db.execute(sql`
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
  `)) as unknown as { rows: SeriesRow[] };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/** Percentage change from the comparison to range 1; N/A (null) without a comparison or from 0. */
export function difference(value: number, before: number | null): number | null {
  if (before === null || before === 0) return null;
  return round2(((value - before) / before) * 100);
}

export const TABLE_HEADERS = ['day', 'total', 'comparison_day', 'comparison_total', 'difference'];

/** Everything the dashboard shows for one search: a total box and a figures table per metric. */
export interface DashboardFigures {
  totals: MetricTotal[];
  tables: MetricTable[];
}

const graphOf = (days: string[], series: Series) =>
  days.map((day) => ({ day, total: round2(series.get(day) ?? 0) }));
const sumOf = (series: Series) => round2([...series.values()].reduce((a, b) => a + b, 0));

/**
 * Per metric, day by day: range 1's n-th day beside the comparison's n-th day, read from the
 * same daily points as the charts.
 */
function tableRows(graph: MetricTotal['graph'], comparison: MetricTotal['graph'] | null) {
  const length = Math.max(graph.length, comparison?.length ?? 0);
  return Array.from({ length }, (_, i) => {
    const point = graph[i];
    const before = comparison?.[i];
    const total = point ? point.total : null;
    const comparisonTotal = before ? before.total : null;
    return {
      day: point ? point.day : null,
      total,
      comparison_day: before ? before.day : null,
      comparison_total: comparisonTotal,
      difference: total === null ? null : difference(total, comparisonTotal),
    };
  });
}

/**
 * Every figure of one search, computed once: each range's daily series is read once, and each
 * metric's daily points, totals and table rows come from that one reading.
 */
async function computeFigures(db: Db, range: AnalyticsRange, scope: Scope): Promise<DashboardFigures> {
  const days = daysBetween(range.start, range.end);
  const { comparison_start: cs, comparison_end: ce } = range;
  const comparisonDays = cs && ce ? daysBetween(cs, ce) : null;
  const [first, second] = await Promise.all([
    readSeries(db, range.start, range.end, scope),
    cs && ce ? readSeries(db, cs, ce, scope) : null,
  ]);
  const totals: MetricTotal[] = [];
  const tables: MetricTable[] = [];
  for (const { key, title } of metricsFor(scope)) {
    const series = first.get(key) ?? new Map();
    const comparison = second && comparisonDays ? (second.get(key) ?? new Map()) : null;
    const graph = graphOf(days, series);
    const comparisonGraph = comparison && comparisonDays ? graphOf(comparisonDays, comparison) : null;
    totals.push({
      key,
      title,
      total: sumOf(series),
      graph,
      comparison_total: comparison ? sumOf(comparison) : null,
      comparison_graph: comparisonGraph,
    });
    tables.push({ key, title, headers: TABLE_HEADERS, data: tableRows(graph, comparisonGraph) });
  }
  return { totals, tables };
}

/** The figures being computed, per database, range and scope, until they are answered. */
const computing = new WeakMap<Db, Map<string, Promise<DashboardFigures>>>();

/**
 * The figures of one search. The dashboard asks for the totals and the tables of the same ranges
 * at once: the second call shares the computation the first started. Nothing is kept once it is
 * answered, so a later search reads the figures afresh.
 */
export function metricFigures(
  db: Db,
  range: AnalyticsRange,
  scope: Scope = wholeGroup,
): Promise<DashboardFigures> {
  const key = JSON.stringify([
    range.start,
    range.end,
    range.comparison_start ?? null,
    range.comparison_end ?? null,
    scope.brand_ids,
    scope.dealership_ids,
  ]);
  let open = computing.get(db);
  if (!open) {
    open = new Map();
    computing.set(db, open);
  }
  const known = open.get(key);
  if (known) return known;
  const running = computeFigures(db, range, scope).finally(() => open.delete(key));
  open.set(key, running);
  return running;
}

/** The area whose view permission a metric needs: enquiry figures are enquiries, reservation figures reservations. */
const METRIC_AREA: Record<string, AccessArea | undefined> = {
  enquiries: 'responses',
  reservations: 'reservations',
  reservation_value: 'reservations',
};

/** Whether a role may see a metric at all: counting what it may not view is telling it. */
const shownTo = (access: Access | undefined) => (metric: { key: string }) => {
  const area = METRIC_AREA[metric.key];
  return !access || !area || can(access, 'view', area);
};

export async function metricTotals(db: Db, range: AnalyticsRange, access?: Access): Promise<MetricTotal[]> {
  return (await metricFigures(db, range, access?.scope)).totals.filter(shownTo(access));
}

export async function metricTables(db: Db, range: AnalyticsRange, access?: Access): Promise<MetricTable[]> {
  return (await metricFigures(db, range, access?.scope)).tables.filter(shownTo(access));
}
