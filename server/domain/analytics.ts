import { createHash } from 'node:crypto';
import { and, gte, lte, sql } from 'drizzle-orm';
import type { AnalyticsRange, MetricTable, MetricTotal } from '@/api/contract/analytics';
import type { Db } from '../db/open';
import { analyticsDaily, analyticsVisitors, reservations, responseDailyTotals } from '../db/schema';

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

/** Counts one page view, and the visitor once a day, in one transaction. */
export async function collectView(
  db: Db,
  visitor: { ip: string; agent: string },
  salt: Uint8Array,
  now = new Date(),
) {
  const day = isoDay(now);
  // The day is in the hash, so the same visitor hashes differently tomorrow.
  const hash = createHash('sha256')
    .update(salt)
    .update(`${day}|${visitor.ip}|${visitor.agent}`)
    .digest('base64url');
  await db.transaction(async (tx) => {
    const fresh = await tx
      .insert(analyticsVisitors)
      .values({ day, hash })
      .onConflictDoNothing()
      .returning({ day: analyticsVisitors.day });
    const newVisitor = fresh.length;
    await tx
      .insert(analyticsDaily)
      .values({ day, views: 1, visitors: newVisitor })
      .onConflictDoUpdate({
        target: analyticsDaily.day,
        set: {
          views: sql`${analyticsDaily.views} + 1`,
          visitors: sql`${analyticsDaily.visitors} + ${newVisitor}`,
        },
      });
  });
}

type Series = Map<string, number>;

interface Metric {
  key: string;
  title: string;
  read: (db: Db, start: string, end: string) => Promise<Series>;
}

const asSeries = (rows: { day: string; total: number | string | null }[]): Series =>
  new Map(rows.map((r) => [String(r.day).slice(0, 10), Number(r.total ?? 0)]));

/** The day a reservation counts towards, in UTC like every other daily figure. */
const reservedDay = sql<string>`to_char(${reservations.reservedAt} at time zone 'UTC', 'YYYY-MM-DD')`;
const reservedBetween = (start: string, end: string) =>
  and(
    gte(reservations.reservedAt, new Date(`${start}T00:00:00Z`)),
    lte(reservations.reservedAt, new Date(Date.parse(`${end}T00:00:00Z`) + DAY_MS - 1)),
  );

const METRICS: Metric[] = [
  {
    key: 'enquiries',
    title: 'Enquiries',
    read: async (db, start, end) =>
      asSeries(
        await db
          .select({ day: responseDailyTotals.day, total: sql<number>`sum(${responseDailyTotals.total})` })
          .from(responseDailyTotals)
          .where(and(gte(responseDailyTotals.day, start), lte(responseDailyTotals.day, end)))
          .groupBy(responseDailyTotals.day),
      ),
  },
  {
    key: 'reservations',
    title: 'Reservations',
    read: async (db, start, end) =>
      asSeries(
        await db
          .select({ day: reservedDay, total: sql<number>`count(*)` })
          .from(reservations)
          .where(reservedBetween(start, end))
          .groupBy(reservedDay),
      ),
  },
  {
    key: 'reservation_value',
    title: 'Reservation value (£)',
    read: async (db, start, end) =>
      asSeries(
        await db
          .select({ day: reservedDay, total: sql<number>`sum(${reservations.amount}) / 100.0` })
          .from(reservations)
          .where(reservedBetween(start, end))
          .groupBy(reservedDay),
      ),
  },
  {
    key: 'page_views',
    title: 'Page views',
    read: async (db, start, end) =>
      asSeries(
        await db
          .select({ day: analyticsDaily.day, total: analyticsDaily.views })
          .from(analyticsDaily)
          .where(and(gte(analyticsDaily.day, start), lte(analyticsDaily.day, end))),
      ),
  },
  {
    key: 'visitors',
    title: 'Visitors',
    read: async (db, start, end) =>
      asSeries(
        await db
          .select({ day: analyticsDaily.day, total: analyticsDaily.visitors })
          .from(analyticsDaily)
          .where(and(gte(analyticsDaily.day, start), lte(analyticsDaily.day, end))),
      ),
  },
];

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
  return Promise.all(
    METRICS.map(async (metric) => ({
      metric,
      days,
      series: await metric.read(db, range.start, range.end),
      comparisonDays,
      comparison: cs && ce ? await metric.read(db, cs, ce) : null,
    })),
  );
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
