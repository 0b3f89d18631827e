import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '@/api/client';
import type { MetricTable, MetricTotal } from '@/api/contract/analytics';
import type { DashboardEvent, DashboardFigures, DashboardQuery, DateRange } from '@/machines/dashboard';
import { DATES, dashboardSpec, FAILURE, FIELD_ERRORS } from './dashboard-spec';
import { describeSpecEvent } from './lifecycle-spec';
import { modelPaths, replayModel } from './model';
import { FakeCalls, loadMachine, settle } from './replay';

const { dashboardMachine, dashboardShows, metricsOf } = await loadMachine(import('@/machines/dashboard'));

const FIGURES: DashboardFigures = { totals: [], tables: [] };

function fakes(calls: FakeCalls) {
  return {
    dates: calls.actor<DateRange>('dates'),
    search: calls.actor<DashboardFigures, DashboardQuery>('search'),
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const answers: Record<string, (calls: FakeCalls) => void> = {
  'dates.ok': (calls) => calls.resolve('dates', DATES),
  'dates.fail': (calls) => calls.reject('dates', new ApiError(500, FAILURE)),
  'search.ok': (calls) => calls.resolve('search', FIGURES),
  'search.invalid': (calls) =>
    calls.reject('search', new ApiError(422, 'The given data was invalid.', { end: [FIELD_ERRORS.end] })),
  'search.fail': (calls) => calls.reject('search', new ApiError(500, FAILURE)),
};

describe('the dashboard machine follows the spec model of the dashboard', () => {
  const paths = modelPaths(dashboardSpec, describeSpecEvent, 5);

  it('is replayed on paths that take every step the model allows', () => {
    const taken = new Set(paths.flatMap((path) => path.events.map((event) => event.type)));
    for (const type of [...Object.keys(answers), 'retry', 'range2.close', 'figures.open', 'figures.close'])
      expect(taken, type).toContain(type);
    const titles = paths.map((path) => path.title);
    expect(titles).toContain('dates.ok, range2.open, range2.close');
    expect(titles).toContain('dates.ok, search.fail, range.change 1 end 2026-01-15, retry');
  });

  for (const path of paths) {
    it(`shows what the spec says after ${path.title}`, async () => {
      const calls = new FakeCalls();
      const actor = createActor(dashboardMachine.provide({ actors: fakes(calls) })).start();
      await replayModel(dashboardSpec, path, {
        apply: async (event) => {
          const answer = answers[event.type];
          if (answer) answer(calls);
          else actor.send(event as DashboardEvent);
          await settle();
        },
        sees: () => {
          const snapshot = actor.getSnapshot();
          const { context } = snapshot;
          const shows = dashboardShows(snapshot);
          return {
            range1: context.range1,
            range2: context.range2,
            searched: context.searched,
            figures: context.figures === FIGURES,
            fieldErrors: context.fieldErrors,
            failure: shows === 'failed' ? context.error : null,
            busy: snapshot.matches('dates') || snapshot.matches('searching'),
            openTable: context.openTable,
            shows,
          };
        },
        calls: () => calls.made,
      });
      actor.stop();
    });
  }
});

describe('dashboard machine rules', () => {
  it('drops the answer of a search that a newer search replaced', async () => {
    const settles: Array<(figures: DashboardFigures) => void> = [];
    const actor = createActor(
      dashboardMachine.provide({
        actors: {
          dates: fromPromise(async () => DATES),
          search: fromPromise<DashboardFigures, DashboardQuery>(
            () => new Promise((resolve) => settles.push(resolve)),
          ),
        },
      }),
    ).start();
    await settle();
    actor.send({ type: 'range.change', range: 1, field: 'start', value: '2026-01-10' });
    actor.send({ type: 'search' });
    const newer: DashboardFigures = { totals: [], tables: [] };
    settles[1]?.(newer);
    await settle();
    settles[0]?.({ totals: [], tables: [] });
    await settle();
    expect(actor.getSnapshot().context.figures).toBe(newer);
    expect(actor.getSnapshot().context.searched?.range1).toEqual({ start: '2026-01-10', end: DATES.end });
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });

  it('ignores a change to Date Range 2 while it is closed', async () => {
    const calls = new FakeCalls();
    const actor = createActor(dashboardMachine.provide({ actors: fakes(calls) })).start();
    actor.send({ type: 'range.change', range: 2, field: 'end', value: '2025-01-01' });
    expect(actor.getSnapshot().context.range2).toBeNull();
    actor.send({ type: 'range2.open' });
    actor.send({ type: 'range.change', range: 2, field: 'end', value: '2025-01-01' });
    expect(actor.getSnapshot().context.range2).toEqual({ start: '', end: '2025-01-01' });
  });

  it('says why the figures failed when the failure carries no message of its own', async () => {
    const calls = new FakeCalls();
    const actor = createActor(dashboardMachine.provide({ actors: fakes(calls) })).start();
    calls.reject('dates', new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().context.error).toBe('Something went wrong. Please try again.');
    actor.send({ type: 'retry' });
    calls.resolve('dates', DATES);
    await settle();
    calls.reject('search', new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().context.error).toBe('Something went wrong. Please try again.');
    expect(dashboardShows(actor.getSnapshot())).toBe('failed');
  });

  it('needs its calls provided', async () => {
    const actor = createActor(dashboardMachine).start();
    await settle();
    expect(actor.getSnapshot().context.error).toBe('Something went wrong. Please try again.');
    expect(actor.getSnapshot().matches('datesFailed')).toBe(true);
  });
});

describe('the figures the dashboard shows', () => {
  const views: MetricTotal = {
    key: 'page_views',
    title: 'Page views',
    total: 7,
    graph: [
      { day: '2026-01-01', total: 3 },
      { day: '2026-01-02', total: 4 },
    ],
    comparison_total: 5,
    comparison_graph: [
      { day: '2025-01-01', total: 1 },
      { day: '2025-01-02', total: 4 },
    ],
  };
  const enquiries: MetricTotal = {
    key: 'enquiries',
    title: 'Enquiries',
    total: 2,
    graph: [{ day: '2026-01-01', total: 2 }],
    comparison_total: null,
    comparison_graph: null,
  };
  const viewsTable: MetricTable = {
    key: 'page_views',
    title: 'Page views',
    headers: ['day', 'total', 'comparison_day', 'comparison_total', 'difference'],
    data: [
      { day: '2026-01-01', total: 3, comparison_day: '2025-01-01', comparison_total: 1, difference: 200 },
    ],
  };
  const answer: DashboardFigures = { totals: [enquiries, views], tables: [viewsTable] };
  const range1 = { start: '2026-01-01', end: '2026-01-02' };
  const range2 = { start: '2025-01-01', end: '2025-01-02' };

  it('pairs each total box with its table, and shows the comparison only for a search with Date Range 2', () => {
    expect(metricsOf(answer, { range1, range2 })).toEqual([
      {
        key: 'enquiries',
        title: 'Enquiries',
        total: 2,
        graph: enquiries.graph,
        comparison: null,
        table: null,
      },
      {
        key: 'page_views',
        title: 'Page views',
        total: 7,
        graph: views.graph,
        comparison: { total: 5, graph: views.comparison_graph },
        table: viewsTable,
      },
    ]);
    expect(metricsOf(answer, { range1, range2: null }).map((metric) => metric.comparison)).toEqual([
      null,
      null,
    ]);
    expect(metricsOf(answer, null)[1]?.comparison).toBeNull();
    expect(
      metricsOf({ ...answer, totals: [{ ...views, comparison_graph: null }] }, { range1, range2 })[0]
        ?.comparison,
    ).toBeNull();
  });

  it('works the figures out once per answer and keeps them while the ranges are typed in', async () => {
    const calls = new FakeCalls();
    const actor = createActor(dashboardMachine.provide({ actors: fakes(calls) })).start();
    expect(actor.getSnapshot().context.metrics).toEqual([]);
    calls.resolve('dates', range1);
    await settle();
    actor.send({ type: 'range2.open' });
    actor.send({ type: 'range.change', range: 2, field: 'start', value: range2.start });
    actor.send({ type: 'range.change', range: 2, field: 'end', value: range2.end });
    actor.send({ type: 'search' });
    calls.resolve('search', answer);
    await settle();
    const shown = actor.getSnapshot().context.metrics;
    expect(shown).toEqual(metricsOf(answer, { range1, range2 }));
    actor.send({ type: 'range.change', range: 1, field: 'end', value: '2026-01-05' });
    actor.send({ type: 'figures.open', key: 'page_views' });
    expect(actor.getSnapshot().context.metrics).toBe(shown);
    actor.send({ type: 'range2.close' });
    calls.resolve('search', answer);
    await settle();
    expect(actor.getSnapshot().context.metrics.map((metric) => metric.comparison)).toEqual([null, null]);
  });
});
