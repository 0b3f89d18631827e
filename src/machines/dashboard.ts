import { type ActorRefFrom, assign, fromPromise, setup } from 'xstate';
import type { MetricTable, MetricTotal } from '@/api/contract/analytics';
import { describeFailure } from './errors';

/** A date range as typed: both ends YYYY-MM-DD, or empty while not filled in. */
export interface DateRange {
  start: string;
  end: string;
}

/** The ranges one search asks for: range 1, and range 2 (the comparison) when it is open. */
export interface DashboardQuery {
  range1: DateRange;
  range2: DateRange | null;
}

/** What one search answers: a total box and a figures table per metric. */
export interface DashboardFigures {
  totals: MetricTotal[];
  tables: MetricTable[];
}

/**
 * One metric as the dashboard shows it: its total box, the comparison beside it when the search
 * had Date Range 2, and its figures table (null when the answer had none for it).
 */
/** A chart's points: a day and its total. */
type Points = MetricTotal['graph'];

export interface DashboardMetric {
  key: string;
  title: string;
  total: number;
  graph: Points;
  comparison: { total: number; graph: Points } | null;
  table: MetricTable | null;
}

/**
 * Pairs each total box of an answer with its figures table, and with its comparison when the
 * search asked for one: worked out once per answer, then shown as it is.
 */
export function metricsOf(figures: DashboardFigures, query: DashboardQuery | null): DashboardMetric[] {
  const tables = new Map(figures.tables.map((table) => [table.key, table]));
  return figures.totals.map((metric) => ({
    key: metric.key,
    title: metric.title,
    total: metric.total,
    graph: metric.graph,
    comparison:
      query?.range2 && metric.comparison_total !== null && metric.comparison_graph
        ? { total: metric.comparison_total, graph: metric.comparison_graph }
        : null,
    table: tables.get(metric.key) ?? null,
  }));
}

export interface DashboardContext {
  /** What is typed in the ranges' fields (not searched for until Search is pressed). */
  range1: DateRange;
  /** Null while Date Range 2 is closed. */
  range2: DateRange | null;
  /** The ranges of the search under way, or of the last one started; null before the first. */
  requested: DashboardQuery | null;
  /** The ranges the figures on screen belong to. */
  searched: DashboardQuery | null;
  /** The last figures; kept while the next search runs, so the boxes do not flash away. */
  figures: DashboardFigures | null;
  /** The last figures per metric, as shown (metricsOf). */
  metrics: readonly DashboardMetric[];
  /** One message per field the last search was refused for (start, comparison_end...). */
  fieldErrors: Record<string, string>;
  error: string | null;
  /** The metric whose figures table is open: one at a time. */
  openTable: string | null;
}

export type DashboardEvent =
  | { type: 'range.change'; range: 1 | 2; field: keyof DateRange; value: string }
  | { type: 'range2.open' }
  | { type: 'range2.close' }
  | { type: 'search' }
  | { type: 'retry' }
  | { type: 'figures.open'; key: string }
  | { type: 'figures.close' };

const EMPTY_RANGE: DateRange = { start: '', end: '' };

/** Searching again from any state that shows figures or a failure. */
const searchAgain = { target: '#dashboard.searching', reenter: true, actions: 'request' } as const;
const closeAndSearch = {
  target: '#dashboard.searching',
  reenter: true,
  actions: ['closeRange2', 'request'],
} as const;

/**
 * Spec §2 Dashboard: the default range comes from `dates` and is searched at once; Search asks
 * `search` for range 1 and, when Date Range 2 is open, the comparison. Closing Date Range 2 clears
 * the comparison and searches again. A newer search stops the one under way, so an older answer
 * never replaces a newer one. A refused search shows its field errors beside the last figures; a
 * failed one offers a retry. The screen provides `dates` and `search`.
 */
export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    events: {} as DashboardEvent,
  },
  actors: {
    dates: fromPromise<DateRange>(async () => {
      throw new Error('dates not provided');
    }),
    search: fromPromise<DashboardFigures, DashboardQuery>(async () => {
      throw new Error('search not provided');
    }),
  },
  actions: {
    change: assign(({ context }, params: { range: 1 | 2; field: keyof DateRange; value: string }) => {
      if (params.range === 1) return { range1: { ...context.range1, [params.field]: params.value } };
      return context.range2 ? { range2: { ...context.range2, [params.field]: params.value } } : {};
    }),
    closeRange2: assign({ range2: null }),
    request: assign({ requested: ({ context }) => ({ range1: context.range1, range2: context.range2 }) }),
    setFailure: assign((_, params: { error: unknown }) => {
      const failure = describeFailure(params.error);
      return { fieldErrors: failure.fieldErrors, error: failure.message };
    }),
  },
  guards: {
    refused: (_, params: { error: unknown }) =>
      Object.keys(describeFailure(params.error).fieldErrors).length > 0,
  },
}).createMachine({
  id: 'dashboard',
  context: {
    range1: EMPTY_RANGE,
    range2: null,
    requested: null,
    searched: null,
    figures: null,
    metrics: [],
    fieldErrors: {},
    error: null,
    openTable: null,
  },
  initial: 'dates',
  on: {
    'range.change': {
      actions: {
        type: 'change',
        params: ({ event }) => ({ range: event.range, field: event.field, value: event.value }),
      },
    },
    'range2.open': { actions: assign({ range2: EMPTY_RANGE }) },
    // Before the first search there is nothing to search again.
    'range2.close': { actions: 'closeRange2' },
    'figures.open': { actions: assign({ openTable: ({ event }) => event.key }) },
    'figures.close': { actions: assign({ openTable: null }) },
  },
  states: {
    dates: {
      invoke: {
        src: 'dates',
        onDone: {
          target: 'searching',
          actions: [assign({ range1: ({ event }) => event.output }), 'request'],
        },
        onError: {
          target: 'datesFailed',
          actions: assign({ error: ({ event }) => describeFailure(event.error).message }),
        },
      },
    },
    datesFailed: {
      on: { retry: 'dates' },
    },
    searching: {
      invoke: {
        src: 'search',
        // Every way into `searching` records its request first.
        input: ({ context }) => context.requested as DashboardQuery,
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => ({
            figures: event.output,
            metrics: metricsOf(event.output, context.requested),
            searched: context.requested,
            fieldErrors: {},
            error: null,
          })),
        },
        onError: [
          {
            guard: { type: 'refused', params: ({ event }) => ({ error: event.error }) },
            target: 'ready',
            actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
          },
          {
            target: 'failed',
            actions: { type: 'setFailure', params: ({ event }) => ({ error: event.error }) },
          },
        ],
      },
      on: { search: searchAgain, 'range2.close': closeAndSearch },
    },
    ready: {
      on: { search: searchAgain, 'range2.close': closeAndSearch },
    },
    failed: {
      on: {
        retry: { target: 'searching' },
        search: searchAgain,
        'range2.close': closeAndSearch,
      },
    },
  },
});

export type DashboardActor = ActorRefFrom<typeof dashboardMachine>;

/** What the dashboard shows under its ranges. */
export type DashboardShows = 'loading' | 'failed' | 'figures';

export function dashboardShows(snapshot: {
  context: DashboardContext;
  matches: (value: 'failed' | 'datesFailed') => boolean;
}): DashboardShows {
  if (snapshot.matches('failed') || snapshot.matches('datesFailed')) return 'failed';
  return snapshot.context.figures ? 'figures' : 'loading';
}
