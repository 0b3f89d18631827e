import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { ApiError } from '@/api/client';
import type { Paginator } from '@/api/contract/common';
import type { ListEvent, LoadInput, Row } from '@/machines/list';
import { describeSpecEvent } from './lifecycle-spec';
import { FAILURE, listSpec, PAGE_ROWS } from './list-spec';
import { modelPaths, replayModel } from './model';
import { FakeCalls, loadMachine, settle } from './replay';

const { listMachine, listShows, pagedListShows } = await loadMachine(import('@/machines/list'));

function page(ids: number[]): Paginator<Row> {
  return {
    data: ids.map((id) => ({ id })),
    current_page: 1,
    last_page: 2,
    per_page: 2,
    from: ids.length ? 1 : null,
    to: ids.length || null,
    total: ids.length,
    path: '/api/reservations',
    first_page_url: '/api/reservations?page=1',
    last_page_url: '/api/reservations?page=2',
    prev_page_url: null,
    next_page_url: '/api/reservations?page=2',
    links: [],
  };
}

function start(input: Partial<LoadInput> = {}) {
  const calls = new FakeCalls();
  const actor = createActor(
    listMachine.provide({ actors: { load: calls.actor<Paginator<Row>, LoadInput>('load') } }),
    { input },
  );
  const queried: LoadInput[] = [];
  actor.on('list.queried', ({ search, page }) => queried.push({ search, page }));
  actor.start();
  return { calls, actor, queried };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('the list machine follows the spec model of a paged list without a bin', () => {
  const paths = modelPaths(listSpec, describeSpecEvent);

  it('is replayed on paths that take every step the model allows', () => {
    const taken = new Set(paths.flatMap((path) => path.events.map((event) => event.type)));
    for (const type of ['load.empty', 'load.fail', 'list.retry', 'time.passes', 'page.go', 'search.clear'])
      expect(taken, type).toContain(type);
  });

  for (const path of paths) {
    it(`shows what the spec says after ${path.title}`, async () => {
      const { calls, actor } = start();
      await replayModel(listSpec, path, {
        apply: async (event) => {
          if (event.type === 'load.ok') calls.resolve('load', page(PAGE_ROWS));
          else if (event.type === 'load.empty') calls.resolve('load', page([]));
          else if (event.type === 'load.fail') calls.reject('load', new ApiError(500, FAILURE));
          else if (event.type === 'time.passes') await vi.advanceTimersByTimeAsync(500);
          else actor.send(event as ListEvent);
          await settle();
        },
        sees: () => {
          const snapshot = actor.getSnapshot();
          return {
            search: snapshot.context.search,
            rows: snapshot.context.data?.data.map((row) => row.id) ?? null,
            failed: snapshot.matches('loadFailed'),
            error: snapshot.context.error,
            shows: pagedListShows(snapshot),
          };
        },
        calls: () => calls.made,
      });
      actor.stop();
    });
  }
});

describe('list machine rules', () => {
  it('searches 500 ms after the last keystroke, not before', async () => {
    const { calls, actor } = start();
    calls.resolve('load', page(PAGE_ROWS));
    await settle();
    actor.send({ type: 'search.change', value: 'b' });
    await vi.advanceTimersByTimeAsync(499);
    actor.send({ type: 'search.change', value: 'be' });
    await vi.advanceTimersByTimeAsync(499);
    expect(calls.inputsOf('load')).toEqual([{ search: '', page: 1 }]);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.inputsOf('load')).toEqual([
      { search: '', page: 1 },
      { search: 'be', page: 1 },
    ]);
  });

  it('tells an empty list from a search that found nothing', () => {
    expect(listShows({ failed: false, rows: [], search: '' })).toBe('empty');
    expect(listShows({ failed: false, rows: [], search: '  ' })).toBe('empty');
    expect(listShows({ failed: false, rows: [], search: 'kia' })).toBe('noResults');
    expect(listShows({ failed: false, rows: [{}], search: 'kia' })).toBe('rows');
    expect(listShows({ failed: false, rows: null, search: '' })).toBe('loading');
    expect(listShows({ failed: true, rows: [{}], search: '' })).toBe('failed');
  });

  it('starts from the query it is given and reports every query it loads', async () => {
    const { calls, actor, queried } = start({ search: 'smith', page: 2 });
    expect(calls.inputsOf('load')).toEqual([{ search: 'smith', page: 2 }]);
    calls.resolve('load', page(PAGE_ROWS));
    await settle();
    actor.send({ type: 'page.go', page: 3 });
    actor.send({ type: 'search.change', value: 'jones' });
    actor.send({ type: 'search.clear' });
    expect(queried).toEqual([
      { search: 'smith', page: 2 },
      { search: 'smith', page: 3 },
      { search: 'jones', page: 1 },
    ]);
    calls.resolve('load', page(PAGE_ROWS));
    await settle();
    actor.send({ type: 'search.clear' });
    expect(queried.at(-1)).toEqual({ search: '', page: 1 });
  });

  it('loads a query from outside at once and drops the answer to the older one still in flight', async () => {
    const { calls, actor } = start();
    actor.send({ type: 'list.query', search: 'vw', page: 2 });
    expect(calls.inputsOf('load')).toEqual([
      { search: '', page: 1 },
      { search: 'vw', page: 2 },
    ]);
    expect(actor.getSnapshot().context.search).toBe('vw');
    // The newer call answers first; the older one's late answer must not replace it.
    calls.resolve('load', page([7]));
    await settle();
    calls.resolve('load', page([1, 2]));
    await settle();
    expect(actor.getSnapshot().context.data?.data.map((row) => row.id)).toEqual([7]);
    expect(pagedListShows(actor.getSnapshot())).toBe('rows');
  });

  it('loads a query from outside after a failed load, and while rows are shown', async () => {
    const { calls, actor } = start();
    calls.reject('load', new ApiError(500, FAILURE));
    await settle();
    actor.send({ type: 'list.query', search: '', page: 2 });
    calls.resolve('load', page(PAGE_ROWS));
    await settle();
    actor.send({ type: 'list.query', search: 'kia', page: 1 });
    expect(calls.inputsOf('load')).toEqual([
      { search: '', page: 1 },
      { search: '', page: 2 },
      { search: 'kia', page: 1 },
    ]);
    expect(actor.getSnapshot().matches('loading')).toBe(true);
  });

  it('says why a load failed when the failure carries no message of its own', async () => {
    const { calls, actor } = start();
    calls.reject('load', new TypeError('Failed to fetch'));
    await settle();
    expect(actor.getSnapshot().context.error).toBe('Something went wrong. Please try again.');
  });
});
