import { z } from 'zod';
import { isoDate } from './common';
import { defineCall } from './define';

export const MAX_RANGE_DAYS = 1830;

/**
 * The dashboard's ranges: range 1 is required, range 2 (the comparison) is both dates or neither.
 * A range ends on or after it starts and spans at most about five years.
 */
const day = isoDate();
const isDay = (value: string) => day.safeParse(value).success;

export const analyticsRangeFields = z
  .object({
    start: isoDate('Enter a start date.'),
    end: isoDate('Enter an end date.'),
    comparison_start: isoDate('Enter a comparison start date.').nullish(),
    comparison_end: isoDate('Enter a comparison end date.').nullish(),
  })
  .superRefine((value, ctx) => {
    const check = (start: string, end: string, path: 'end' | 'comparison_end') => {
      // A date that is not one already has its own error: the order of the two is only asked of dates.
      if (!isDay(start) || !isDay(end)) return;
      if (end < start)
        ctx.addIssue({ code: 'custom', path: [path], message: 'End on or after the start date.' });
      else if (Date.parse(end) - Date.parse(start) > MAX_RANGE_DAYS * 86_400_000) {
        ctx.addIssue({ code: 'custom', path: [path], message: `Choose at most ${MAX_RANGE_DAYS} days.` });
      }
    };
    check(value.start, value.end, 'end');
    const { comparison_start: cs, comparison_end: ce } = value;
    if (cs && ce) check(cs, ce, 'comparison_end');
    else if (cs)
      ctx.addIssue({ code: 'custom', path: ['comparison_end'], message: 'Enter a comparison end date.' });
    else if (ce)
      ctx.addIssue({ code: 'custom', path: ['comparison_start'], message: 'Enter a comparison start date.' });
  });
export type AnalyticsRange = z.output<typeof analyticsRangeFields>;
export type AnalyticsRangeInput = z.input<typeof analyticsRangeFields>;

/** One point of a metric's line chart: a calendar day and its total. */
export const graphPoint = z.object({ day: z.string(), total: z.number() });

/** A metric's total box; the comparison parts are null without a second range. */
export const metricTotal = z.object({
  key: z.string(),
  title: z.string(),
  total: z.number(),
  graph: z.array(graphPoint),
  comparison_total: z.number().nullable(),
  comparison_graph: z.array(graphPoint).nullable(),
});
export type MetricTotal = z.infer<typeof metricTotal>;

/**
 * A metric's figures table: `headers` are the column keys in order, each row holds a value per
 * key. The `difference` column holds a percentage, or null for N/A.
 */
export const metricTable = z.object({
  key: z.string(),
  title: z.string(),
  headers: z.array(z.string()),
  data: z.array(z.record(z.string(), z.union([z.string(), z.number(), z.null()]))),
});
export type MetricTable = z.infer<typeof metricTable>;

export const analyticsDates = defineCall({
  method: 'POST',
  path: 'analytics/dates',
  response: z.object({ start: z.string(), end: z.string() }),
  summary: 'The default range of the dashboard (YYYY-MM-DD)',
});

export const analyticsTotals = defineCall({
  method: 'POST',
  path: 'analytics/totals',
  body: analyticsRangeFields,
  // Listed per metric, each with a key that pairs it with its table.
  response: z.object({ data: z.array(metricTotal) }),
  summary: 'Per metric: total and daily graph, and the same for the comparison range',
});

export const analyticsTables = defineCall({
  method: 'POST',
  path: 'analytics/tables',
  body: analyticsRangeFields,
  response: z.object({ data: z.array(metricTable) }),
  summary: 'Per metric: the figures table',
});

/** A page view from the public website; no cookie, nothing that identifies the visitor is stored. */
export const analyticsCollect = defineCall({
  method: 'POST',
  path: 'analytics/collect',
  auth: false,
  body: z.object({ path: z.string().trim().min(1).max(2000) }),
  response: z.object({ ok: z.literal(true) }),
  summary: "The website's page view beacon: counts a view, and a visitor once a day, without cookies",
});

/** Every call of this area, under the name the console's `api.analytics` gives it. */
export const calls = {
  dates: analyticsDates,
  totals: analyticsTotals,
  tables: analyticsTables,
  collect: analyticsCollect,
};
