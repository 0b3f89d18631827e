import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, SimulatedClock } from 'xstate';
import { ApiError } from '@/api/client';
import type { PagedQuery } from '@/machines/pagedList';
import { loadMachine } from './replay';

const machine = await loadMachine(import('@/machines/pagedList'));
const debounce = () => machine.SEARCH_DEBOUNCE_MS;

interface Pending {
  query: PagedQuery;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/** A list whose loads the test answers by hand, in any order, on a clock the test moves. */
function startList(initial: PagedQuery = { search: '', page: 1 }) {
  const loads: Pending[] = [];
  const clock = new SimulatedClock();
  const actor = createActor(
    machine.pagedListMachine.provide({
      actors: {
        load: fromPromise<unknown, PagedQuery>(
          ({ input }) => new Promise((resolve, reject) => loads.push({ query: input, resolve, reject })),
        ),
      },
    }),
    { input: { query: initial }, clock },
  );
  const asked: PagedQuery[] = [];
  actor.on('query.changed', (event) => asked.push(event.query));
  actor.start();
  const flush = () => new Promise<void>((resolve) => setImmediate(resolve));
  return { actor, loads, asked, clock, flush };
}

describe('paged list machine', () => {
  it('loads the query it starts with and shows the answer', async () => {
    const { actor, loads, flush } = startList({ search: 'smith', page: 2 });
    expect(loads.map((l) => l.query)).toEqual([{ search: 'smith', page: 2 }]);
    expect(actor.getSnapshot().matches({ data: 'loading' })).toBe(true);
    loads[0]!.resolve({ rows: ['a'] });
    await flush();
    expect(actor.getSnapshot().matches({ data: 'ready' })).toBe(true);
    expect(actor.getSnapshot().context.data).toEqual({ rows: ['a'] });
  });

  it('asks for a search 500 ms after the last keystroke, from page 1', () => {
    const { actor, asked, clock, loads } = startList({ search: '', page: 3 });
    actor.send({ type: 'search.type', value: 'fo' });
    clock.increment(debounce() - 1);
    actor.send({ type: 'search.type', value: 'ford ' });
    clock.increment(debounce() - 1);
    expect(asked).toEqual([]);
    clock.increment(1);
    expect(asked).toEqual([{ search: 'ford', page: 1 }]);
    expect(loads).toHaveLength(1);
    expect(actor.getSnapshot().context.typed).toBe('ford ');
  });

  it('asks for another page with the same search, and for no search when cleared', () => {
    const { actor, asked } = startList({ search: 'kia', page: 1 });
    actor.send({ type: 'page.go', page: 2 });
    actor.send({ type: 'page.go', page: 0 });
    actor.send({ type: 'search.clear' });
    expect(asked).toEqual([
      { search: 'kia', page: 2 },
      { search: 'kia', page: 1 },
      { search: '', page: 1 },
    ]);
    expect(actor.getSnapshot().context.typed).toBe('');
  });

  it('stops waiting to search when the search is cleared', () => {
    const { actor, asked, clock } = startList({ search: 'kia', page: 1 });
    actor.send({ type: 'search.type', value: 'kias' });
    actor.send({ type: 'search.clear' });
    clock.increment(debounce());
    expect(asked).toEqual([{ search: '', page: 1 }]);
    // Typing again after the clear waits its own 500 ms.
    actor.send({ type: 'search.type', value: 'ford' });
    clock.increment(debounce() - 1);
    expect(asked).toHaveLength(1);
    clock.increment(1);
    expect(asked).toEqual([
      { search: '', page: 1 },
      { search: 'ford', page: 1 },
    ]);
  });

  it('asks for a search again after typing pauses a second time', () => {
    const { actor, asked, clock } = startList();
    actor.send({ type: 'search.type', value: 'kia' });
    clock.increment(debounce());
    actor.send({ type: 'search.type', value: 'ford' });
    clock.increment(debounce());
    expect(asked).toEqual([
      { search: 'kia', page: 1 },
      { search: 'ford', page: 1 },
    ]);
  });

  it('ignores other events while a query loads and takes no query from them', async () => {
    const { actor, loads, asked, flush } = startList({ search: 'kia', page: 2 });
    actor.send({ type: 'retry' });
    actor.send({ type: 'search.type', value: 'k' });
    actor.send({ type: 'search.clear' });
    expect(loads.map((l) => l.query)).toEqual([{ search: 'kia', page: 2 }]);
    expect(asked).toEqual([{ search: '', page: 1 }]);
    loads[0]!.resolve('rows');
    await flush();
    actor.send({ type: 'retry' });
    expect(loads).toHaveLength(1);
  });

  it('loads a new query from the address and drops the answer to the old one', async () => {
    const { actor, loads, flush } = startList();
    actor.send({ type: 'query.set', query: { search: 'vw', page: 1 } });
    expect(loads.map((l) => l.query.search)).toEqual(['', 'vw']);
    expect(actor.getSnapshot().context.typed).toBe('vw');
    loads[0]!.resolve('stale');
    loads[1]!.resolve('fresh');
    await flush();
    expect(actor.getSnapshot().context.data).toBe('fresh');
    // The same query again is no new load.
    actor.send({ type: 'query.set', query: { search: 'vw', page: 1 } });
    expect(loads).toHaveLength(2);
  });

  it('keeps what the user is typing when an answer or the address catches up', async () => {
    const { actor, loads, flush } = startList();
    actor.send({ type: 'search.type', value: 'mer' });
    loads[0]!.resolve('first');
    await flush();
    actor.send({ type: 'query.set', query: { search: '', page: 2 } });
    expect(actor.getSnapshot().context.typed).toBe('mer');
    expect(actor.getSnapshot().matches({ typing: 'debouncing' })).toBe(true);
  });

  it('shows why a load failed and loads again on retry, keeping the last rows', async () => {
    const { actor, loads, flush } = startList();
    loads[0]!.resolve('rows');
    await flush();
    actor.send({ type: 'query.set', query: { search: '', page: 2 } });
    loads[1]!.reject(new ApiError(500, 'The server is down.'));
    await flush();
    expect(actor.getSnapshot().matches({ data: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.error).toBe('The server is down.');
    expect(actor.getSnapshot().context.data).toBe('rows');
    actor.send({ type: 'retry' });
    expect(loads.map((l) => l.query.page)).toEqual([1, 2, 2]);
    expect(actor.getSnapshot().context.error).toBeNull();
    loads[2]!.resolve('page two');
    await flush();
    expect(actor.getSnapshot().matches({ data: 'ready' })).toBe(true);
  });

  it('loads a failed query again when the address asks for it again', async () => {
    const { actor, loads, flush } = startList({ search: 'kia', page: 1 });
    loads[0]!.reject(new ApiError(500, 'The server is down.'));
    await flush();
    actor.send({ type: 'query.set', query: { search: 'kia', page: 1 } });
    expect(loads.map((l) => l.query)).toEqual([
      { search: 'kia', page: 1 },
      { search: 'kia', page: 1 },
    ]);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});
